// The one noise-threshold rule of every verdict (run compare, A/A, stat A/B): a change counts
// only when its size EXCEEDS the threshold; a change at the threshold is within noise.
// Ratios are quotients of floating-point sums, so 1.01 / 1.00 comes out as 1.0100000000000000089:
// a relative tolerance of 1e-9 on the threshold absorbs that rounding (far below any
// difference a benchmark resolves).

import type { Verdict } from '../results/schema.js';
import { percent } from '../text/format.js';
import { normalQuantile } from './normal.js';
import { tQuantile } from './tdist.js';

export const THRESHOLD_TOLERANCE = 1e-9;

const pct = (x: number): string => percent(x, 2);

/** True when |change| (a relative difference, e.g. ratio - 1) exceeds the threshold beyond float error. */
export function exceedsThreshold(change: number, threshold: number): boolean {
  return Math.abs(change) > threshold * (1 + THRESHOLD_TOLERANCE) + Number.EPSILON;
}

/** The reason given when the interval excludes no change but the change does not exceed the threshold. */
export function withinNoiseReason(change: number, threshold: number): string {
  return `within noise: the change ${pct(Math.abs(change))} does not exceed the noise threshold ${pct(threshold)}`;
}

/** The answer an interval of a ratio gives against a noise threshold (intervalVerdict). */
export type IntervalVerdict = Extract<Verdict, 'faster' | 'slower' | 'no-difference' | 'cannot-tell'>;

/**
 * The one verdict rule of every comparison (compare, run --baseline, in-file baselines, --aa,
 * stat --vs, paired runs): 'faster'/'slower' when the interval excludes 1 and the change
 * exceeds the threshold; 'no-difference' only when the whole interval lies inside ±threshold;
 * anything else — an interval that reaches beyond the threshold and either includes 1 or keeps
 * a change within the threshold possible — is 'cannot-tell'.
 */
export function intervalVerdict(point: number, ciLow: number, ciHigh: number, threshold: number): IntervalVerdict {
  if ((ciLow > 1 || ciHigh < 1) && exceedsThreshold(point - 1, threshold)) return ciHigh < 1 ? 'faster' : 'slower';
  if (!exceedsThreshold(ciHigh - 1, threshold) && !exceedsThreshold(1 - ciLow, threshold)) return 'no-difference';
  return 'cannot-tell';
}

/** Advice above this many units (processes, runs, pairs) a side is "not reachable here". */
export const MAX_UNITS_ADVICE = 100;

/**
 * About how many units a side (processes, runs) would resolve a 'cannot-tell' interval, with
 * `units` a side now: its half-width on the log scale shrinks as 1/√units (t quantiles of
 * 2·units − 2 degrees of freedom now, normal ones then), until it lies inside ±threshold around
 * a point within the threshold, or is no wider than ±threshold around one beyond it (then it
 * settles the question whatever the true change; the point of a wide interval is itself
 * uncertain, so its distance from 1 is not counted on). null when that takes more than
 * MAX_UNITS_ADVICE (a point at the threshold, a threshold of 0, or noise too large).
 */
export function unitsToResolve(
  point: number,
  ciLow: number,
  ciHigh: number,
  units: number,
  threshold: number,
  confidence: number,
): number | null {
  if (!(point > 0 && ciLow > 0 && ciHigh > ciLow && units >= 2)) return null;
  const half = Math.log(ciHigh / ciLow) / 2;
  const bound = Math.log1p(threshold);
  const off = Math.abs(Math.log(point));
  const goal = off < bound ? bound - off : bound;
  if (!(goal > 0)) return null;
  const q = (1 + confidence) / 2;
  const se = half / tQuantile(q, 2 * units - 2);
  const needed = Math.ceil(units * ((normalQuantile(q) * se) / goal) ** 2);
  return needed > MAX_UNITS_ADVICE ? null : Math.max(units + 1, needed);
}
