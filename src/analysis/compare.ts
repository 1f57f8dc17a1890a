// Comparison of a contender with a baseline: one of six answers.
// - ratio = contender / base of the headline statistic (mean over processes), with a Welch
//   t-interval over the per-process values (statistics/t-intervals.ts) when both sides have
//   >= MIN_PROCESSES_FOR_VERDICT processes; else a percentile bootstrap over batches, shown
//   but not judged ('too-few'). < 1 means the contender is faster.
// - verdict (statistics/threshold.ts intervalVerdict): 'faster' / 'slower' only when the ratio CI
//   excludes 1 AND |ratio - 1| exceeds the noise threshold (default 1 %); 'no-difference' only when
//   the whole CI lies inside ±threshold; any other interval → 'cannot-tell', with about how many
//   processes would settle it; a broken assumption → 'incomparable'.
// - pValue: two-sided p of "no change" by the Welch test the ratio interval inverts
//   (statistics/t-intervals.ts intervalPValue): the same test, over the same unit (processes), as
//   the interval and the verdict, so a p below α goes with an interval that excludes 1 and no
//   other. null without that interval (fewer than MIN_PROCESSES_FOR_VERDICT processes a side): a
//   test over batches would treat batches of one process as independent, which they are not.

import { mean } from 'simple-statistics';
import type { AnalysisDetail, Batch, DetailCode, ForkResult, Statistic, Verdict } from '../results/schema.js';
import { detail, type DetailValues } from '../results/detail-schema.js';
import { bootstrapRatio } from '../statistics/bootstrap.js';
import { describe } from '../statistics/describe.js';
import { twoStageRatioInterval } from '../statistics/t-intervals.js';
import { intervalVerdict, unitsToResolve, type IntervalVerdict } from '../statistics/threshold.js';
import { welchDetectableDifference } from '../statistics/welch-power.js';
import * as D from './defaults.js';
import { allManual, manualStatistic } from './manual.js';
import { forkStatistic, isUsableBatch, pooledStatistic } from './fork-fit.js';
import { driftDetail, stageDrift } from './run-drift.js';

/**
 * Processes per side below which no verdict is given. With 1 the interval covers batch noise
 * only, so process-to-process differences read as real (A/A: 76 % called different); from 2
 * the t-interval keeps the A/A false-positive rate at or below α (docs/measurements.md, "Coverage").
 */
export const MIN_PROCESSES_FOR_VERDICT = 2;

/** Why there is no verdict with too few processes, as data. */
export function tooFewProcesses(base: number, contender: number): AnalysisDetail {
  return {
    code: 'too-few-processes',
    severity: 'warning',
    values: { need: MIN_PROCESSES_FOR_VERDICT, base, contender },
  };
}

/** A warning detail: why a comparison's answer is not the plain one. */
export const warningDetail = <C extends DetailCode>(code: C, values: DetailValues[C]): AnalysisDetail =>
  detail(code, values);

/** How compareForks compares two benchmarks' processes. */
export interface ForkCompareOptions {
  statistic?: Statistic | 'auto';
  confidence?: number;
  resamples?: number;
  seed?: number;
  /** Relative difference below which a significant result is "within noise" (default 0.01). */
  noiseThreshold?: number;
  /** Significance level of the rank test used to compute the detectable difference (default 0.05). */
  alpha?: number;
  /** The two benchmarks returned different checksums: they did different work. */
  checksumsDiffer?: boolean;
  /** Set by the environment check (CPU, governor, Node/V8, pinning, ASLR, contamination). */
  incomparableReason?: string;
  /**
   * Per side, the planned process count when the run added processes to it (the `processes-added`
   * detail): processes with a lower index were the first stage, whose spread chose how many to add.
   */
  planned?: readonly [number | undefined, number | undefined];
}

/** Two benchmarks' processes compared (compareForks): the ratio contender/baseline and its verdict. */
export interface ForkComparison {
  statistic: Statistic;
  ratio: { point: number; ciLow: number; ciHigh: number; confidence: number; method: string };
  /** p of the Welch test the interval inverts; null without that interval. */
  pValue: number | null;
  test: string;
  verdict: Verdict;
  /** Why the verdict is not the plain one, as data (src/report/details.ts words it). */
  because?: AnalysisDetail;
  /** Smallest relative difference the Welch test detects at 80 % power with these processes (statistics/welch-power.ts; null with < 2 per side). */
  minimumDetectable: number | null;
  /** Two-sided p of the Welch test the ratio interval inverts (null: no interval); suite-level gates use it. */
  ciPValue: number | null;
  /** Each side's value of `statistic`, ns/op, of which `ratio.point` is the quotient (contender / baseline). */
  sides: readonly [number, number];
  /**
   * Set when a side's processes added later read differently from its planned ones and the
   * interval's verdict does not hold against each stage (./run-drift.ts): the verdict is then
   * 'cannot-tell' with this as its reason, whatever else is weighed.
   */
  drift?: AnalysisDetail;
}

