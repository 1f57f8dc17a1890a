// The shapes of a comparison: four answers, never two. A verdict always comes
// with the ratio contender/baseline of the headline statistic, its interval, the p-value of the
// test that interval inverts, and a reason whenever the answer is not the plain one (as data;
// src/report/details.ts words reasons and notes).

import { DEFAULT_CONFIDENCE, DEFAULT_NOISE_THRESHOLD, DEFAULT_SEED } from '../defaults.js';
import type { AnalysisDetail, Statistic, Verdict } from '../results/schema.js';

export interface RatioEstimate {
  /** contender / baseline of the headline statistic (> 1: the contender takes longer). */
  point: number;
  ciLow: number;
  ciHigh: number;
}

export interface VerdictResult {
  verdict: Verdict;
  /** null when incomparable before anything was estimated. */
  ratio: RatioEstimate | null;
  /**
   * Two-sided p of "no change" by the test the ratio interval inverts (the same unit, the same
   * answer: p < 1 - confidence exactly when the interval excludes 1); null without that interval.
   */
  pValue: number | null;
  /** Why the verdict is not the plain one, as data (src/report/details.ts words it). */
  because?: AnalysisDetail;
  /** How the interval and the test were computed, for the report. */
  method?: string;
  /**
   * Two-sided p of "no change" by the test the ratio interval inverts (Welch t on the log ratio);
   * null or absent without one. Suite-level gates adjust over it (src/compare/suite-level.ts).
   */
  ciPValue?: number | null;
  confidence: number;
}

export interface CompareSettings {
  /** Relative differences below this are "within noise" (default 0.01). */
  threshold: number;
  /** Two-sided confidence of the ratio CI; the rank test uses α = 1 - confidence. */
  confidence: number;
  seed: number;
  statistic?: Statistic;
  /**
   * Leave out the processes each run marked odd (src/analysis/odd-process.ts) instead of judging one
   * over both sides: right for two arms of one run (--aa), which were marked together.
   */
  oddMarks?: boolean;
  resamples?: number;
  /**
   * The sides come from two runs (compare, --baseline), so the machine may have run at another
   * speed for each: each yardstick's median over each side's processes is checked against the
   * other's (machineShifts, src/analysis/slow-processes.ts), and a faster or slower verdict is held
   * to any move in its direction (src/compare/verdict.ts). Two benchmarks of one run interleave
   * their processes and share the machine's spells, and their slow processes are already left out.
   */
  separateRuns?: boolean;
  /**
   * The two runs ran different V8 versions: the throughput yardstick, whose code V8 compiles
   * differently from one version to the next (17–18 µs on Node 20–24, 52 µs on Node 26 for the same
   * work), is left out of that check.
   */
  otherEngine?: boolean;
  /**
   * The sides are two benchmarks of one run (a `.baseline()` row). Their processes interleave and
   * share the machine's spells, but the processes each side keeps can still sit in different host
   * states: when the yardsticks set aside too few to leave them out, or a spell held every process
   * of one side. The same check as for separate runs then applies to the kept processes.
   */
  sameRun?: boolean;
  /**
   * Per side (baseline, contender), the planned process count when its run added processes (the
   * `processes-added` detail): the ratio interval is then two-stage (statistics/t-intervals.ts
   * twoStageRatioInterval), as the headline is.
   */
  planned?: readonly [number | undefined, number | undefined];
}

export const DEFAULT_COMPARE_SETTINGS: CompareSettings = {
  threshold: DEFAULT_NOISE_THRESHOLD,
  confidence: DEFAULT_CONFIDENCE,
  seed: DEFAULT_SEED,
};

/** Returns SETTINGS, or throws a RangeError naming the first setting out of range (WHO: the caller's name). */
export function checkCompareSettings<T extends CompareSettings>(settings: T, who: string): T {
  const { threshold, confidence, seed, statistic } = settings;
  if (typeof confidence !== 'number' || !(confidence > 0 && confidence < 1))
    throw new RangeError(`${who}: confidence must be between 0 and 1 (e.g. 0.95), got ${confidence}`);
  if (typeof threshold !== 'number' || !(threshold >= 0 && threshold < 1))
    throw new RangeError(`${who}: threshold must be a fraction in [0, 1) (e.g. 0.01), got ${threshold}`);
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new RangeError(`${who}: seed must be a non-negative integer, got ${seed}`);
  if (statistic !== undefined && !['slope', 'min', 'median', 'mean'].includes(statistic))
    throw new RangeError(`${who}: statistic must be slope, min, median or mean, got ${statistic}`);
  return settings;
}

/** One row of `cyclebench compare`: the verdict with its ratio and interval, plus context. */
export interface Comparison extends VerdictResult {
  name: string;
  group: string | null;
  args: Record<string, unknown>;
  /**
   * Both sides' values of the statistic compared, ns/op, whose quotient is the ratio's point; each
   * side's headline point when nothing was estimated (null when unknown).
   */
  baseNs: number | null;
  contenderNs: number | null;
  /**
   * What the ratio compares, when it is not the headline statistic of both sides; with
   * 'instructions' (compare --statistic instructions) the two times are null and the counts the
   * ratio divides are in the 'instruction-counts' detail.
   */
  notHeadline?: Statistic | 'instructions';
  /**
   * Smallest relative difference detectable at 80 % power with these processes (null: unknown, < 2 per side, or
   * incomparable).
   */
  minimumDetectable?: number | null;
  /** What else is worth knowing, as data: outliers, shape, sample-size advice, a "results differ" caveat. */
  details: AnalysisDetail[];
  /** With verdict 'incomparable': which assumption broke (a CI gate treats them differently). */
  cause?: IncomparableCause;
}

/** environment: CPU, Node, governor… differ or changed; baseline/contender: that side failed or is contaminated. */
export type IncomparableCause = 'environment' | 'baseline' | 'contender' | 'estimate';
