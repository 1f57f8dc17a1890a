// A comparison with a side whose run added processes (the `processes-added` detail) uses the
// two-stage ratio interval: its variance for that side comes from the planned processes, whose
// spread chose how many to add (statistics/t-intervals.ts twoStageRatioInterval).
import { describe, expect, it } from 'vitest';
import { compareDocuments } from '../../src/compare/documents.js';
import { addedProcesses } from '../../src/analysis/more-processes.js';
import { ratioInterval, twoStageRatioInterval } from '../../src/statistics/t-intervals.js';
import { syntheticBenchmark, syntheticDocument, syntheticForks } from '../helpers/synthetic-results.js';

describe('twoStageRatioInterval', () => {
  it('equals the Welch interval when no process was added', () => {
    const a = [10, 11, 9.5];
    const b = [10.5, 11.2, 10];
    const plain = ratioInterval(a, b, 0.95);
    const same = twoStageRatioInterval(a, b, 0.95, [undefined, [true, true, true]]);
    expect(same.ciLow).toBe(plain.ciLow);
    expect(same.ciHigh).toBe(plain.ciHigh);
  });

  it('keeps the planned spread when the added processes agree, and its p goes with the union', () => {
    // Planned 10 / 13 / 7 (sd 3) then three added that agree: the one-stage interval narrows on
    // the added ones; the two-stage one keeps the planned sd over √6.
    const base = [10, 13, 7, 10, 10.1, 9.9];
    const cont = [11, 11.1, 10.9];
    const plain = ratioInterval(base, cont, 0.95);
    const two = twoStageRatioInterval(base, cont, 0.95, [[true, true, true, false, false, false], undefined]);
    expect(two.point).toBe(plain.point);
    expect(two.ciLow).toBeLessThan(plain.ciLow);
    expect(two.ciHigh).toBeGreaterThan(plain.ciHigh);
    expect(two.df).toBeLessThan(plain.df);
    expect(two.pValue < 0.05).toBe(two.ciLow > 1 || two.ciHigh < 1);
  });
});

describe('compare of a run that added processes', () => {
  it('reads the planned count from the detail and says the interval is two-stage', () => {
    const forks = syntheticForks(5, 6, { cost: 10, between: 0.08, within: 0.005, batches: 8 });
    const other = syntheticForks(6, 3, { cost: 10, between: 0.08, within: 0.005, batches: 8 });
    const withDetail = syntheticBenchmark('k', forks, {
      details: [addedProcesses(3, 6, 0.2)],
    } as never);
    const without = syntheticBenchmark('k', forks);
    const settings = { threshold: 0.01, confidence: 0.95, seed: 1 };
    const two = compareDocuments(
      syntheticDocument([syntheticBenchmark('k', other)]),
      syntheticDocument([withDetail]),
      settings,
    ).comparisons[0];
    const one = compareDocuments(
      syntheticDocument([syntheticBenchmark('k', other)]),
      syntheticDocument([without]),
      settings,
    ).comparisons[0];
    expect(two.method).toMatch(/two-stage: planned 3 and 3, union with Stein's/);
    expect(one.method).not.toMatch(/two-stage/);
    // Processes added only to replace slow ones (their half-width was within the threshold): one stage.
    const replaced = syntheticBenchmark('k', forks, { details: [addedProcesses(3, 6, 0.03, 6, 3)] } as never);
    const plain = compareDocuments(
      syntheticDocument([syntheticBenchmark('k', other)]),
      syntheticDocument([replaced]),
      settings,
    ).comparisons[0];
    expect(plain.method).toBe(one.method);
    expect(two.ratio!.ciHigh - two.ratio!.ciLow).toBeGreaterThanOrEqual(one.ratio!.ciHigh - one.ratio!.ciLow);
  });
});
