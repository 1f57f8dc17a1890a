// The one noise-threshold rule of every verdict (run compare, A/A, stat A/B): a change counts
// only when its size EXCEEDS the threshold; a change at the threshold is within noise.
// Ratios are quotients of floating-point sums, so 1.01 / 1.00 comes out as 1.0100000000000000089:
// a relative tolerance of 1e-9 on the threshold absorbs that rounding (far below any
// difference a benchmark resolves).

import { percent } from '../text/format.js';

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
