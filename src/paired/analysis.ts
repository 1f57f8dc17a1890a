// Paired analysis of an A/B run (docs/decisions.md, "Paired runs"): each pair is one
// process of each version run back to back, so a slow episode of the machine that lasts
// seconds hits both; the unit of analysis is the pair's log ratio ln(B/A).
//
// The verdict is Yuen's interval on the 20 % trimmed mean log ratio (src/statistics/trimmed.ts):
// on a shared machine one process in a pair is sometimes slowed 40-50 % by another job, and one
// such pair widens a plain t-interval past any use. Looked at after 4, 6, 8, ... pairs. Two rules:
// - difference: the look's interval excludes 1 at the nominal level of a Lan–DeMets
//   O'Brien–Fleming-type alpha-spending bound (spending.ts), so the chance that any look
//   wrongly reports a difference is alpha overall. Bounds are on the z scale; each is used as
//   a t quantile at the same nominal level with Yuen's degrees of freedom.
// - no difference: the 90 % interval lies inside ±threshold (the smallest change the user cares
//   about), never a wider band: two one-sided tests at 5 % each, the textbook equivalence test. A
//   noisy run that cannot narrow its interval that far runs to the last look and cannot tell.
//   This only ever stops a run without a difference, so it cannot raise the false-positive rate.
//   It is looked at on every look, so a change just past the threshold reads "no difference" more
//   often than one look's 5 %: at exactly the threshold in 11-17 % of runs (pair sd 0.5-2 %), at
//   1.2× it in about 7 %, at 1.5× in 3 % or less (test/paired/analysis.slow.test.ts); with the
//   80 % interval used before, 22-27 %, 12-15 % and up to 7 %.
import { DEFAULT_MAX_PAIRS } from '../defaults.js';
import type { Verdict } from '../results/schema.js';
import { normalQuantile } from '../statistics/normal.js';
import { tQuantile } from '../statistics/tdist.js';
import { exceedsThreshold } from '../statistics/threshold.js';
import { trimmedMean } from '../statistics/trimmed.js';
import { percent, settingPercent } from '../text/format.js';
import { spendingBounds } from './spending.js';

/**
 * 'cannot-tell': neither a difference beyond the threshold nor an interval inside the band; so
 * far, or after the last look (then the run could not tell, and says why). Files written before
 * this name carry 'inconclusive' for it (document-schema.ts accepts both).
 */
export type PairedVerdict = Extract<Verdict, 'faster' | 'slower' | 'no-difference' | 'cannot-tell' | 'too-few'>;

export interface PairedSettings {
  /** Differences at or below this relative size are within noise (e.g. 0.01). */
  threshold: number;
  /** Overall false-positive rate of the run (1 - confidence), spent over the looks. */
  alpha: number;
  /** Pair counts at which the verdict is looked at, ascending; the last is the most pairs run. */
  looks: readonly number[];
  /**
   * With a gate over several benchmarks: how many `alpha` was divided among (Bonferroni; suiteSettings).
   * Absent: `alpha` is the benchmark's own.
   */
  family?: number;
}

/**
 * The settings of a gated run over `benchmarks` benchmarks: each benchmark's sequential design at
 * alpha / benchmarks (Bonferroni), so the chance that any unchanged benchmark fails the gate stays
 * at most alpha. Bonferroni rather than Holm: each benchmark stops on its own spending bound, and
 * a group-sequential design has no single p-value for a step-down procedure to order.
 */
export function suiteSettings(s: PairedSettings, benchmarks: number): PairedSettings {
  if (benchmarks <= 1 || s.family !== undefined) return s;
  return { ...s, alpha: s.alpha / benchmarks, family: benchmarks };
}

/** Confidence of the interval that must lie inside ±threshold to stop for "no difference". */
export const NO_DIFFERENCE_CONFIDENCE = 0.9;
const FIRST_LOOK = 4;
const LOOK_EVERY = 2;

