// Agreement of the headline with the run's other per-operation figures (src/analysis/agreement.ts),
// exact values on fake batches.
import { describe, expect, it } from 'vitest';
import { AGREEMENT_TOLERANCE, batchMedianNs, cpuPerOp, disagreement } from '../../src/analysis/agreement.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { detailLines } from '../../src/report/details.js';
import type { Batch } from '../../src/results/schema.js';
import { cleanBatch, makeForks } from '../helpers/synthetic-forks.js';

/** Batches of i·10 iterations whose process CPU time is 50 ns per iteration plus 100 ns. */
const cpuBatches = (): Batch[] =>
  [1, 2, 3, 4, 5].map((i) => ({ ...cleanBatch(i * 10, i * 10 * 300), processCpuNs: i * 10 * 50 + 100 }));

describe('CPU time per operation', () => {
  it('is the slope of the process CPU time on iterations, median over processes', () => {
    expect(cpuPerOp([cpuBatches()])).toBe(50);
    const other = cpuBatches().map((b) => ({ ...b, processCpuNs: b.iterations * 70 }));
    const third = cpuBatches().map((b) => ({ ...b, processCpuNs: b.iterations * 90 }));
    expect(cpuPerOp([cpuBatches(), other, third])).toBe(70);
  });

  it('is unknown when batches were timed on CPU time (their ns already is it) or carry none', () => {
    expect(cpuPerOp([cpuBatches().map((b) => ({ ...b, wallNs: b.ns }))])).toBeNull();
    expect(cpuPerOp([[cleanBatch(10, 100), cleanBatch(20, 200), cleanBatch(30, 300)]])).toBeNull();
  });
});

describe('batch median', () => {
  it('is the median of ns / iterations over every batch, not corrected by an intercept', () => {
    expect(batchMedianNs([[cleanBatch(10, 1000), cleanBatch(20, 4000)], [cleanBatch(10, 3000)]])).toBe(200);
    expect(batchMedianNs([])).toBeNull();
  });
});

describe('disagreement of the headline with the other figures', () => {
  const base = { batchMedianNs: 100, groups: [cpuBatches()], latencyMedianNs: null, gcShare: 0 };

  it('flags a headline whose whole interval lies above every other figure beyond the tolerance', () => {
    expect(disagreement({ ...base, headline: { point: 140, ciLow: 130, ciHigh: 160 } })).toEqual({
      direction: 'above',
      headlineNs: 140,
      ciLowNs: 130,
      ciHighNs: 160,
      batchMedianNs: 100,
      cpuPerOpNs: 50,
      latencyMedianNs: null,
      tolerance: AGREEMENT_TOLERANCE,
      gcShare: 0,
    });
  });

  it('does not flag when one figure is within reach, or the interval touches the tolerance', () => {
    // The latency median 125 ns: 130 is within 10 % of it.
    expect(disagreement({ ...base, latencyMedianNs: 125, headline: { point: 140, ciLow: 130, ciHigh: 160 } })).toBe(
      null,
    );
    // The interval reaches down to exactly 10 % above the batch median: not beyond it.
    expect(disagreement({ ...base, headline: { point: 140, ciLow: 110, ciHigh: 160 } })).toBeNull();
  });

  it('allows the share of time in collections above the medians (the slope amortises them, medians do not)', () => {
    // 25 % of the time in collection pauses: 130 ns is within 100 × (1 + 0.10 + 0.25).
    expect(disagreement({ ...base, gcShare: 0.25, headline: { point: 140, ciLow: 130, ciHigh: 160 } })).toBeNull();
  });

  it('flags a headline below every other figure', () => {
    const d = disagreement({
      ...base,
      batchMedianNs: 100,
      groups: [cpuBatches().map((b) => ({ ...b, processCpuNs: b.iterations * 100 }))],
      headline: { point: 70, ciLow: 60, ciHigh: 80 },
    });
    expect(d?.direction).toBe('below');
    expect(d?.cpuPerOpNs).toBe(100);
    // Below the batch median alone is the fixed per-batch cost the slope removes: not flagged.
    expect(
      disagreement({ ...base, batchMedianNs: 100, groups: [], headline: { point: 70, ciLow: 60, ciHigh: 80 } }),
    ).toBeNull();
  });

  it('has nothing to compare without other figures', () => {
    expect(
      disagreement({ ...base, batchMedianNs: null, groups: [], headline: { point: 140, ciLow: 130, ciHigh: 160 } }),
    ).toBeNull();
  });
});

describe('in the analysis', () => {
  it('flags a run whose long batches waited (headline up) while CPU time and batch medians agree', () => {
    // 100 ns per iteration of CPU time in every batch; the 6 longest sizes of 20 waited 3x as long.
    const forks = makeForks(3, {
      costNs: 100,
      overheadNs: 200,
      noise: 0.002,
      seed: 4,
      tweak: (b) => {
        b.processCpuNs = b.ns;
        if (b.iterations > 1400) b.ns *= 3;
      },
    });
    const a = analyzeBenchmark(forks, { resamples: 100 });
    expect(a.flags).toContain('estimates-disagree');
    expect(detailLines(a.details).warnings.join('\n')).toMatch(
      /estimates-disagree: the headline .* lies above batch median .*, CPU time per op (99\.\d\d|10\d\.\d) ns by more than/,
    );
    // The same run without the waits agrees.
    const calm = makeForks(3, {
      costNs: 100,
      overheadNs: 200,
      noise: 0.002,
      seed: 4,
      tweak: (b) => (b.processCpuNs = b.ns),
    });
    expect(analyzeBenchmark(calm, { resamples: 100 }).flags).not.toContain('estimates-disagree');
  });
});

describe('a headline below the CPU time per op', () => {
  it('names only the figures it was judged against, and helper threads rather than waits', () => {
    const below = {
      code: 'estimates-disagree' as const,
      severity: 'warning' as const,
      values: {
        direction: 'below',
        headlineNs: 49.94,
        ciLowNs: 49.5,
        ciHighNs: 50.4,
        batchMedianNs: 50.05,
        cpuPerOpNs: 64.97,
        latencyMedianNs: null,
        tolerance: 0.1,
        gcShare: 0,
      },
    };
    const text = detailLines([below as never]).warnings.join('\n');
    expect(text).toMatch(/lies below CPU time per op 64\.97 ns by more than 10/);
    expect(text).not.toMatch(/batch median|waits for a CPU/);
    expect(text).toMatch(/helper threads/);
    // Judged against the latency median alone (no CPU time per op): no helper threads named.
    const latencyOnly = { ...below, values: { ...below.values, cpuPerOpNs: null, latencyMedianNs: 60 } };
    const only = detailLines([latencyOnly as never]).warnings.join('\n');
    expect(only).toMatch(/lies below latency median 60\.00 ns by more than 10/);
    expect(only).not.toMatch(/helper threads|CPU time/);
  });
});
