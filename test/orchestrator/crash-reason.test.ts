import { describe, expect, it } from 'vitest';
import { EXIT_CAUSE_MARK, LOOP_EMPTY } from '../../src/ipc/exit-cause.js';
import { crashReason } from '../../src/orchestrator/crash-reason.js';

describe('why a worker ended without a result', () => {
  it('heap exhaustion: V8 abort output becomes one plain line', () => {
    const tail =
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n' +
      '10: 0x195e476  [/usr/bin/node]\n';
    expect(crashReason(null, 'SIGABRT', tail)).toMatch(/^worker ran out of JavaScript heap memory/);
  });
  it("exit code 0 without an answer: the worker's own line names the cause", () => {
    expect(crashReason(0, null, `\n${EXIT_CAUSE_MARK} ${LOOP_EMPTY}\n`)).toMatch(/never settled/);
    expect(crashReason(0, null, `${EXIT_CAUSE_MARK} the benchmark called process.exit(0)\n`)).toBe(
      'the benchmark called process.exit(0) before its result was reported',
    );
    expect(crashReason(0, null, '')).toBe('worker exited with code 0 before running its request');
    expect(crashReason(0, null, '', 'valgrind')).toMatch(/^valgrind exited with code 0 without running the worker/);
  });
  it('other codes and signals keep the last output line', () => {
    expect(crashReason(3, null, 'a\nboom\n')).toBe('worker exited with code 3 before reporting a result: boom');
    expect(crashReason(null, 'SIGSEGV', '')).toBe('worker was killed by SIGSEGV before reporting a result');
  });
});
