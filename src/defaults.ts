// The default of every option a user can set for measuring, analysing and comparing: the
// CLI's parsers, its help texts, the library's calls and the engine's and analysis' own
// defaults all read these, so a default is changed in one place.

import { trimmedPercent } from './text/format.js';

/** Two-sided confidence level of every interval (headline CI, ratio CI, the engine's quick stop rule). */
export const DEFAULT_CONFIDENCE = 0.95;
/** Relative CI half-width the adaptive stop aims for, and that the sample-size advice targets (1 %). */
export const DEFAULT_TARGET_CI = 0.01;
/** Seed of every random choice: batch order, inputs drawn by a generator, bootstrap resamples. */
export const DEFAULT_SEED = 1;
/** Relative differences below this are "within noise" in a comparison (1 %). */
export const DEFAULT_NOISE_THRESHOLD = 0.01;
/** Bootstrap resamples. */
export const DEFAULT_RESAMPLES = 2000;
/**
 * The headline statistic when none is asked for. 'slope' (a Theil–Sen fit of per-size median
 * batch time on iterations) removes the fixed timer/loop overhead; docs/measurements.md records
 * which statistic has the smallest between-process CV (bench/) and may change this one constant.
 */
export const DEFAULT_STATISTIC = 'slope' as const;
/** Processes per benchmark of a forked run (`cyclebench run`, runFiles()). */
export const DEFAULT_FORKS = 3;
/** A worker still running after this long is killed. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** "1%" for a help text: a fraction as the percentage a user types. */
export function helpPercent(fraction: number): string {
  return trimmedPercent(fraction, 6, false);
}
