// The smallest relative difference the verdict's own test detects at a given power: the Welch
// t-test of the log ratio over per-process values (src/statistics/t-intervals.ts ratioInterval),
// n processes a side, per-process CV s on both sides, two-sided level α.
//
// Why not the textbook rule (z or t quantiles with 2n − 2 df, statistics/power.ts): the Welch test
// uses a df estimated from the two sample variances, lower than 2n − 2 whenever they differ, and
// with few processes much lower (between n − 1 and 2n − 2). A detectable difference computed with
// 2n − 2 df promised 80 % power where the verdict's test had 41 / 65 / 75 / 78 % at 2 / 3 / 5 / 10
// processes a side.
//
// The exact power under normality with equal variances: write the two sides' sample variances as
// s² · X₁/(n−1) and s² · X₂/(n−1) with X₁, X₂ independent χ²(n−1). The statistic
// T = D / √((s₁² + s₂²)/n) is noncentral t with 2n − 2 df and noncentrality λ = Δ/(s·√(2/n)) for a
// true log ratio Δ, and the Welch df ν = (n−1)·(X₁+X₂)²/(X₁²+X₂²) depends on X₁/(X₁+X₂) only, which is
// independent of X₁ + X₂ and of D. So
//   power(λ) = E[ Φ(λ − c·√(W/(2n−2))) + Φ(−λ − c·√(W/(2n−2))) ],  c = t_{1−α/2, ν}, W = X₁ + X₂,
// an expectation over (X₁, X₂) alone. It is taken over a fixed, seeded sample of DRAWS pairs (the
// integrand is smooth, so the error is far below a binomial one: about ±0.3 % of power), and λ is
// solved by bisection. HAND-WRITTEN: no statistics package for JavaScript has the power of Welch's test.

import { normalCdf } from './normal.js';
import { createRng } from './rng.js';
import { tQuantile } from './tdist.js';

const DRAWS = 4000;
const SEED = 0x5eed_77e1;

interface Draws {
  /** √(W / (2n − 2)) per draw. */
  scale: Float64Array;
  /** The Welch df per draw. */
  df: Float64Array;
}

const drawsByN = new Map<number, Draws>();
const criticalByKey = new Map<string, Float64Array>();
const lambdaByKey = new Map<string, number>();

function chiSquare(next: () => number, k: number): number {
  let sum = 0;
  for (let i = 0; i < k; i++) {
    // Box–Muller on the seeded stream.
    const u = Math.max(next(), 1e-300);
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    sum += z * z;
  }
  return sum;
}

function drawsFor(n: number): Draws {
  let d = drawsByN.get(n);
  if (d) return d;
  const rng = createRng(SEED + n);
  const next = () => rng.next();
  d = { scale: new Float64Array(DRAWS), df: new Float64Array(DRAWS) };
  for (let i = 0; i < DRAWS; i++) {
    const x1 = chiSquare(next, n - 1);
    const x2 = chiSquare(next, n - 1);
    d.scale[i] = Math.sqrt((x1 + x2) / (2 * n - 2));
    d.df[i] = ((n - 1) * (x1 + x2) ** 2) / (x1 * x1 + x2 * x2);
  }
  drawsByN.set(n, d);
  return d;
}

function criticalValues(n: number, alpha: number): Float64Array {
  const key = `${n}:${alpha}`;
  let c = criticalByKey.get(key);
  if (c) return c;
  const d = drawsFor(n);
  c = d.df.map((df) => tQuantile(1 - alpha / 2, df));
  criticalByKey.set(key, c);
  return c;
}

/** Power of the two-sided Welch test at noncentrality λ, n per side, equal variances (see above). */
export function welchPower(lambda: number, n: number, alpha = 0.05): number {
  checkN(n);
  const d = drawsFor(n);
  const c = criticalValues(n, alpha);
  let sum = 0;
  for (let i = 0; i < DRAWS; i++) {
    const edge = c[i] * d.scale[i];
    sum += normalCdf(lambda - edge) + normalCdf(-lambda - edge);
  }
  return sum / DRAWS;
}

function checkN(n: number): void {
  if (!(Number.isInteger(n) && n >= 2)) throw new RangeError(`welch power: n must be an integer >= 2, got ${n}`);
}

/** The noncentrality at which welchPower reaches `power` (bisection; power is increasing in λ). */
function lambdaFor(n: number, alpha: number, power: number): number {
  const key = `${n}:${alpha}:${power}`;
  const cached = lambdaByKey.get(key);
  if (cached !== undefined) return cached;
  let lo = 0;
  let hi = 1;
  while (welchPower(hi, n, alpha) < power) hi *= 2;
  for (let i = 0; i < 50 && hi - lo > 1e-6 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (welchPower(mid, n, alpha) < power) lo = mid;
    else hi = mid;
  }
  lambdaByKey.set(key, hi);
  return hi;
}

/**
 * Smallest relative slowdown (contender/base − 1) that the Welch test of the log ratio detects with
 * probability `power`, n processes a side, per-process CV `cv`; NaN with n < 2.
 */
export function welchDetectableDifference(cv: number, n: number, alpha = 0.05, power = 0.8): number {
  if (!(cv >= 0 && Number.isFinite(cv)))
    throw new RangeError(`welchDetectableDifference: CV must be finite and >= 0, got ${cv}`);
  if (!(n >= 2)) return NaN;
  const units = Math.floor(n);
  return Math.expm1(lambdaFor(units, alpha, power) * cv * Math.sqrt(2 / units));
}
