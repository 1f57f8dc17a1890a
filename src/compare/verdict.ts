// The verdict of one pair (DESIGN §6): faster / slower / no-difference / incomparable.
// Built on analysis/compare.ts `compareForks` (ratio contender/base of the headline statistic
// with a hierarchical percentile bootstrap CI, noise threshold, Mann–Whitney p) and adds:
//
// 1. Small-sample expansion of the percentile interval (Hesterberg, "What teachers should know
//    about the bootstrap", The American Statistician 69(4), 2015, §"expanded percentile
//    interval"): the bootstrap of a mean of n units has variance (n-1)/n of the true one and
//    uses normal instead of t quantiles, so with few processes its intervals are too narrow.
//    The tail level is widened to α'/2 = Φ(-√(n/(n-1))·t_{1-α/2, df}). Here n = the smaller
//    number of processes (batches when a side has one process) and df = n_b + n_c - 2.
//    Measured on synthetic forks (3 processes each, between-process CV 3 %, within 1 %):
//    the plain percentile interval called 16 % of A/A pairs different at α = 0.05.
// 2. The rank test on the honest unit: with >= 4 processes per side, Mann–Whitney on the
//    per-process statistics (exact; with 3 the smallest two-sided p is 0.1, so it could never
//    object); otherwise compareForks' test over pooled batches, labelled as such.
// 3. A reason whenever the verdict is not plain, including when the test and the CI disagree.
// Assumption checks (environment, errors, checksums) live in assumptions.ts.

import { compareForks } from '../analysis/compare.js';
import { forkStatistic, isUsableBatch } from '../analysis/fork-fit.js';
import type { ForkResult, Statistic } from '../results/schema.js';
import { describe } from '../statistics/describe.js';
import { mannWhitney } from '../statistics/mann-whitney.js';
import { normalCdf } from '../statistics/normal.js';
import { tQuantile } from '../statistics/tdist.js';
import { exceedsThreshold, withinNoiseReason } from '../statistics/threshold.js';
import type { CompareSettings, VerdictResult } from './types.js';
import { formatPValue } from '../statistics/p-value.js';

export const MIN_PROCESSES_FOR_PROCESS_TEST = 4;

/** Hesterberg's expanded confidence for n units (n >= 2) and df degrees of freedom. */
export function expandedConfidence(confidence: number, n: number, df = n - 1): number {
  if (!(n >= 2) || !(df >= 1)) return confidence;
  const alpha = 1 - confidence;
  const z = Math.sqrt(n / (n - 1)) * tQuantile(1 - alpha / 2, df);
  // Keep the level usable by a quantile of 2000 resamples' extremes (1 - 1e-9 is the min/max).
  return Math.min(1 - 1e-9, 1 - 2 * normalCdf(-z));
}

/**
 * Smallest relative difference detectable at `power` with n processes per side and per-process
 * CV `cv`, consistent with the interval above (derivation in aa.ts); NaN with n < 2.
 */
export function detectableDifference(cv: number, n: number, alpha = 0.05, power = 0.8): number {
  if (!(n >= 2)) return NaN;
  const df = 2 * n - 2;
  return (Math.sqrt(n / (n - 1)) * tQuantile(1 - alpha / 2, df) + tQuantile(power, df)) * cv * Math.sqrt(2 / n);
}

function pooledProcessCv(sides: readonly (readonly ForkResult[])[], statistic: Statistic): number {
  const vars = sides.map((forks) => {
    const points = forks.map((f) => forkStatistic(f.batches.filter(isUsableBatch), statistic)).filter(Number.isFinite);
    return points.length >= 2 ? describe(points).cv ** 2 : NaN;
  });
  return Math.sqrt((vars[0] + vars[1]) / 2);
}

export interface ForkVerdict extends VerdictResult {
  statistic: Statistic;
  /** Smallest relative difference detectable at 80 % power (detectableDifference), null with < 2 processes. */
  minimumDetectable: number | null;
}

const pct = (x: number): string => `${(x * 100).toFixed(2)} %`;

function usable(forks: readonly ForkResult[]): ForkResult[] {
  return forks.filter((f) => f.batches.filter(isUsableBatch).length >= 2);
}

export function verdictForForks(
  baseForks: readonly ForkResult[],
  contenderForks: readonly ForkResult[],
  s: CompareSettings,
): ForkVerdict {
  const base = usable(baseForks);
  const cont = usable(contenderForks);
  const alpha = 1 - s.confidence;
  const single = base.length < 2 || cont.length < 2;
  const n = single ? Math.min(...[...base, ...cont].map((f) => f.batches.length)) : Math.min(base.length, cont.length);
  const df = single ? n - 1 : base.length + cont.length - 2;
  const expanded = expandedConfidence(s.confidence, n, df);
  const c = compareForks(base, cont, {
    statistic: s.statistic,
    confidence: expanded,
    resamples: s.resamples,
    seed: s.seed,
    noiseThreshold: s.threshold,
    alpha,
  });
  const statistic = c.statistic;
  const units = single
    ? `batches (${base.length === 1 && cont.length === 1 ? '1 process each' : 'a side has 1 process'})`
    : `${base.length} vs ${cont.length} processes`;
  const ciMethod = `hierarchical percentile bootstrap of the ratio over ${units}, expanded for small samples (Hesterberg 2015) to the ${pct(expanded)} percentiles`;

  let pValue = c.pValue;
  let test = c.test;
  if (Math.min(base.length, cont.length) >= MIN_PROCESSES_FOR_PROCESS_TEST) {
    const mw = mannWhitney(
      base.map((f) => forkStatistic(f.batches.filter(isUsableBatch), statistic)),
      cont.map((f) => forkStatistic(f.batches.filter(isUsableBatch), statistic)),
    );
    pValue = mw.pValue;
    test = `Mann–Whitney U over per-process ${statistic} (${mw.method})`;
  }
  const ratio = { point: c.ratio.point, ciLow: c.ratio.ciLow, ciHigh: c.ratio.ciHigh };
  const mdd = single
    ? NaN
    : detectableDifference(pooledProcessCv([base, cont], statistic), Math.min(base.length, cont.length), alpha);
  const head = {
    ratio,
    pValue,
    statistic,
    minimumDetectable: Number.isFinite(mdd) ? mdd : null,
    confidence: s.confidence,
    method: `${ciMethod}; test: ${test}`,
  };

  if (c.verdict === 'incomparable') return { ...head, verdict: 'incomparable', reason: c.reason };
  const excludesOne = ratio.ciLow > 1 || ratio.ciHigh < 1;
  const testSays = pValue < alpha;
  const disagree =
    excludesOne !== testSays
      ? `; the rank test ${testSays ? 'finds' : 'does not find'} a difference (p = ${formatPValue(pValue)}), the CI decides`
      : '';
  const diff = Math.abs(ratio.point - 1);
  if (!excludesOne)
    return {
      ...head,
      verdict: 'no-difference',
      reason: `the ${pct(s.confidence)} CI of the ratio includes 1${disagree}`,
    };
  if (!exceedsThreshold(diff, s.threshold))
    return { ...head, verdict: 'no-difference', reason: `${withinNoiseReason(diff, s.threshold)}${disagree}` };
  const verdict = ratio.ciHigh < 1 ? 'faster' : 'slower';
  return disagree ? { ...head, verdict, reason: disagree.slice(2) } : { ...head, verdict };
}
