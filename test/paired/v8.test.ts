// A paired run's line on V8's state: when one side's processes deoptimized code in their measured
// batches and the other side's did not, or the sides ended in different tiers, the line under the
// table says so in the findings' words (src/report/v8-words.ts); alike sides, unread records and
// older files add nothing.
import { describe, expect, it } from 'vitest';
import { analysePairs, DEFAULT_LOOKS } from '../../src/paired/analysis.js';
import { renderPairedMarkdown, tail } from '../../src/paired/render.js';
import type { PairedOutcome, PairedRow } from '../../src/paired/run.js';
import { addPairV8, keptV8, pairedV8Clause, type PairedV8 } from '../../src/paired/v8.js';
import type { V8Record } from '../../src/results/schema.js';

const OPT: V8Record['end'] = { kernel: 'turbofan', loop: 'turbofan' };
const MAGLEV: V8Record['end'] = { kernel: 'maglev', loop: 'maglev' };

function v8(sampling: number, end = OPT): V8Record {
  const samplingFunctions =
    sampling > 0 ? [{ function: 'sumFields', role: 'kernel' as const, reason: 'wrong map', count: sampling }] : [];
  return { warmup: OPT, end, deopts: { warmup: 0, sampling, warmupFunctions: [], samplingFunctions } };
}

/** Four pairs: the other side's records, then this side's. */
function sides(other: (V8Record | null)[], current: (V8Record | null)[]): PairedV8 {
  const v: PairedV8 = { other: [], current: [] };
  other.forEach((o, i) => addPairV8(v, o ?? undefined, current[i] ?? undefined));
  return v;
}
const same = (r: V8Record) => [r, r, r, r];

describe('the V8 clause of a paired row', () => {
  it("this side's processes deoptimized in measured batches, the other side's did not", () => {
    const v = sides(same(v8(0)), [v8(2), v8(0), v8(1), v8(0)]);
    expect(pairedV8Clause(v, true)).toBe(
      "V8 deoptimized code 3 times in this tree's measured batches (sumFields (the kernel): wrong map), " +
        "none in the other tree's",
    );
  });

  it("the other side's deoptimizations make it the subject", () => {
    const v = sides([v8(1), v8(0), v8(0), v8(0)], same(v8(0)));
    expect(pairedV8Clause(v, false)).toBe(
      "V8 deoptimized code once in the other side's measured batches (sumFields (the kernel): wrong map), " +
        "none in this side's",
    );
  });

  it('no deoptimization, no tier in common: both tiers named', () => {
    const v = sides(same(v8(0)), same(v8(0, MAGLEV)));
    expect(pairedV8Clause(v, true)).toBe(
      "no deoptimization in this tree's measured batches or the other tree's; this tree's processes ended in " +
        "maglev (kernel and timed loop) where the other tree's processes ended in turbofan (kernel and timed loop)",
    );
  });

  it('alike sides say nothing: same tier without deoptimizations, deoptimizations on both, a tier in common', () => {
    expect(pairedV8Clause(sides(same(v8(0)), same(v8(0))), true)).toBeNull();
    expect(pairedV8Clause(sides(same(v8(1)), same(v8(2))), true)).toBeNull();
    const mixed = sides(same(v8(0)), [v8(0, MAGLEV), v8(0), v8(0), v8(0)]);
    expect(pairedV8Clause(mixed, true)).toBeNull();
  });

  it('a process without a record, or none recorded at all, says nothing', () => {
    expect(pairedV8Clause(sides(same(v8(0)), [v8(3), null, v8(0), v8(0)]), true)).toBeNull();
    const none = sides([null, null], [null, null]);
    expect(keptV8(none)).toBeUndefined();
    expect(pairedV8Clause(undefined, true)).toBeNull();
  });

  it('unread deoptimizations on one side are not read as a difference', () => {
    const unread: V8Record = { warmup: OPT, end: OPT, deopts: null };
    expect(pairedV8Clause(sides(same(v8(0)), same(unread)), true)).toBeNull();
  });
});

describe('the line under the paired table', () => {
  const settings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
  const pairs = [1, 2, 3, 4].map((i) => ({ a: 100, b: 130 + (i % 2), aFirst: i % 2 === 1 }));
  const row = (v: PairedV8 | undefined): PairedRow => ({
    name: 'sum',
    group: 'g',
    args: {},
    pairs,
    analysis: analysePairs(
      pairs.map((p) => Math.log(p.b / p.a)),
      settings,
    ),
    ...(v ? { v8: v } : {}),
  });
  const outcome = (rows: PairedRow[]): PairedOutcome => ({
    against: 'main (0123456789ab)',
    rows,
    onlyCurrent: [],
    onlyAgainst: [],
    loadErrors: [],
    interrupted: false,
    settings,
  });

  it('names the row and the side that deoptimized, in the text and the Markdown', () => {
    const o = outcome([row(sides(same(v8(0)), same(v8(1))))]);
    const line =
      "g/sum: V8 deoptimized code 4 times in this tree's measured batches (sumFields (the kernel): wrong map), " +
      "none in the other tree's";
    expect(tail(o)).toContain(line);
    expect(renderPairedMarkdown(o)).toContain(`- ${line}`);
  });

  it('a row without records (an older file) has no such line', () => {
    expect(tail(outcome([row(undefined)])).some((l) => l.includes('V8'))).toBe(false);
  });
});
