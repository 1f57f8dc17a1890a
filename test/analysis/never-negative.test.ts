// A time or a count per operation is never negative: figures that come out below zero from
// the arithmetic are not shown, and a note says why.
import { describe, expect, it } from 'vitest';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { detailLines } from '../../src/report/details.js';
import type { Batch, ForkResult } from '../../src/results/schema.js';
import { cleanBatch, makeFork } from '../helpers/synthetic-forks.js';

function batch(iterations: number, ns: number, taskClock?: number): Batch {
  return {
    ...cleanBatch(iterations, ns),
    ...(taskClock !== undefined ? { counters: { 'task-clock': taskClock }, countersRunning: 1 } : {}),
  };
}

describe('no negative per-operation figure', () => {
  it('a short batch below the fitted intercept: min (and any other negative percentile) not shown, with a note', () => {
    const forks: ForkResult[] = [0, 1, 2].map((index) => {
      const f = makeFork({ costNs: 10, overheadNs: 1000, noise: 0, seed: 3 + index, index });
      // One batch of the smallest size read 500 ns, below the 1 µs fixed overhead the fit
      // removes: (ns − intercept) / n < 0.
      const smallest = Math.min(...f.batches.map((b) => b.iterations));
      const i = f.batches.findIndex((b) => b.iterations === smallest);
      f.batches[i] = { ...f.batches[i]!, ns: 500, ticks: 500 };
      return f;
    });
    const a = analyzeBenchmark(forks, { seed: 1 });
    expect(a.estimates.min).toBeNaN();
    expect(a.estimates.median).toBeGreaterThan(0);
    expect(detailLines(a.details).notes.some((n) => n.startsWith('per-iteration min not shown'))).toBe(true);
  });

  it('a counter whose slope on iterations is negative (async kernel) is left out, with a note', () => {
    // Wall time grows 1 µs per iteration; the measuring thread's task-clock does not follow.
    const forks: ForkResult[] = [0, 1, 2].map((index) => ({
      ...makeFork({ costNs: 1000, overheadNs: 100, noise: 0, seed: 5 + index, index }),
      batches: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => batch(n * 100, n * 100_000 + 100, 50_000 - n * 17)),
    }));
    const a = analyzeBenchmark(forks, { seed: 1 });
    expect(a.counters?.perOp.find((p) => p.event === 'task-clock')).toBeUndefined();
    expect(
      detailLines(a.details).notes.some((n) => /^task-clock per operation not shown: it came out negative/.test(n)),
    ).toBe(true);
    expect(JSON.stringify(a.counters ?? {})).not.toContain('omitted');
  });
});

describe('a counter slope just below zero', () => {
  it('is zero within its noise: shown as 0 with an interval starting at 0, no note', () => {
    // The measuring thread's task-clock barely follows the work: per-process slopes of −0.02,
    // +0.03 and −0.02 ns per iteration average to −0.0033, with an interval that spans zero.
    const slopes = [-0.02, 0.03, -0.02];
    const forks: ForkResult[] = [0, 1, 2].map((index) => ({
      ...makeFork({ costNs: 1000, overheadNs: 100, noise: 0, seed: 7 + index, index }),
      batches: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) =>
        batch(n * 100, n * 100_000 + 100, 50_000 + n * 100 * slopes[index]!),
      ),
    }));
    const a = analyzeBenchmark(forks, { seed: 1 });
    const tc = a.counters?.perOp.find((p) => p.event === 'task-clock');
    expect(tc).toBeDefined();
    expect(tc!.perOp).toBe(0);
    expect(tc!.ciLow).toBeGreaterThanOrEqual(0);
    expect(detailLines(a.details).notes.some((n) => n.startsWith('task-clock per operation not shown'))).toBe(false);
  });
});