/** The usable batches of each process with 2 or more, and whether that process was planned (below `planned`). */
function groupsOf(forks: readonly ForkResult[], planned?: number): { groups: Batch[][]; first: boolean[] } {
  const kept = forks
    .map((f) => ({ g: f.batches.filter(isUsableBatch), first: planned === undefined || f.index < planned }))
    .filter((k) => k.g.length >= 2);
  if (kept.length === 0) throw new RangeError('compareForks: a side has no process with 2 or more usable batches');
  return { groups: kept.map((k) => k.g), first: kept.map((k) => k.first) };
}

const singleSize = (g: readonly Batch[]): boolean => new Set(g.map((b) => b.iterations)).size < 2;

interface RatioCi {
  point: number;
  ciLow: number;
  ciHigh: number;
  method: string;
  /** p of the Welch test the interval inverts (intervalPValue); absent for the bootstrap. */
  ciPValue?: number;
  /** Each side's value whose quotient is `point`: the mean of its per-process values, or its pooled value. */
  sides: [number, number];
}

/** Welch t over per-process values with enough processes; else a bootstrap over batches (shown, no verdict). */
function ratioOf(
  base: Batch[][],
  contender: Batch[][],
  statistic: Statistic,
  /** Per side: its processes timed their own samples (fork-fit.ts fitFork). */
  manual: readonly [boolean, boolean],
  enough: boolean,
  opts: ForkCompareOptions & { confidence: number },
  first: readonly [boolean[], boolean[]],
): RatioCi {
  const points = [base, contender].map((side, i) => side.map((g) => forkStatistic(g, statistic, manual[i])));
  if (enough && points.every((p) => p.every(Number.isFinite))) {
    const t = twoStageRatioInterval(points[0], points[1], opts.confidence, first);
    const units = `${base.length} vs ${contender.length} processes, df ${t.df.toFixed(1)}`;
    const stages = first.map((f) => f.filter(Boolean).length);
    const added = first.some((f, i) => stages[i] < f.length && stages[i] >= 2)
      ? `; two-stage: planned ${stages[0]} and ${stages[1]}, union with Stein's`
      : '';
    const method = `Welch t-interval of the log ratio over per-process values (${units}${added})`;
    const sides: [number, number] = [mean(points[0]), mean(points[1])];
    return { point: t.point, ciLow: t.ciLow, ciHigh: t.ciHigh, method, ciPValue: t.pValue, sides };
  }
  const pooled = (g: Batch[][], side: 0 | 1): number => pooledStatistic(g, statistic, manual[side]);
  const b = bootstrapRatio(base, contender, pooled, {
    resamples: opts.resamples ?? D.DEFAULT_RESAMPLES,
    confidence: opts.confidence,
    seed: opts.seed ?? D.DEFAULT_SEED,
  });
  const only = enough ? '' : '; batches only: process-to-process variation is not covered';
  const sides: [number, number] = [pooled(base, 0), pooled(contender, 1)];
  return { point: b.point, ciLow: b.ciLow, ciHigh: b.ciHigh, method: `${b.method}${only}`, sides };
}

export function compareForks(
  baseForks: readonly ForkResult[],
  contenderForks: readonly ForkResult[],
  opts: ForkCompareOptions = {},
): ForkComparison {
  const b = groupsOf(baseForks, opts.planned?.[0]);
  const c = groupsOf(contenderForks, opts.planned?.[1]);
  const [base, contender] = [b.groups, c.groups];
  const asked: Statistic = !opts.statistic || opts.statistic === 'auto' ? D.DEFAULT_STATISTIC : opts.statistic;
  // As the headline does (estimate.ts): no slope of manually timed samples (manual.ts), nor
  // without 2 batch sizes in every process, so the mean.
  const manual = [allManual(baseForks), allManual(contenderForks)] as const;
  const byManual = manualStatistic([...baseForks, ...contenderForks], asked);
  const statistic: Statistic = asked === 'slope' && [...base, ...contender].some(singleSize) ? 'mean' : byManual;
  const confidence = opts.confidence ?? D.DEFAULT_CONFIDENCE;
  const threshold = opts.noiseThreshold ?? D.DEFAULT_NOISE_THRESHOLD;
  const enough = base.length >= MIN_PROCESSES_FOR_VERDICT && contender.length >= MIN_PROCESSES_FOR_VERDICT;
  const r = ratioOf(base, contender, statistic, manual, enough, { ...opts, confidence }, [b.first, c.first]);
  const fallback =
    statistic === asked
      ? ''
      : byManual === asked
        ? '; slope falls back to mean: a process has a single batch size'
        : manual[0] && manual[1]
          ? '; mean per-operation time of manually timed samples'
          : '; mean: the samples of one side were timed by the benchmark itself, which has no slope';
  const ratio = { point: r.point, ciLow: r.ciLow, ciHigh: r.ciHigh, confidence, method: `${r.method}${fallback}` };

  let minimumDetectable: number | null = null;
  if (base.length >= 2 && contender.length >= 2) {
    const sides = [base, contender].map((side, i) => side.map((g) => forkStatistic(g, statistic, manual[i])));
    // Finiteness first: describe rejects a NaN (a resample-free slope can still be undefined).
    const cvs = sides.every((p) => p.every(Number.isFinite)) ? sides.map((p) => describe(p).cv) : [NaN, NaN];
    const cv = Math.sqrt((cvs[0] ** 2 + cvs[1] ** 2) / 2);
    if (Number.isFinite(cv))
      minimumDetectable = welchDetectableDifference(
        cv,
        Math.min(base.length, contender.length),
        opts.alpha ?? D.DEFAULT_ALPHA,
      );
  }

  const ciPValue = r.ciPValue !== undefined && Number.isFinite(r.ciPValue) ? r.ciPValue : null;
  const test =
    ciPValue === null
      ? 'none: no interval over processes to invert'
      : 'Welch t-test of the log ratio over per-process values (the one the interval inverts)';
  const out = { statistic, ratio, pValue: ciPValue, test, minimumDetectable, ciPValue, sides: r.sides };
  if (opts.checksumsDiffer)
    return { ...out, verdict: 'incomparable', because: warningDetail('different-checksums', {}) };
  if (opts.incomparableReason)
    return {
      ...out,
      verdict: 'incomparable',
      because: warningDetail('assumption-broken', { problem: opts.incomparableReason }),
    };
  if (!enough) return { ...out, verdict: 'too-few', because: tooFewProcesses(base.length, contender.length) };
  if (!Number.isFinite(r.ciLow) || !Number.isFinite(r.ciHigh) || !(r.point > 0))
    return { ...out, verdict: 'incomparable', because: warningDetail('ratio-undefined', {}) };
  const units = Math.min(base.length, contender.length);
  const answer = intervalAnswer(ratio, units, threshold, confidence, { confidence, pValue: null, threshold });
  const v = answer.verdict;
  if (v === 'cannot-tell') return { ...out, ...answer };
  const drift = driftOf(base, contender, statistic, manual, [b.first, c.first]);
  const held = drift && driftDetail(v, drift.values, drift.drifts, threshold, confidence);
  if (held) return { ...out, verdict: 'cannot-tell', because: held, drift: held };
  return { ...out, ...answer };
}

