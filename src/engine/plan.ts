// The linear sampling plan (Criterion's i·d ramp): a round is K batches of
// d, 2d, …, K·d iterations in shuffled order, so slow drift (thermal, frequency) does
// not correlate with batch size and bias the slope.

import { createRng, type Rng } from '../statistics/rng.js';

/** Largest d so that K·d iterations take about `targetLargestNs`; at least 1. */
export function unitFor(estimateNs: number, targetLargestNs: number, batchesPerRound: number): number {
  const K = Math.max(1, Math.floor(batchesPerRound));
  // A zero or tiny estimate (a no-op, a coarse clock) would give an absurd d; bound it by
  // what a double counts exactly and a batch can finish in reasonable time at 0.05 ns/iter.
  const perIter = Math.max(estimateNs, 0.05);
  const d = Math.floor(targetLargestNs / (K * perIter));
  return Math.min(Math.max(1, d), Math.floor(2 ** 31 / K));
}

/** Batch sizes i·d for i = 1..K, Fisher–Yates shuffled with `rng`. */
export function roundSizes(unit: number, batchesPerRound: number, rng: Rng): number[] {
  const sizes: number[] = [];
  for (let i = 1; i <= batchesPerRound; i++) sizes.push(i * unit);
  for (let i = sizes.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = sizes[i];
    sizes[i] = sizes[j];
    sizes[j] = t;
  }
  return sizes;
}

/** The seeded RNG of one fork: the same seed and fork index give the same orders. */
export function planRng(seed: number, forkIndex: number): Rng {
  return createRng((seed ^ Math.imul(forkIndex + 1, 0x9e3779b1)) >>> 0);
}
