// The adaptive stop rule (DESIGN §3.8): after each round, a quick within-process
// estimate of the relative CI half-width of the per-iteration time: the OLS slope's
// standard error × t(1-α/2, n-2) / |slope|. The final, between-process CI is computed
// by the orchestrator; this one only decides when this process has sampled enough.

import type { Batch, SamplingStop } from '../results/schema.js';
import { ols } from '../stats/regression.js';
import { tQuantile } from '../stats/tdist.js';

export interface StopConfig {
  targetCi: number;
  confidence: number;
  timeBudgetNs: number;
  minRounds: number;
  maxRounds: number;
}

/** Relative half-width of the slope's CI; null when it cannot be computed (too few points). */
export function relativeSlopeHalfWidth(batches: readonly Batch[], confidence: number): number | null {
  if (batches.length < 3) return null;
  const x = batches.map((b) => b.iterations);
  if (x.every((v) => v === x[0])) return null;
  const fit = ols(x, batches.map((b) => b.ns));
  if (!Number.isFinite(fit.slopeStdErr)) return null;
  const t = tQuantile(1 - (1 - confidence) / 2, batches.length - 2);
  if (fit.slope <= 0) return fit.slopeStdErr === 0 ? 0 : Infinity;
  return (t * fit.slopeStdErr) / fit.slope;
}

/** The reason to stop after `rounds` rounds and `elapsedNs` of sampling, or null to go on. */
export function decideStop(rounds: number, elapsedNs: number, relHalfWidth: number | null, c: StopConfig): SamplingStop | null {
  if (rounds >= c.minRounds && relHalfWidth !== null && relHalfWidth <= c.targetCi) return 'target-ci';
  if (elapsedNs >= c.timeBudgetNs) return 'time-budget';
  if (rounds >= c.maxRounds) return 'max-rounds';
  return null;
}
