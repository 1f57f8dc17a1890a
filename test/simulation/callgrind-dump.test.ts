// Parsing callgrind's dump files (src/simulation/callgrind-dump.ts), without Valgrind.
import { describe, expect, it } from 'vitest';
import { dumpEvent, parseCallgrindDump } from '../../src/simulation/callgrind-dump.js';

describe('callgrind dump parsing', () => {
  it('reads the trigger, events and totals', () => {
    const d = parseCallgrindDump(
      'version: 1\ndesc: Trigger: Client Request: batch 1\nevents: Ir Bc Bcm\nsummary: 5 2\n',
    );
    expect(d).toEqual({
      trigger: 'Client Request: batch 1',
      events: ['Ir', 'Bc', 'Bcm'],
      totals: [5, 2, 0],
      caches: [],
    });
    expect(dumpEvent(d, 'Bc')).toBe(2);
    expect(dumpEvent(d, 'D1mr')).toBeUndefined();
  });
  it('rejects a file that is not a dump', () => {
    expect(() => parseCallgrindDump('hello\n')).toThrow(/not a callgrind dump/);
  });
});