/** Looks at 4, 6, 8, ... pairs up to `maxPairs`, with `maxPairs` itself as the last look. */
export function looksUpTo(maxPairs: number): number[] {
  const looks: number[] = [];
  for (let n = FIRST_LOOK; n < maxPairs; n += LOOK_EVERY) looks.push(n);
  return [...looks, maxPairs];
}

/** Looks at 4, 6, ... pairs up to DEFAULT_MAX_PAIRS (20). */
export const DEFAULT_LOOKS: readonly number[] = looksUpTo(DEFAULT_MAX_PAIRS);

export interface PairedAnalysis {
  verdict: PairedVerdict;
  /** True when no more pairs are needed: a look found a difference or showed none beyond the threshold. */
  settled: boolean;
  pairs: number;
  /** B/A as a ratio: exp of the trimmed mean log ratio and of its interval bounds (at `confidence`). */
  ratio: { point: number; ciLow: number; ciHigh: number } | null;
  /** Confidence of this look's interval: 1 - the nominal level of its spending bound. */
  confidence: number;
  /** Smallest relative difference this many pairs detect with 80 % power at this look's level. */
  minimumDetectable: number | null;
  /** Pairs for the smallest detectable difference to shrink to the threshold (fixed-sample estimate). */
  pairsForThreshold: number | null;
  /**
   * The interval the "no difference" rule judged inside ±band: B/A at NO_DIFFERENCE_CONFIDENCE (absent
   * when the verdict is not 'no-difference'). It is narrower than `ratio`, which is at the look's level.
   */
  equivalence?: { ciLow: number; ciHigh: number; confidence: number; band: number };
  reason: string;
}

const POWER = 0.8;
/**
 * Share of alpha the z-scale bounds spend. Used as t quantiles with Yuen's few degrees of freedom,
 * the looks' statistics correlate less than the z ones assume and the whole run overshoots: 6.5 %
 * at alpha 5 % in simulation with the full share, 4.8 % with 0.75 (test/paired/analysis.slow.test.ts).
 */
const SPENDING_SHARE = 0.75;
/** Share of pairs dropped from each end before averaging. */
const TRIM = 0.2;

/** ln(b / a) per pair; pairs with a non-positive or non-finite side are left out. */
export function pairLogRatios(pairs: readonly { a: number; b: number }[]): number[] {
  return pairs.filter((p) => p.a > 0 && p.b > 0 && Number.isFinite(p.a + p.b)).map((p) => Math.log(p.b / p.a));
}

const boundCache = new Map<string, number>();

/** Nominal two-sided level of the bound at `pairsRun` pairs (a planned look or not: spending allows both). */
export function lookAlpha(pairsRun: number, s: PairedSettings): number {
  const last = s.looks[s.looks.length - 1];
  const looks = [...s.looks.filter((n) => n < pairsRun), Math.min(pairsRun, last)];
  const key = `${s.alpha * SPENDING_SHARE}:${last}:${looks.join(',')}`;
  let a = boundCache.get(key);
  if (a === undefined) {
    const bounds = spendingBounds(
      looks.map((n) => n / last),
      s.alpha * SPENDING_SHARE,
    );
    a = bounds[bounds.length - 1].nominalAlpha;
    boundCache.set(key, a);
  }
  return a;
}

/** A confidence level with enough digits to tell it from 100 % (99.9972 %, 97.16 %). */
export function confidenceText(c: number): string {
  const digits = Math.min(8, Math.max(2, Math.ceil(-Math.log10(1 - c)) - 1));
  return percent(c, digits);
}

/** Is `n` pairs one of the looks? */
export function isLook(n: number, s: PairedSettings): boolean {
  return s.looks.includes(n);
}

const pct = (x: number): string => percent(x);

