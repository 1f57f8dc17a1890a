// Tunables of the analysis, resolved in one place (STYLE: "tunables as named constants").

import type { Statistic } from '../results/schema.js';

/**
 * The headline statistic when none is asked for. 'slope' (OLS of batch time on iterations)
 * removes the fixed timer/loop overhead; the engine team measures which statistic has the
 * smallest between-process CV (bench/) and may change this one constant.
 */
export const DEFAULT_STATISTIC: Statistic = 'slope';
export const DEFAULT_CONFIDENCE = 0.95;
export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_SEED = 1;
/** Relative CI half-width the adaptive stop aims for (DESIGN §3.8: 1 %). */
export const DEFAULT_TARGET_CI = 0.01;
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
/** Default noise threshold of a comparison: smaller relative differences are "within noise". */
export const DEFAULT_NOISE_THRESHOLD = 0.01;
/** Default significance level of a comparison. */
export const DEFAULT_ALPHA = 0.05;

/** Contamination that moves the headline by this much (or out of its CI) is flagged; less is a note. */
export const MATERIAL_CONTAMINATION = 0.01;
