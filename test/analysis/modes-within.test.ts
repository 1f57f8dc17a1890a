// "Two speeds in the samples" (multimodal) judges the modes within each process: processes that
// differ by the ordinary spread between processes are not two speeds (that spread is the
// interval's and 'noisy''s to report). Seeded simulations through analyzeBenchmark.
import { describe, expect, it } from 'vitest';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { syntheticForks } from '../helpers/synthetic-results.js';

const flagged = (seeds: number, make: (seed: number) => ReturnType<typeof syntheticForks>) =>
  Array.from({ length: seeds }, (_, t) => analyzeBenchmark(make(t + 1), { seed: t + 1, resamples: 50 })).filter((a) =>
    a.flags.includes('multimodal'),
  ).length;

describe('two speeds are judged within the processes', () => {
  it('3 processes at a 3 % between-process CV and 1 % batch noise: not two speeds', () => {
    // Pooling the raw times flagged 27 of 40 such runs.
    const n = flagged(40, (seed) => syntheticForks(seed, 3, { cost: 50, between: 0.03, within: 0.01, batches: 30 }));
    expect(n).toBeLessThanOrEqual(2);
  });

  it('batches alternating between two speeds inside every process: two speeds', () => {
    const n = flagged(20, (seed) => {
      const forks = syntheticForks(seed, 3, { cost: 50, between: 0.01, within: 0.005, batches: 30 });
      // Every third batch at 1.6× its process's time: a fast and a slow mode in each process.
      for (const f of forks)
        f.batches.forEach((b, i) => {
          if (i % 3 === 0) b.ns = b.ticks = 40 + (b.ns - 40) * 1.6;
        });
      return forks;
    });
    expect(n).toBeGreaterThanOrEqual(18);
  });
});
