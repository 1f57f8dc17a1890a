// Tunables of the analysis, as named constants resolved in one place; the defaults of the
// options a user sets come from src/defaults.ts.

import type { Statistic } from '../results/schema.js';

/** Options of the analysis of one benchmark's processes (src/analysis/estimate.ts). */
export interface AnalyzeOptions {
  /** Headline statistic; 'auto' resolves to DEFAULT_STATISTIC (chosen by measured precision). */
  statistic?: Statistic | 'auto';
  confidence?: number;
  resamples?: number;
  seed?: number;
  /** One CPU cycle in ns, for the optimized-away check (else from cpuHz, else 0.5 ns). */
  cycleNs?: number;
  /** CPU core frequency in Hz (used when cycleNs is absent). Not the TSC/timer frequency. */
  cpuHz?: number;
  /** Relative CI half-width target (default 1 %). */
  targetCi?: number;
  /**
   * Processes with an index below this were the planned first stage; the others were added because
   * the first stage disagreed (src/analysis/more-processes.ts). The headline interval then
   * follows the two-stage rule of headline-ci.ts.
   */
  firstStage?: number;
  /** Per-op counters with their intervals (default true); off where only the headline is needed. */
  counters?: boolean;
}

export {
  DEFAULT_CONFIDENCE,
  DEFAULT_NOISE_THRESHOLD,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  DEFAULT_STATISTIC,
  DEFAULT_TARGET_CI,
} from '../defaults.js';
/** Below this per-iteration time the work was probably optimized away, when the cycle time is unknown. */
export const OPTIMIZED_AWAY_NS = 0.5;
/**
 * R² below which the linear model time = overhead + slope·iterations is not trusted.
 * With batch sizes i·d (i = 1..K), sd(x) ≈ 0.29·K·d, so R² < 0.9 means the residual sd
 * exceeds a third of sd(slope·x), i.e. per-batch noise above ~19 % of the mean batch time:
 * the slope then rests on noise rather than on the size dependence.
 */
export const LOW_R2 = 0.9;
/** 'outliers' is flagged when any batch is a severe Tukey outlier or mild ones exceed this share. */
export const OUTLIER_SHARE = 0.05;
/** Default significance level of a comparison. */
export const DEFAULT_ALPHA = 0.05;

/**
 * A multimodal sample whose smaller, slower mode holds at most this share of batches is a
 * slow tail (host preemption, interrupts: ~10 % of batches on the reference VM), reported
 * as a note; a larger slow mode, or a fast minority, is flagged 'multimodal'.
 */
export const SLOW_MODE_MAX_SHARE = 0.25;

/** Contamination that moves the headline by this much (or out of its CI) is flagged; less is a note. */
export const MATERIAL_CONTAMINATION = 0.01;

// ---- latency mode (src/analysis/latency.ts)
/** The rungs of the latency ladder, as fractions (p50, p90, p99, p99.9, p99.99). */
export const LATENCY_QUANTILES: readonly number[] = [0.5, 0.9, 0.99, 0.999, 0.9999];
/**
 * Below this multiple of the timer overhead a per-call value is dominated by the timer:
 * the subtracted overhead is a median, and the real overhead of any one call varies by the
 * timer's jitter, so a value under 2× the overhead is at least as much timer as work.
 */
export const TIMER_DOMINATED_RATIO = 2;
/** From here on the timer's overhead and jitter are small next to the values (≤ 10 %). */
export const TIMER_NEGLIGIBLE_RATIO = 10;
/** A rung resting on fewer calls than this is close to the max, not a stable percentile. */
export const LATENCY_MIN_TAIL_CALLS = 10;
/** Say how many calls measured at or below the overhead (and count as 0) from this share on. */
export const LATENCY_ZERO_SHARE_NOTE = 0.01;
/** The clock's observed step is estimated within the central share of calls (tails are sparse). */
export const STEP_CENTRAL_SHARE = 0.98;
/** Clusters of recorded values must hold at least this many calls (median) to show a step. */
export const STEP_MIN_CLUSTER_CALLS = 10;
/** Readings moving in steps above this many ticks are called coarse (rounding alone gives 1). */
export const COARSE_STEP_TICKS = 1.5;
/** A coarse step above this share of p50 gets its own note: rungs closer than a step are not resolved. */
export const STEP_SHARE_NOTE = 0.1;

/**
 * A kernel that returns nothing and runs within this many cycles of the empty loop is flagged
 * optimized-away: an allocation that is dropped costs that little only when the compiler
 * removed it (an object literal measured 1.5 ns dropped and 5.3 ns returned here).
 */
export const DEAD_RESULT_CYCLES = 4;
