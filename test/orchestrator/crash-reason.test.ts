import { describe, expect, it } from 'vitest';
import { crashReason } from '../../src/orchestrator/crash-reason.js';

describe('why a worker ended without a result', () => {
  it('heap exhaustion: V8 abort output becomes one plain line', () => {
    const tail =
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n' +
      '10: 0x195e476  [/usr/bin/node]\n';
    expect(crashReason(null, 'SIGABRT', tail)).toMatch(/^worker ran out of JavaScript heap memory/);
  });
  it('exit code 0 without an answer: a promise never settled', () => {
    expect(crashReason(0, null, '')).toMatch(/never settled/);
  });
  it('other codes and signals keep the last output line', () => {
    expect(crashReason(3, null, 'a\nboom\n')).toBe('worker exited with code 3 before reporting a result: boom');
    expect(crashReason(null, 'SIGSEGV', '')).toBe('worker was killed by SIGSEGV before reporting a result');
  });
});
