// Group-sequential efficacy bounds by Lan–DeMets alpha spending with the two-sided
// O'Brien–Fleming-type function alpha(t) = 4 - 4 Phi(z_{1-alpha/4} / sqrt(t)), t = pairs so far / most pairs
// (Lan & DeMets, Biometrika 70, 1983). Early looks spend almost nothing, so a run that stops
// early needs a clear difference, and the last look is close to the fixed-sample test.
// Looks need not be planned: the bound at a look depends only on the looks before it.
//
// HAND-WRITTEN: no maintained npm package computes group-sequential bounds. The exit
// probabilities are the recursive integrals of Armitage, McPherson & Rowe (1969) for the
// score statistic S_k = Z_k sqrt(t_k), whose increments are independent normal with variance
// t_k - t_{k-1} under "no change" (Jennison & Turnbull, "Group Sequential Methods", ch. 19);
// integrated on a grid with the trapezoid rule and each bound found by bisection.
import { normalCdf, normalQuantile } from '../statistics/normal.js';

/** Alpha spent by information fraction t (0 < t <= 1), O'Brien–Fleming type, two-sided. */
export function obrienFlemingSpent(t: number, alpha: number): number {
  if (t >= 1) return alpha;
  return 4 - 4 * normalCdf(normalQuantile(1 - alpha / 4) / Math.sqrt(t));
}

const GRID = 401;
const density = (x: number, variance: number) =>
  Math.exp((-x * x) / (2 * variance)) / Math.sqrt(2 * Math.PI * variance);

/** Mass of S_k beyond ±bound given the sub-density `f` of S_{k-1} on `xs` (grid step h) and increment variance v. */
function exitMass(xs: number[], f: number[], h: number, v: number, bound: number): number {
  const sd = Math.sqrt(v);
  let m = 0;
  for (let i = 0; i < xs.length; i++) {
    const p = normalCdf((-bound - xs[i]) / sd) + normalCdf((xs[i] - bound) / sd);
    m += (i === 0 || i === xs.length - 1 ? 0.5 : 1) * f[i] * p;
  }
  return m * h;
}

/** The sub-density of S_k on a grid over (-bound, bound), from that of S_{k-1} (or none at the first look). */
function nextDensity(prev: { xs: number[]; f: number[]; h: number } | null, v: number, bound: number) {
  const h = (2 * bound) / (GRID - 1);
  const xs = Array.from({ length: GRID }, (_, i) => -bound + i * h);
  const f = xs.map((x) => {
    if (!prev) return density(x, v);
    let s = 0;
    for (let j = 0; j < prev.xs.length; j++)
      s += (j === 0 || j === prev.xs.length - 1 ? 0.5 : 1) * prev.f[j] * density(x - prev.xs[j], v);
    return s * prev.h;
  });
  return { xs, f, h };
}

export interface SequentialBound {
  /** Information fraction of the look. */
  t: number;
  /** Reject "no change" when |Z| >= z at this look. */
  z: number;
  /** The nominal two-sided level of that bound: 2 (1 - Phi(z)). */
  nominalAlpha: number;
  /** Alpha spent up to and including this look. */
  spent: number;
}

/** Two-sided bounds for looks at information fractions `ts` (ascending, last <= 1). */
export function spendingBounds(ts: readonly number[], alpha: number): SequentialBound[] {
  const out: SequentialBound[] = [];
  let prev: { xs: number[]; f: number[]; h: number } | null = null;
  let spentBefore = 0;
  let tPrev = 0;
  for (const t of ts) {
    const spent = obrienFlemingSpent(t, alpha);
    const target = Math.max(spent - spentBefore, 1e-15);
    const v = t - tPrev;
    // Exit mass in the score scale is decreasing in the bound; bisect on b = z sqrt(t).
    const mass = (b: number) => (prev ? exitMass(prev.xs, prev.f, prev.h, v, b) : 2 * normalCdf(-b / Math.sqrt(v)));
    let lo = 0;
    let hi = 12 * Math.sqrt(t);
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (mass(mid) > target) lo = mid;
      else hi = mid;
    }
    const z = hi / Math.sqrt(t);
    out.push({ t, z, nominalAlpha: 2 * normalCdf(-z), spent });
    prev = nextDensity(prev, v, hi);
    spentBefore = spent;
    tPrev = t;
  }
  return out;
}
