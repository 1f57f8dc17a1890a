// Parsing V8's --trace-deopt lines (src/worker/deopt-trace.ts), with lines as Node 20's V8 prints them.
import { describe, expect, it } from 'vitest';
import { MAX_DEOPT_ENTRIES, parseDeopts } from '../../src/worker/deopt-trace.js';

const line = (kind: string, reason: string, fn: string) =>
  `[bailout (kind: ${kind}, reason: ${reason}): begin. deoptimizing 0x0f10d2bc29c1 <JSFunction ${fn}(sfi = ` +
  '0x30d0cfa63009)>, 0x00d7d5b21201 <Code TURBOFAN>, opt id 0, bytecode offset 0, deopt exit 1, FP to SP delta 32, ' +
  'caller SP 0x7ffe465212b0, pc 0x7f9d040075ca]';

describe('parseDeopts', () => {
  it('counts bailouts by function and reason, naming the kernel and the loop', () => {
    const text = [
      line('deopt-eager', 'wrong map', 'sumFields '),
      line('deopt-eager', 'wrong map', 'sumFields '),
      line('deopt-eager', 'Insufficient type feedback for unary operation', 'cyclebenchLoop '),
      line('deopt-lazy', '(unknown)', 'shapeChange '),
      line('deopt-eager', 'overflow', ''),
      '[marking dependent code 0x36fee007ebd9 <Code TURBOFAN> (0x36fee0062f89 <SharedFunctionInfo loop>) (opt id 0) ' +
        'for deoptimization, reason: code dependencies]',
      '',
    ].join('\n');
    const r = parseDeopts(text, { kernel: 'shapeChange', loop: 'cyclebenchLoop' });
    expect(r.count).toBe(5);
    expect(r.functions[0]).toEqual({ function: 'sumFields', role: 'other', reason: 'wrong map', count: 2 });
    expect(r.functions.slice(1)).toEqual(
      expect.arrayContaining([
        {
          function: 'cyclebenchLoop',
          role: 'loop',
          reason: 'Insufficient type feedback for unary operation',
          count: 1,
        },
        { function: 'shapeChange', role: 'kernel', reason: '(unknown)', count: 1 },
        { function: '(anonymous)', role: 'other', reason: 'overflow', count: 1 },
      ]),
    );
  });

  it('an anonymous kernel is never matched to an anonymous function', () => {
    const r = parseDeopts(line('deopt-eager', 'wrong map', ''), { kernel: undefined, loop: 'cyclebenchLoop' });
    expect(r.functions).toEqual([{ function: '(anonymous)', role: 'other', reason: 'wrong map', count: 1 }]);
  });

  it('keeps the most frequent entries only, and counts every line', () => {
    const lines = Array.from({ length: MAX_DEOPT_ENTRIES + 3 }, (_, i) => line('deopt-eager', 'wrong map', `f${i} `));
    const r = parseDeopts([...lines, lines[7], lines[7]].join('\n'), { loop: 'cyclebenchLoop' });
    expect(r.count).toBe(MAX_DEOPT_ENTRIES + 5);
    expect(r.functions).toHaveLength(MAX_DEOPT_ENTRIES);
    expect(r.functions[0]).toMatchObject({ function: 'f7', count: 3 });
  });

  it('counts a bailout line worded otherwise, without a name', () => {
    const r = parseDeopts('[bailout (kind: eager) deoptimizing something else]\n', { loop: 'cyclebenchLoop' });
    expect(r).toEqual({
      count: 1,
      functions: [{ function: '(unread)', role: 'other', reason: '(unread)', count: 1 }],
    });
  });

  it("leaves out the engine's own batch function", () => {
    const r = parseDeopts(line('deopt-eager', 'wrong map', 'runBatch '), { loop: 'cyclebenchLoop' });
    expect(r.count).toBe(0);
  });

  it('reads nothing from text without bailouts', () => {
    expect(parseDeopts('', { loop: 'cyclebenchLoop' })).toEqual({ count: 0, functions: [] });
  });
});
