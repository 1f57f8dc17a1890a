// Standard normal CDF and quantile.
// - normalCdf evaluates the smaller tail as erfc(|z|/√2)/2 with erfc(x) = Q(1/2, x²), the
//   regularized upper incomplete gamma function (Abramowitz & Stegun 7.1.2, 6.5.17), by its
//   series for x² < 1.5 and the Lentz continued fraction otherwise (Numerical Recipes 3rd ed.
//   §6.2, `gser`/`gcf`): relative error < 1e-12 down to z ≈ -37 (Φ ≈ 6e-300; the error of
//   exp(-z²/2) grows with z²), then the tail underflows to 0.
//   HAND-WRITTEN because simple-statistics' errorFunction has an absolute error of ~1e-7, so
//   its lower tail loses all precision below z ≈ -6 and is 0 below z ≈ -8.3.
// - normalQuantile is HAND-WRITTEN because simple-statistics' `probit` uses a closed-form
//   inverse-erf approximation that is off by ~3e-3 at p = 0.975 (1.9572 instead of 1.95996),
//   which would shift every z-based interval. Method: P. J. Acklam's rational approximation
//   (relative error < 1.15e-9), "An algorithm for computing the inverse normal cumulative
//   distribution function" (2003), coefficients as published.

const LN_SQRT_PI = 0.5 * Math.log(Math.PI);
const EPS = 1e-16;
const FPMIN = 1e-300;

/** erfc(x) for x >= 0 as Q(1/2, x²). */
export function erfc(x: number): number {
  if (!(x >= 0)) throw new RangeError(`erfc: x must be >= 0, got ${x}`);
  const X = x * x;
  if (X === 0) return 1;
  if (X < 1.5) {
    // P(1/2, X) by its series; erfc = 1 - P (P <= 0.92 here, so no cancellation to speak of).
    let ap = 0.5;
    let del = 1 / 0.5;
    let sum = del;
    for (let n = 0; n < 200; n++) {
      ap += 1;
      del *= X / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * EPS) break;
    }
    return 1 - sum * Math.exp(-X + 0.5 * Math.log(X) - LN_SQRT_PI);
  }
  // Q(1/2, X) by the continued fraction, modified Lentz.
  let b = X + 0.5;
  let c = 1 / FPMIN;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 300; i++) {
    const an = -i * (i - 0.5);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = b + an / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(-X + 0.5 * Math.log(X) - LN_SQRT_PI) * h;
}

/** P(Z <= z) for Z ~ N(0, 1). */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  // Evaluate through the smaller tail so the lower tail keeps its relative precision.
  const tail = 0.5 * erfc(Math.abs(z) / Math.SQRT2);
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