/** Each side's per-process values and the sides whose stages disagree (./run-drift.ts), null when none does. */
function driftOf(
  base: Batch[][],
  contender: Batch[][],
  statistic: Statistic,
  manual: readonly [boolean, boolean],
  first: readonly [boolean[], boolean[]],
): { values: [number[], number[]]; drifts: NonNullable<ReturnType<typeof stageDrift>>[] } | null {
  const values: [number[], number[]] = [
    base.map((g) => forkStatistic(g, statistic, manual[0])),
    contender.map((g) => forkStatistic(g, statistic, manual[1])),
  ];
  const drifts = (['baseline', 'contender'] as const)
    .map((side, i) => stageDrift(values[i], first[i], side, D.DEFAULT_CONFIDENCE))
    .filter((d) => d !== null);
  return drifts.length > 0 ? { values, drifts } : null;
}

/**
 * The verdict of a ratio's interval against the noise threshold (statistics/threshold.ts
 * intervalVerdict) with its reason: for 'cannot-tell', about how many units a side would settle
 * it; for 'no-difference', that the interval includes 1 (INCLUDES_ONE: that detail's values) or
 * else that the change is within noise; none for 'faster' and 'slower'.
 */
export function intervalAnswer(
  ratio: { point: number; ciLow: number; ciHigh: number },
  units: number,
  threshold: number,
  confidence: number,
  includesOne: DetailValues['ci-includes-one'],
): { verdict: IntervalVerdict; because?: AnalysisDetail } {
  const verdict = intervalVerdict(ratio.point, ratio.ciLow, ratio.ciHigh, threshold);
  if (verdict === 'cannot-tell') return { verdict, because: cannotTellDetail(ratio, units, threshold, confidence) };
  if (verdict !== 'no-difference') return { verdict };
  if (!(ratio.ciLow > 1 || ratio.ciHigh < 1))
    return { verdict, because: warningDetail('ci-includes-one', includesOne) };
  return { verdict, because: warningDetail('within-noise', { change: Math.abs(ratio.point - 1), threshold }) };
}

/**
 * Why an interval cannot tell (statistics/threshold.ts intervalVerdict), with about how many
 * units a side would settle it (unitsToResolve; null: more than MAX_UNITS_ADVICE).
 */
export function cannotTellDetail(
  ratio: { point: number; ciLow: number; ciHigh: number },
  units: number,
  threshold: number,
  confidence: number | null = null,
  unit: 'processes' | 'runs' | 'pairs' = 'processes',
): AnalysisDetail {
  const needed = unitsToResolve(
    ratio.point,
    ratio.ciLow,
    ratio.ciHigh,
    units,
    threshold,
    confidence ?? D.DEFAULT_CONFIDENCE,
  );
  return warningDetail('cannot-tell', {
    confidence,
    ciLow: ratio.ciLow,
    ciHigh: ratio.ciHigh,
    threshold,
    includesOne: ratio.ciLow <= 1 && ratio.ciHigh >= 1,
    needed,
    unit,
  });
}
