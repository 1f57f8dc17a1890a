// Standard normal CDF and quantile.
// - normalCdf uses simple-statistics' errorFunction (Numerical Recipes erfc Chebyshev fit,
//   fractional error < 1.2e-7), not its `cumulativeStdNormalProbability`, which is a
//   4-digit table lookup and too coarse for p-values.
// - normalQuantile is HAND-WRITTEN because simple-statistics' `probit` uses a closed-form
//   inverse-erf approximation that is off by ~3e-3 at p = 0.975 (1.9572 instead of 1.95996),
//   which would shift every z-based interval. Method: P. J. Acklam's rational approximation
//   (relative error < 1.15e-9), "An algorithm for computing the inverse normal cumulative
//   distribution function" (2003), coefficients as published.

import { errorFunction } from 'simple-statistics';

/** P(Z <= z) for Z ~ N(0, 1). */
export function normalCdf(z: number): number {
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  // Evaluate through the smaller tail so the lower tail keeps its relative precision.
  const tail = 0.5 * (1 - errorFunction(Math.abs(z) / Math.SQRT2));
  return z >= 0 ? 1 - tail : tail;
}

const A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
  2.506628277459239,
];
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

function tailQuantile(p: number): number {
  const q = Math.sqrt(-2 * Math.log(p));
  return (
    (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
    ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1)
  );
}

/** z such that P(Z <= z) = p (Acklam 2003). */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p < P_LOW) return tailQuantile(p);
  if (p > 1 - P_LOW) return -tailQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) /
    (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1)
  );
}
