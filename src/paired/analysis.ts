// Paired analysis of an A/B run (docs/architecture.md, "Paired runs"): each pair is one
// process of each version run back to back, so a slow episode of the machine that lasts
// seconds hits both; the unit of analysis is the pair's log ratio ln(B/A).
//
// The verdict is a t-interval on the mean log ratio (a one-sample t over pairs). Sequential
// stopping uses a fixed set of looks with a Bonferroni split of alpha: at each of the K looks
// the interval has confidence 1 - alpha/K, so the chance that any look wrongly excludes "no
// change" is at most alpha (union bound), whatever the stopping rule does in between.
// Stopping early for "no difference" (the interval inside ±threshold) only lowers that chance.
import { normalQuantile } from '../statistics/normal.js';
import { tQuantile } from '../statistics/tdist.js';
import { exceedsThreshold } from '../statistics/threshold.js';

export type PairedVerdict = 'faster' | 'slower' | 'no-difference' | 'too-few';

export interface PairedSettings {
  /** Differences at or below this relative size are within noise (e.g. 0.01). */
  threshold: number;
  /** Overall false-positive rate of the run (1 - confidence), split over the looks. */
  alpha: number;
  /** Pair counts at which the verdict is looked at, ascending; the last is the most pairs run. */
  looks: readonly number[];
}

/** Looks at 6, 10, 14 and 20 pairs: alpha/4 each. */
export const DEFAULT_LOOKS: readonly number[] = [6, 10, 14, 20];

/** The default looks up to `maxPairs`, with `maxPairs` itself as the last look. */
export function looksUpTo(maxPairs: number): number[] {
  return [...DEFAULT_LOOKS.filter((n) => n < maxPairs), maxPairs];
}

export interface PairedAnalysis {
  verdict: PairedVerdict;
  /** True when no more pairs are needed: a look found a difference or showed none beyond the threshold. */
  settled: boolean;
  pairs: number;
  /** B/A as a ratio: exp of the mean log ratio and of its interval bounds. */
  ratio: { point: number; ciLow: number; ciHigh: number } | null;
  /** Confidence of this look's interval (1 - alpha/K). */
  confidence: number;
  /** Smallest relative difference this many pairs detect with 80 % power at this look's level. */
  minimumDetectable: number | null;
  /** Pairs for the smallest detectable difference to shrink to the threshold. */
  pairsForThreshold: number | null;
  reason: string;
}

const POWER = 0.8;

/** ln(b / a) per pair; pairs with a non-positive or non-finite side are left out. */
export function pairLogRatios(pairs: readonly { a: number; b: number }[]): number[] {
  return pairs.filter((p) => p.a > 0 && p.b > 0 && Number.isFinite(p.a + p.b)).map((p) => Math.log(p.b / p.a));
}

/** The look level: alpha / number of looks (Bonferroni). */
export function lookAlpha(s: PairedSettings): number {
  return s.alpha / s.looks.length;
}

/** Is `n` pairs one of the looks? */
export function isLook(n: number, s: PairedSettings): boolean {
  return s.looks.includes(n);
}

function meanSd(x: readonly number[]): { mean: number; sd: number } {
  const mean = x.reduce((s, v) => s + v, 0) / x.length;
  const ss = x.reduce((s, v) => s + (v - mean) ** 2, 0);
  return { mean, sd: Math.sqrt(ss / (x.length - 1)) };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Analyses the log ratios at a look; `last` marks the final look (the verdict stands even when unsettled). */
export function analysePairs(logRatios: readonly number[], s: PairedSettings): PairedAnalysis {
  const n = logRatios.length;
  const a = lookAlpha(s);
  const confidence = 1 - a;
  if (n < 2)
    return {
      verdict: 'too-few',
      settled: false,
      pairs: n,
      ratio: null,
      confidence,
      minimumDetectable: null,
      pairsForThreshold: null,
      reason: `${n} usable pair(s): at least 2 are needed`,
    };
  const { mean, sd } = meanSd(logRatios);
  const t = tQuantile(1 - a / 2, n - 1);
  const half = (t * sd) / Math.sqrt(n);
  const ratio = { point: Math.exp(mean), ciLow: Math.exp(mean - half), ciHigh: Math.exp(mean + half) };
  const zPower = normalQuantile(POWER);
  const mddLog = ((t + zPower) * sd) / Math.sqrt(n);
  const bound = Math.log(1 + s.threshold);
  const zLook = normalQuantile(1 - a / 2);
  const pairsForThreshold = sd > 0 ? Math.max(2, Math.ceil((((zLook + zPower) * sd) / bound) ** 2)) : 2;
  const base = {
    pairs: n,
    ratio,
    confidence,
    minimumDetectable: Number.isFinite(mddLog) ? Math.expm1(mddLog) : null,
    pairsForThreshold,
  };
  const excludesOne = ratio.ciLow > 1 || ratio.ciHigh < 1;
  const level = `${(confidence * 100).toFixed(2)} %`;
  if (excludesOne && exceedsThreshold(ratio.point - 1, s.threshold))
    return { ...base, verdict: ratio.ciLow > 1 ? 'slower' : 'faster', settled: true, reason: `${level} CI excludes 1` };
  const inside = ratio.ciLow > Math.exp(-bound) && ratio.ciHigh < Math.exp(bound);
  const reason = inside
    ? `${level} CI lies inside ±${pct(s.threshold)}`
    : excludesOne
      ? `the change ${pct(Math.abs(ratio.point - 1))} does not exceed the threshold ${pct(s.threshold)}`
      : `${level} CI includes 1`;
  return { ...base, verdict: 'no-difference', settled: inside, reason };
}

/** Should the run add another pair after `n` pairs with these log ratios? */
export function needsMorePairs(logRatios: readonly number[], pairsRun: number, s: PairedSettings): boolean {
  const last = s.looks[s.looks.length - 1];
  if (pairsRun >= last) return false;
  if (!isLook(pairsRun, s)) return true;
  return !analysePairs(logRatios, s).settled;
}
