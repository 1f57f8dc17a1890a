// Edge cases of the run comparison: a process with a single batch size under the slope
// statistic, and one outlier count shared by `compare`'s notes and the run report.
import { describe, expect, it } from 'vitest';
import { comparisonNotes } from '../../src/report/details.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { compareForks } from '../../src/analysis/compare.js';
import { aaCheck } from '../../src/compare/aa.js';
import { sideNotes } from '../../src/compare/notes.js';
import type { ForkResult } from '../../src/results/schema.js';
import { syntheticBenchmark, syntheticForks } from '../helpers/synthetic-results.js';

function singleSize(f: ForkResult): ForkResult {
  return { ...f, batches: f.batches.map((b) => ({ ...b, iterations: 1000, ns: b.ns / (b.iterations / 1000) })) };
}

describe('compare edge cases', () => {
  it('slope with a process of a single batch size falls back to mean, as the headline does', () => {
    const base = syntheticForks(11, 4, { cost: 10, between: 0.01, within: 0.01 });
    const cont = syntheticForks(12, 4, { cost: 10, between: 0.01, within: 0.01 });
    cont[1] = singleSize(cont[1]);
    const c = compareForks(base, cont, { statistic: 'slope', resamples: 200 });
    expect(c.statistic).toBe('mean');
    expect(c.verdict).not.toBe('incomparable');
    expect(c.ratio.method).toMatch(/slope falls back to mean/);
    expect(Number.isFinite(c.ratio.ciLow) && Number.isFinite(c.ratio.ciHigh)).toBe(true);
    const aa = aaCheck(base, cont, { statistic: 'slope', resamples: 200 });
    expect(aa.statistic).toBe('mean');
    expect(aa.processCv).not.toBeNull();
  });

  it("compare's notes count the same outliers as the run report (fences on residuals)", () => {
    const forks = syntheticForks(21, 10, { cost: 10, between: 0.01, within: 0.02, batches: 40 });
    const report = analyzeBenchmark(forks, { resamples: 100 }).outliers;
    expect(report.mild + report.severe).toBeGreaterThan(0); // the comparison below is not vacuous
    const lines = comparisonNotes({
      details: sideNotes(syntheticBenchmark('x', forks), 'baseline', 'slope', {
        target: 1,
        confidence: 0.95,
        grubbs: false,
      }),
    });
    const line = lines.find((l) => l.includes('outliers'));
    const counts = `${report.mild} mild, ${report.severe} severe of ${report.total} batches`;
    expect(line).toBe(`baseline: outliers (Tukey fences on relative residuals per process, kept): ${counts}`);
  });
});