/** The verdict after `pairsRun` pairs (default: one per log ratio) with these log ratios. */
export function analysePairs(
  logRatios: readonly number[],
  s: PairedSettings,
  pairsRun = logRatios.length,
): PairedAnalysis {
  const n = logRatios.length;
  const a = lookAlpha(Math.max(pairsRun, 1), s);
  const confidence = 1 - a;
  const tooFew = (reason: string): PairedAnalysis => ({
    verdict: 'too-few',
    settled: false,
    pairs: n,
    ratio: null,
    confidence,
    minimumDetectable: null,
    pairsForThreshold: null,
    reason,
  });
  if (n < 2) return tooFew(`${n} usable pair(s): at least 2 are needed`);
  const { mean, se, df } = trimmedMean(logRatios, TRIM);
  // The spread a plain mean of n pairs would need for this standard error (for the power figures).
  const sd = se * Math.sqrt(n);
  const t = tQuantile(1 - a / 2, df);
  const ratio = { point: Math.exp(mean), ciLow: Math.exp(mean - t * se), ciHigh: Math.exp(mean + t * se) };
  // Between looks the level is extreme (little alpha spent): with 2 or 3 pairs the interval can be
  // unbounded (seen after Ctrl-C: [0.000, Infinity]), which says nothing; that is too few pairs.
  if (!Number.isFinite(ratio.ciHigh) || !(ratio.ciLow > 0))
    return tooFew(`${n} pairs give no bounded interval at ${confidenceText(confidence)}`);
  const zPower = normalQuantile(POWER);
  const mddLog = (t + zPower) * se;
  const bound = Math.log(1 + s.threshold);
  const zFinal = normalQuantile(1 - s.alpha / 2);
  const pairsForThreshold = sd > 0 ? Math.max(2, Math.ceil((((zFinal + zPower) * sd) / bound) ** 2)) : 2;
  const base = {
    pairs: n,
    ratio,
    confidence,
    minimumDetectable: Number.isFinite(mddLog) ? Math.expm1(mddLog) : null,
    pairsForThreshold,
  };
  const excludesOne = ratio.ciLow > 1 || ratio.ciHigh < 1;
  const level = confidenceText(confidence);
  if (excludesOne && exceedsThreshold(ratio.point - 1, s.threshold))
    return { ...base, verdict: ratio.ciLow > 1 ? 'slower' : 'faster', settled: true, reason: `${level} CI excludes 1` };
  const tEq = tQuantile(1 - (1 - NO_DIFFERENCE_CONFIDENCE) / 2, df) * se;
  // The band is the threshold, whatever the noise: "no difference" is never said of an interval wider
  // than the change the user cares about (a noisy run cannot tell instead).
  const band = bound;
  const inside = mean - tEq > -band && mean + tEq < band;
  const eqLevel = `${Math.round(NO_DIFFERENCE_CONFIDENCE * 100)} %`;
  const bandText = `±${settingPercent(s.threshold)}`;
  const reason = inside
    ? `${eqLevel} CI lies inside ${bandText}`
    : excludesOne
      ? `the change ${pct(Math.abs(ratio.point - 1))} does not exceed the threshold ${settingPercent(s.threshold)}`
      : `${level} CI includes 1`;
  if (!inside) return { ...base, verdict: 'cannot-tell', settled: false, reason };
  const equivalence = {
    ciLow: Math.exp(mean - tEq),
    ciHigh: Math.exp(mean + tEq),
    confidence: NO_DIFFERENCE_CONFIDENCE,
    // The band's half-width as a relative change: the threshold.
    band: Math.expm1(band),
  };
  return { ...base, verdict: 'no-difference', settled: true, equivalence, reason };
}

/** Should the run add another pair after `pairsRun` pairs with these log ratios? */
export function needsMorePairs(logRatios: readonly number[], pairsRun: number, s: PairedSettings): boolean {
  const last = s.looks[s.looks.length - 1];
  if (pairsRun >= last) return false;
  if (!isLook(pairsRun, s)) return true;
  return !analysePairs(logRatios, s, pairsRun).settled;
}
