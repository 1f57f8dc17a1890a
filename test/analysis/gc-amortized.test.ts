// Garbage collection amortised into the slope (src/analysis/fork-fit.ts), on synthetic processes
// with a known answer: each iteration costs COST ns, and a collection of PAUSE ns happens every
// EVERY iterations of the process, in whichever batch crosses that point. The per-operation cost
// including collection is COST + PAUSE / EVERY whatever the batch lengths; short batches see a
// collection in a few batches, long ones in most. A median-based fit reads the first near COST.
import { describe, expect, it } from 'vitest';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { batchSlope } from '../../src/analysis/fork-fit.js';
import { detailLines } from '../../src/report/details.js';
import type { Batch } from '../../src/results/schema.js';
import { perSizeMedianFit } from '../../src/statistics/robust-slope.js';
import { cleanBatch, makeForks } from '../helpers/synthetic-forks.js';
import { gcShare } from '../../src/analysis/gc-share.js';
import { pauseInside } from '../../src/engine/gc-watch.js';

const COST = 100;
const PAUSE = 50_000;
const EVERY = 10_000;
const TRUTH = COST + PAUSE / EVERY; // 105 ns

function collecting(unit: number, rounds: number, seed: number) {
  let done = 0;
  const tweak = (b: Batch): void => {
    const crossings = Math.floor((done + b.iterations) / EVERY) - Math.floor(done / EVERY);
    done += b.iterations;
    b.gc = crossings;
    b.ns += crossings * PAUSE;
  };
  return makeForks(3, { costNs: COST, overheadNs: 200, noise: 0.005, unit, rounds, seed, tweak: (b) => tweak(b) });
}

const share = (bs: Batch[]) => bs.filter((b) => b.gc > 0).length / bs.length;

describe('garbage collection amortised into the slope', () => {
  it('short batches (a collection in a few of them) read the cost including collection', () => {
    const forks = collecting(10, 40, 3);
    expect(share(forks.flatMap((f) => f.batches))).toBeLessThan(0.05);
    const a = analyzeBenchmark(forks, { resamples: 100 });
    expect(Math.abs(a.headline.point / TRUTH - 1)).toBeLessThan(0.01);
    // The plain robust fit on the same batches misses the collections.
    const b = forks[0].batches;
    const plain = perSizeMedianFit(
      b.map((x) => x.iterations),
      b.map((x) => x.ns),
    ).slope;
    expect(Math.abs(plain / COST - 1)).toBeLessThan(0.01);
    // The synthetic batches carry no pause times (as files from before they were recorded): no share.
    expect(detailLines(a.details).notes.join('\n')).toMatch(
      /garbage collection in \d+ of \d+ batches \(the kernel's own cost, kept in the headline\)/,
    );
    expect(a.flags).not.toContain('gc-during-batches');
  });

  it('long batches (a collection in most of them) read the same', () => {
    const forks = collecting(1000, 2, 4);
    expect(share(forks.flatMap((f) => f.batches))).toBeGreaterThan(0.5);
    expect(Math.abs(analyzeBenchmark(forks, { resamples: 100 }).headline.point / TRUTH - 1)).toBeLessThan(0.01);
  });

  it('is the plain fit when no batch collected', () => {
    const [f] = makeForks(1, { costNs: COST, overheadNs: 200, noise: 0.005, seed: 5 });
    const plain = perSizeMedianFit(
      f.batches.map((x) => x.iterations),
      f.batches.map((x) => x.ns),
    ).slope;
    expect(batchSlope(f.batches)).toBe(plain);
  });
});

describe('a time interval never reaches below zero', () => {
  it('clips the lower bound of a wide headline interval at 0 and reports the longer side as ±', async () => {
    const { relativeHalfWidth } = await import('../../src/analysis/half-width.js');
    // Three processes 0.2x, 1x and 3x apart: the t-interval over them reaches far below zero.
    const forks = [0.2, 1, 3].map((f, i) => makeForks(1, { costNs: 100 * f, overheadNs: 200, seed: 20 + i })[0]);
    forks.forEach((f, i) => (f.index = i));
    const h = analyzeBenchmark(forks, { resamples: 50 }).headline;
    expect(h.ciLow).toBe(0);
    expect(relativeHalfWidth(h)).toBeCloseTo((h.ciHigh - h.point) / h.point, 12);
  });
});

describe('the share of measured time in collection pauses', () => {
  it('is pause time inside the batches over their time, exactly', () => {
    const a = { ...cleanBatch(100, 1000), gc: 1, gcNs: 250 };
    const b = { ...cleanBatch(200, 3000), gc: 0, gcNs: 0 };
    expect(gcShare([[a, b]])).toBe(250 / 4000);
    // Across processes, the same sum.
    expect(gcShare([[a], [b]])).toBe(250 / 4000);
  });

  it('never exceeds 100 %: a pause longer than its batch counts as the batch', () => {
    const whole = { ...cleanBatch(100, 1000), gc: 2, gcNs: 5000 };
    expect(gcShare([[whole]])).toBe(1);
    expect(gcShare([[whole, { ...cleanBatch(100, 1000), gcNs: 0 }]])).toBe(0.5);
  });

  it('is unknown without pause times, and the analysis words it without a share', () => {
    expect(gcShare([[cleanBatch(100, 1000)]])).toBeNull();
  });

  it('the analysis reports the share of the batches it measured', () => {
    // 100 ns per iteration; every batch of the first process holds a 10 µs pause, recorded.
    const forks = makeForks(3, { costNs: 100, overheadNs: 200, noise: 0.002, seed: 9 });
    for (const b of forks[0].batches) {
      b.gc = 1;
      b.gcNs = 10_000;
      b.ns += 10_000;
    }
    const all = forks.flatMap((f) => f.batches);
    const expected = (10_000 * forks[0].batches.length) / all.reduce((s, b) => s + b.ns, 0);
    const a = analyzeBenchmark(forks, { resamples: 50 });
    const d = a.details.find((x) => x.code === 'gc-amortized');
    expect(d?.values.share).toBeCloseTo(expected, 12);
    expect(detailLines(a.details).notes.join('\n')).toMatch(
      new RegExp(`its pauses are ${(expected * 100).toFixed(1)} % of the measured batch time`),
    );
  });
});

describe('collection pauses inside a batch window', () => {
  it('clips each entry to the window and counts overlapping entries once', () => {
    const w = [{ startMs: 10, endMs: 20 }];
    expect(pauseInside(w, [{ startTime: 12, duration: 2 }])).toEqual([2e6]);
    // Starting before and ending after the window: only its inside.
    expect(pauseInside(w, [{ startTime: 5, duration: 30 }])).toEqual([10e6]);
    // Two entries overlapping each other: their union, 12..16.
    expect(
      pauseInside(w, [
        { startTime: 12, duration: 3 },
        { startTime: 13, duration: 3 },
      ]),
    ).toEqual([4e6]);
    expect(pauseInside(w, [{ startTime: 20, duration: 1 }])).toEqual([0]);
  });
});
