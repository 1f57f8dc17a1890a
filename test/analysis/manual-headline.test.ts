// The headline of manually timed samples (src/analysis/manual.ts) is the mean of duration /
// operations per process, with no fixed cost per sample taken out, even when the callback varies
// its operation counts (as node:bench's "Reusable runners" example does). A fitted intercept would
// be noise there, and here it exceeds the short samples' times: the old per-iteration mean read
// below zero.
import { describe, expect, it } from 'vitest';
import { mean } from 'simple-statistics';
import { compareForks } from '../../src/analysis/compare.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { fitFork, processStatistic, relativeResiduals } from '../../src/analysis/fork-fit.js';
import { residualOutliers } from '../../src/analysis/quality.js';
import type { ForkResult } from '../../src/results/schema.js';
import { createRng } from '../../src/statistics/rng.js';
import { cleanBatch, gaussian } from '../helpers/synthetic-forks.js';

const COUNTS = [20_000, 30_000, 40_000];

/**
 * One manually timed process: 30 samples cycling through COUNTS at `cost` ns per operation with
 * 2 % seeded noise; every sample of 20,000 operations also waited 20 µs (one of every three
 * samples hit by the same delay, as a collection every third sample would be). Per-size medians
 * then read about 40, 30 and 40 µs: the robust fit's slope is near 0 and its intercept near
 * 40 µs, above every 30,000-operation sample.
 */
function manualFork(index: number, cost: number, seed: number): ForkResult {
  const rng = createRng(seed);
  const batches = Array.from({ length: 30 }, (_, i) => {
    const ops = COUNTS[i % 3]!;
    const ns = ops * cost * (1 + 0.02 * gaussian(rng)) + (ops === 20_000 ? 20_000 * cost : 0);
    return cleanBatch(ops, ns);
  });
  return {
    index,
    pid: 100 + index,
    clockHz: 1e9,
    clockSource: 'synthetic',
    warmup: { outcome: 'steady', batches: 0, iterations: 0, durationNs: 0, estimateNs: cost },
    unit: 1,
    batches,
    stop: 'target-ci',
    checksum: 'c0ffee01',
    conditions: { cpu: [0], aslr: 'on', mlock: false, envPadding: 0 },
    warnings: [],
    manual: { warmupInvocations: 0, samplesAllowed: 30, done: false, recorded: 0 },
  };
}

const perOperation = (f: ForkResult) => mean(f.batches.map((b) => b.ns / b.iterations));

describe('manually timed samples with varying operation counts', () => {
  const forks = [0, 1, 2].map((i) => manualFork(i, 1, 11 + i));

  it('the scenario is one where an intercept would turn the per-operation mean negative', () => {
    for (const f of forks) expect(mean(fitFork(f.batches, false).perIteration)).toBeLessThan(0);
  });

  it('the headline is the mean over processes of each one’s mean duration / operations', () => {
    const a = analyzeBenchmark(forks, { seed: 1 });
    expect(a.headline.statistic).toBe('mean');
    const expected = mean(forks.map(perOperation));
    // (2 + 1 + 1) / 3 ns per operation, give or take the 2 % noise.
    expect(expected).toBeGreaterThan(1.25);
    expect(expected).toBeLessThan(1.42);
    expect(a.headline.point).toBeCloseTo(expected, 12);
    expect(a.headline.ciLow).toBeGreaterThan(0);
    expect(a.perFork.map((p) => p.intercept)).toEqual([0, 0, 0]);
    expect(a.details.some((d) => d.code === 'no-slope')).toBe(false);
  });

  it('asked for a slope, a manual process gives its pooled Σ duration / Σ operations (the rules that judge processes by it)', () => {
    for (const f of forks) {
      const pooled = f.batches.reduce((s, b) => s + b.ns, 0) / f.batches.reduce((s, b) => s + b.iterations, 0);
      expect(processStatistic(f, 'slope')).toBeCloseTo(pooled, 12);
      expect(processStatistic({ ...f, manual: undefined }, 'slope')).not.toBeCloseTo(pooled, 1);
    }
  });

  it('the outlier count judges each sample by its duration / operations against the process mean', () => {
    // One more sample of 400,000 operations at 10 ns each (the others read 1 or 2 ns): the one
    // outlier of the process. A fit with an intercept (about 40 µs, slope near 0) would have put
    // its fitted time near zero or below, and its residual at 0.
    const f = manualFork(0, 1, 11);
    f.batches.push(cleanBatch(400_000, 4_000_000));
    const perOp = f.batches.map((b) => b.ns / b.iterations);
    const residuals = relativeResiduals(f.batches, true);
    residuals.forEach((r, i) => expect(r).toBeCloseTo(perOp[i]! / mean(perOp) - 1, 12));
    expect(residualOutliers([f.batches], true).severe).toBe(1);
    const a = analyzeBenchmark([f, ...forks.slice(1)], { seed: 1 });
    expect(a.flags).toContain('outliers');
  });

  it('a mean a third of whose samples waited twice as long, with no collection to explain it, is flagged against the median', () => {
    // The agreement rule (agreement.ts) holds for manual samples too: the mean (about 1.33 ns)
    // rests on samples the median (1 ns) does not see, so the result is not a confident number.
    const a = analyzeBenchmark(forks, { seed: 1 });
    expect(a.flags).toContain('estimates-disagree');
    const d = a.details.find((x) => x.code === 'estimates-disagree');
    expect(d?.values).toMatchObject({ direction: 'above' });
    expect((d?.values as { batchMedianNs: number }).batchMedianNs).toBeCloseTo(1, 1);
  });

  it('a comparison reads the ratio of those means: 2.5 times the cost per operation is slower, by 2.5', () => {
    const heavy = [0, 1, 2].map((i) => manualFork(i, 2.5, 31 + i));
    const c = compareForks(forks, heavy, { seed: 1 });
    expect(c.statistic).toBe('mean');
    expect(c.ratio.point).toBeCloseTo(mean(heavy.map(perOperation)) / mean(forks.map(perOperation)), 9);
    expect(c.ratio.point).toBeGreaterThan(2.4);
    expect(c.ratio.point).toBeLessThan(2.6);
    expect(c.verdict).toBe('slower');
  });

  it('a side that timed itself keeps its own reading against one the engine timed', () => {
    // The engine's batches: 10 sizes, 1 µs fixed cost each, 2.5 ns per iteration.
    const engine = [0, 1, 2].map((i) => {
      const f = manualFork(i, 2.5, 51 + i);
      delete f.manual;
      f.batches = Array.from({ length: 20 }, (_, j) => cleanBatch((1 + (j % 10)) * 1000, 1000 + (1 + (j % 10)) * 2500));
      return f;
    });
    const c = compareForks(forks, engine, { seed: 1 });
    // The engine side is the mean of (ns − 1 µs) / iterations = 2.5 exactly.
    expect(c.ratio.point).toBeCloseTo(2.5 / mean(forks.map(perOperation)), 6);
  });
});
