// Student's t distribution: CDF, quantile and the t-based CI of a mean.
// HAND-WRITTEN: simple-statistics has tTest/tTestTwoSample (the statistics) but no t CDF
// or quantile, so it cannot turn a statistic into a p-value or an interval.
// Method: the CDF through the regularized incomplete beta function,
//   P(T > t) = 0.5 * I_{v/(v+t^2)}(v/2, 1/2)  for t >= 0
// (Abramowitz & Stegun 26.7.1 / 26.5.27), with I_x(a, b) by the Lentz continued fraction of
// Numerical Recipes 3rd ed. §6.4 (`betacf`), and log-gamma from simple-statistics.
// The quantile inverts the upper tail by safeguarded Newton (bracket + bisection fallback),
// so it works for non-integer degrees of freedom (Welch) too.

import { gammaln, mean, sampleStandardDeviation } from 'simple-statistics';
import { normalQuantile, normalCdf } from './normal.js';
import { DEFAULT_CONFIDENCE } from '../defaults.js';

const FPMIN = 1e-300;

/** Continued fraction for I_x(a, b), Numerical Recipes §6.4. */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < FPMIN) d = FPMIN;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 1000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = 1 + aa / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = 1 + aa / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = gammaln(a + b) - gammaln(a) - gammaln(b) + a * Math.log(x) + b * Math.log1p(-x);
  const front = Math.exp(lnFront);
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T > t) for t >= 0 computed directly (keeps precision far in the tail). */
function upperTail(t: number, df: number): number {
  return 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

function tPdf(t: number, df: number): number {
  const ln =
    gammaln((df + 1) / 2) - gammaln(df / 2) - 0.5 * Math.log(df * Math.PI) - ((df + 1) / 2) * Math.log1p((t * t) / df);
  return Math.exp(ln);
}

function checkDf(df: number): void {
  if (!(df > 0)) throw new RangeError(`t distribution: degrees of freedom must be > 0, got ${df}`);
}

/** P(T <= t) for T ~ t(df). df = Infinity gives the normal CDF. */
export function tCdf(t: number, df: number): number {
  checkDf(df);
  if (df === Infinity) return normalCdf(t);
  if (Number.isNaN(t)) return NaN;
  const tail = upperTail(Math.abs(t), df);
  return t >= 0 ? 1 - tail : tail;
}

/** t such that P(T <= t) = p for T ~ t(df). */
export function tQuantile(p: number, df: number): number {
  checkDf(df);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`tQuantile: p must be in [0, 1], got ${p}`);
  if (df === Infinity) return normalQuantile(p);
  if (p === 0.5) return 0;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const target = p > 0.5 ? 1 - p : p; // upper-tail probability of |t|
  let lo = 0;
  // -Φ⁻¹(target), not Φ⁻¹(1 - target): 1 - target rounds to 1 for target < ~1e-16.
  let hi = Math.max(1, -normalQuantile(target));
  while (upperTail(hi, df) > target && Number.isFinite(hi)) {
    lo = hi;
    hi *= 2;
  }
  let t = (lo + hi) / 2;
  for (let i = 0; i < 200; i++) {
    const f = upperTail(t, df) - target; // decreasing in t
    if (f > 0) lo = t;
    else hi = t;
    let next = t + f / tPdf(t, df); // Newton on the tail: d/dt tail = -pdf
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - t) <= 1e-14 * Math.max(1, Math.abs(t))) {
      t = next;
      break;
    }
    t = next;
  }
  return p > 0.5 ? t : -t;
}

/**
 * Two-sided CI of the mean: mean ± t_{(1+c)/2, n-1} · s/√n (s = sample stddev).
 * Returns [NaN, NaN] with fewer than 2 values (the interval is undefined, not zero-width).
 */
export function meanCi(values: readonly number[], confidence = DEFAULT_CONFIDENCE): [number, number] {
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`meanCi: confidence must be in (0, 1), got ${confidence}`);
  const n = values.length;
  if (n < 2) return [NaN, NaN];
  const m = mean(values as number[]);
  const half = tQuantile((1 + confidence) / 2, n - 1) * (sampleStandardDeviation(values as number[]) / Math.sqrt(n));
  return [m - half, m + half];
}
