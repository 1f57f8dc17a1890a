// A row's p-value comes from the test its interval inverts (Welch t over per-process values), so
// the two never contradict each other: a p below α goes with an interval that excludes 1. The
// hostile case: within-process noise tiny, the two processes of each side far apart. Batches of
// one process then agree with each other to 0.01 %, and a test that treats them as independent
// (Mann–Whitney over all batches) finds a "difference" at p far below 1e-6, while the interval
// over processes, with 1 degree of freedom or so, spans a factor of ten and cannot tell.
import { describe, expect, it } from 'vitest';
import { fitFork } from '../../src/analysis/fork-fit.js';
import { compareDocuments, relativeToBaseline } from '../../src/compare/documents.js';
import { suiteRegressions } from '../../src/compare/suite-level.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import { renderComparison } from '../../src/report/compare-render.js';
import type { ForkResult } from '../../src/results/schema.js';
import { mannWhitney } from '../../src/statistics/mann-whitney.js';
import { formatPValue } from '../../src/statistics/p-value.js';
import { makeFork } from '../helpers/synthetic-forks.js';
import { syntheticBenchmark as bench, syntheticDocument as doc, syntheticForks } from '../helpers/synthetic-results.js';

const S = { threshold: 0.01, confidence: 0.95, seed: 1 };

/** Processes at cost · (1 + shift) with 0.01 % batch noise: the processes disagree, the batches do not. */
const sticky = (seed: number, cost: number, shifts: readonly number[]): ForkResult[] =>
  shifts.map((processShift, index) =>
    makeFork({ costNs: cost, overheadNs: 40, noise: 1e-4, processShift, seed: seed * 100 + index, index }),
  );

const base = () => sticky(1, 10, [-0.6, 0.6]); // processes at 4 and 16 ns
const contender = () => sticky(2, 12, [-0.6, 0.6]); // at 4.8 and 19.2 ns

describe('the p-value of a comparison row', () => {
  it('is not tiny when processes disagree and the interval cannot tell (in-file baseline, compare, verdict)', () => {
    // The scenario is hostile: the test over pooled batches would call it certain.
    const perIter = (forks: ForkResult[]) => forks.flatMap((f) => fitFork(f.batches, false).perIteration);
    expect(mannWhitney(perIter(base()), perIter(contender())).pValue).toBeLessThan(1e-6);

    const v = verdictForForks(base(), contender(), S);
    expect(v.verdict).toBe('cannot-tell');
    expect(v.ratio!.ciLow).toBeLessThan(1);
    expect(v.ratio!.ciHigh).toBeGreaterThan(1);
    expect(v.pValue).toBeGreaterThan(0.05);
    expect(v.pValue).toBe(v.ciPValue);
    expect(v.method).not.toMatch(/Mann–Whitney/); // 2 processes a side: no rank test at all

    const file = doc([
      bench('fib10', base(), { group: 'g', baseline: true }),
      bench('fib40', contender(), { group: 'g' }),
    ]);
    const row = relativeToBaseline(file, S)[0].comparison;
    expect(row.verdict).toBe('cannot-tell');
    expect(row.pValue).toBeGreaterThan(0.05);
    expect(row.pValue).toBe(row.ciPValue);

    const cmp = compareDocuments(doc([bench('x', base())]), doc([bench('x', contender())]), S);
    expect(cmp.comparisons[0].pValue).toBe(v.pValue);
    // What is printed is that p, in every format.
    const printed = formatPValue(v.pValue);
    expect(renderComparison(cmp, 'text', { verbose: true })).toContain(printed);
    expect(renderComparison(cmp, 'markdown')).toContain(printed);
    expect(JSON.parse(renderComparison(cmp, 'json')).comparisons[0].pValue).toBe(v.pValue);
  });

  it('agrees with the interval on every seed: p < α exactly when the interval excludes 1', () => {
    let excluded = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const n = 2 + (seed % 5);
      const b = syntheticForks(seed, n, { cost: 10, between: 0.1, within: 0.001, batches: 6 });
      const c = syntheticForks(seed + 1000, n, { cost: 10.8, between: 0.1, within: 0.001, batches: 6 });
      const v = verdictForForks(b, c, S);
      const excludes = v.ratio!.ciLow > 1 || v.ratio!.ciHigh < 1;
      if (excludes) excluded++;
      expect(v.pValue, `seed ${seed}`).toBe(v.ciPValue);
      expect(v.pValue! < 0.05, `seed ${seed}`).toBe(excludes);
    }
    // Both answers occur, so the agreement is checked on both sides.
    expect(excluded).toBeGreaterThan(0);
    expect(excluded).toBeLessThan(60);
  });

  it('is what Holm orders in the gate', () => {
    const rows = Array.from({ length: 5 }, (_, i) => bench(`b${i}`, syntheticForks(40 + i, 4, { cost: 10 })));
    const slow = rows.map((r, i) => bench(r.name, syntheticForks(90 + i, 4, { cost: i === 0 ? 13 : 10 })));
    const cmp = compareDocuments(doc(rows), doc(slow), S);
    for (const c of cmp.comparisons) expect(c.pValue).toBe(c.ciPValue);
    const gate = suiteRegressions(cmp.comparisons, 0.01, 0.05);
    expect(gate.family).toBe(5);
    expect(gate.regressions.map((c) => c.name)).toEqual(['b0']);
  });

  it('with too few processes for an interval over processes, there is none (not one over batches)', () => {
    const v = verdictForForks(sticky(3, 10, [0]), sticky(4, 12, [0]), S);
    expect(v.verdict).toBe('too-few');
    expect(v.pValue).toBeNull();
    expect(formatPValue(v.pValue)).toBe('—');
  });
});

describe('the rank test on processes (4 or more a side)', () => {
  it('is quoted only where it disagrees with the interval, with its own p', () => {
    // Base processes at 10, 10, 10, 12 ns; contender at 11.5, 13, 13, 13: the interval excludes 1
    // (about +20 %), the ranks overlap once: U = 1, exact two-sided p = 2·2/C(8, 4) = 4/70.
    const v = verdictForForks(sticky(5, 10, [0, 0.0001, -0.0001, 0.2]), sticky(6, 10, [0.15, 0.3, 0.3001, 0.2999]), S);
    expect(v.verdict).toBe('slower');
    expect(v.pValue).toBeLessThan(0.05);
    expect(v.because?.code).toBe('rank-test-unsure');
    const because = v.because?.code === 'rank-test-unsure' ? v.because.values : null;
    expect(because?.pValue).toBeCloseTo(4 / 70, 10);
  });
});
