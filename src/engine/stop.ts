// The adaptive stop rule: after each round, a quick within-process
// estimate of the relative CI half-width of the per-iteration time. It matches the robust
// headline (src/statistics/robust-slope.ts): the per-iteration times after removing the robust
// intercept, and the distribution-free CI of their median from order statistics (ranks
// n/2 ∓ z·√n/2; e.g. Conover, "Practical Nonparametric Statistics", §3.2). An OLS standard
// error would be inflated by the same preempted-batch tail the headline ignores, and the
// stop would never trigger on a VM. The final, between-process CI is computed by the
// orchestrator; this one only decides when this process has sampled enough.

import type { Batch, SamplingStop } from '../results/schema.js';
import { normalQuantile } from '../statistics/normal.js';
import { perSizeMedianFit } from '../statistics/robust-slope.js';

export interface StopConfig {
  targetCi: number;
  confidence: number;
  timeBudgetNs: number;
  minRounds: number;
  maxRounds: number;
}

/** Relative half-width of the slope's CI; null when it cannot be computed (too few points). */
export function relativeSlopeHalfWidth(batches: readonly Batch[], confidence: number): number | null {
  const n = batches.length;
  if (n < 3) return null;
  const x = batches.map((b) => b.iterations);
  if (x.every((v) => v === x[0])) return null;
  const fit = perSizeMedianFit(
    x,
    batches.map((b) => b.ns),
  );
  if (!Number.isFinite(fit.slope)) return null;
  const per = batches.map((b) => (b.ns - fit.intercept) / b.iterations).sort((a, b) => a - b);
  const half = (normalQuantile(1 - (1 - confidence) / 2) * Math.sqrt(n)) / 2;
  const lo = per[Math.max(0, Math.floor(n / 2 - half))];
  const hi = per[Math.min(n - 1, Math.ceil(n / 2 + half))];
  if (fit.slope <= 0) return hi === lo ? 0 : Infinity;
  return (hi - lo) / 2 / fit.slope;
}

/** The reason to stop after `rounds` rounds and `elapsedNs` of sampling, or null to go on. */
export function decideStop(
  rounds: number,
  elapsedNs: number,
  relHalfWidth: number | null,
  c: StopConfig,
): SamplingStop | null {
  if (rounds >= c.minRounds && relHalfWidth !== null && relHalfWidth <= c.targetCi) return 'target-ci';
  if (elapsedNs >= c.timeBudgetNs) return 'time-budget';
  if (rounds >= c.maxRounds) return 'max-rounds';
  return null;
}
