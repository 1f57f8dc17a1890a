// Sample-size and detectable-difference rules, all relative to the mean (σ/m = CV).
// HAND-WRITTEN: simple-statistics has no power calculations.
//
// Sample size for a target relative CI half-width h at confidence c (normal approximation):
//   z·σ/(m·√N) <= h  ⇔  N >= (z·σ/(m·h))²,   z = Φ⁻¹((1 + c)/2).
// The seeds' rule N = ⌈(100σ/m)²⌉ is the special case h = 1 %, z = 1 (c ≈ 68.27 %); pyperf's
// ⌈4·1.96²·σ²/0.01²⌉ is z = 1.96 with h = 0.5 %. Because z understates the t quantile when N is
// small, the result is then raised until t_{(1+c)/2, N-1}·CV/√N <= h.
//
// Minimum detectable relative difference of two samples of n each, two-sided level α,
// power 1 - β (normal approximation): δ = (z_{1-α/2} + z_{1-β})·CV·√(2/n) — the inverse of
// Lehr's "n = 16·σ²/Δ²" rule for α = 0.05 and 80 % power (van Belle, "Statistical Rules of
// Thumb", 2nd ed., rule 2.3).

import { normalQuantile } from './normal.js';
import { tQuantile } from './tdist.js';
import { DEFAULT_CONFIDENCE, DEFAULT_TARGET_CI } from '../defaults.js';

function checkCv(cv: number): void {
  if (!(cv >= 0 && Number.isFinite(cv))) throw new RangeError(`power: CV must be finite and >= 0, got ${cv}`);
}

/** Smallest N whose t-based CI of the mean has relative half-width <= target (N >= 2). */
export function requiredSampleSize(cv: number, target = DEFAULT_TARGET_CI, confidence = DEFAULT_CONFIDENCE): number {
  checkCv(cv);
  if (!(target > 0)) throw new RangeError(`requiredSampleSize: target must be > 0, got ${target}`);
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`requiredSampleSize: confidence must be in (0, 1), got ${confidence}`);
  const p = (1 + confidence) / 2;
  const z = normalQuantile(p);
  let n = Math.max(2, Math.ceil(((z * cv) / target) ** 2));
  // t correction: only matters for small N; bounded so a huge N is returned as is.
  for (let i = 0; i < 10_000 && (tQuantile(p, n - 1) * cv) / Math.sqrt(n) > target; i++) n++;
  return n;
}

/** The normal-approximation rule without the t correction: ⌈(z·CV/target)²⌉. */
export function requiredSampleSizeNormal(
  cv: number,
  target = DEFAULT_TARGET_CI,
  confidence = DEFAULT_CONFIDENCE,
): number {
  checkCv(cv);
  const z = normalQuantile((1 + confidence) / 2);
  // Slack of 1e-6 so a z that is 1 only up to rounding (c = 68.27 %) gives the exact rule.
  return Math.ceil(((z * cv) / target) ** 2 * (1 - 1e-6));
}

/** Smallest relative difference detectable between two samples of n each. */
export function minimumDetectableDifference(cv: number, n: number, alpha = 0.05, power = 0.8): number {
  checkCv(cv);
  if (!(n >= 1)) throw new RangeError(`minimumDetectableDifference: n must be >= 1, got ${n}`);
  return (normalQuantile(1 - alpha / 2) + normalQuantile(power)) * cv * Math.sqrt(2 / n);
}
