// Percentile bootstrap confidence intervals with a seeded RNG (Efron & Tibshirani,
// "An Introduction to the Bootstrap", 1993, ch. 13: the percentile interval).
// HAND-WRITTEN: simple-statistics has `sampleWithReplacement` (used here, fed by our seeded
// generator) but no bootstrap CI and no hierarchical resampling.
// Hierarchical bootstrap (two-stage, "resample clusters, then units within them"; Davison &
// Hinkley, "Bootstrap Methods and their Application", 1997, §3.8, strategy 2): resample the
// groups (processes) with replacement, then the items (batches) within every chosen group,
// and recompute the statistic. With one group it reduces to the ordinary bootstrap.
// Statistics that are not finite on a resample (e.g. a slope when all x are equal) are
// skipped and counted in `rejected`.

import { quantileSorted, sampleWithReplacement } from 'simple-statistics';
import { DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED } from '../defaults.js';
import { createRng, type Rng } from './rng.js';

export interface BootstrapOptions {
  /** Number of resamples; default 2000. */
  resamples?: number;
  /** Two-sided confidence level in (0, 1); default 0.95. */
  confidence?: number;
  /** RNG seed; default 1. The same seed gives the same interval. */
  seed?: number;
}

export interface BootstrapInterval {
  point: number;
  ciLow: number;
  ciHigh: number;
  confidence: number;
  /** How the interval was built, e.g. "percentile bootstrap, 2000 resamples". */
  method: string;
  /** Resamples whose statistic was not finite (skipped). */
  rejected: number;
}

interface Resolved {
  resamples: number;
  confidence: number;
  rng: Rng;
}

function resolve(opts: BootstrapOptions): Resolved {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const confidence = opts.confidence ?? DEFAULT_CONFIDENCE;
  if (!(Number.isInteger(resamples) && resamples >= 10))
    throw new RangeError(`bootstrap: resamples must be an integer >= 10, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`bootstrap: confidence must be in (0, 1), got ${confidence}`);
  return { resamples, confidence, rng: createRng(opts.seed ?? DEFAULT_SEED) };
}

/** Percentile interval of bootstrap replicates (type-7 quantiles of the finite replicates). */
function percentile(point: number, reps: number[], r: Resolved, method: string): BootstrapInterval {
  const finite = reps.filter(Number.isFinite).sort((a, b) => a - b);
  const rejected = reps.length - finite.length;
  if (finite.length === 0) return { point, ciLow: NaN, ciHigh: NaN, confidence: r.confidence, method, rejected };
  const alpha = 1 - r.confidence;
  return {
    point,
    ciLow: quantileSorted(finite, alpha / 2),
    ciHigh: quantileSorted(finite, 1 - alpha / 2),
    confidence: r.confidence,
    method,
    rejected,
  };
}

/** One two-stage resample: groups with replacement, then items within each chosen group. */
export function resampleGroups<T>(groups: readonly (readonly T[])[], rng: Rng): T[][] {
  const chosen = sampleWithReplacement(groups as (readonly T[])[], groups.length, rng.next);
  return chosen.map((g) => sampleWithReplacement(g as T[], g.length, rng.next));
}

/** Ordinary percentile bootstrap of `statistic` over one sample of items. */
export function bootstrapCi<T>(
  sample: readonly T[],
  statistic: (resample: T[]) => number,
  opts: BootstrapOptions = {},
): BootstrapInterval {
  if (sample.length === 0) throw new RangeError('bootstrapCi: empty sample');
  const r = resolve(opts);
  const reps = new Array<number>(r.resamples);
  for (let i = 0; i < r.resamples; i++)
    reps[i] = statistic(sampleWithReplacement(sample as T[], sample.length, r.rng.next));
  return percentile(
    statistic(sample.slice()),
    reps,
    r,
    `percentile bootstrap over ${sample.length} items, ${r.resamples} resamples`,
  );
}

function checkGroups<T>(groups: readonly (readonly T[])[], who: string): void {
  if (groups.length === 0) throw new RangeError(`${who}: no groups`);
  if (groups.some((g) => g.length === 0)) throw new RangeError(`${who}: empty group`);
}

/**
 * Two-stage (hierarchical) percentile bootstrap: `statistic` receives the resampled groups
 * (e.g. forks, each a list of batches) and returns one number.
 */
export function hierarchicalBootstrap<T>(
  groups: readonly (readonly T[])[],
  statistic: (groups: T[][]) => number,
  opts: BootstrapOptions = {},
): BootstrapInterval {
  checkGroups(groups, 'hierarchicalBootstrap');
  const r = resolve(opts);
  const reps = new Array<number>(r.resamples);
  for (let i = 0; i < r.resamples; i++) reps[i] = statistic(resampleGroups(groups, r.rng));
  const method =
    groups.length >= 2
      ? `hierarchical percentile bootstrap over ${groups.length} processes (processes, ` +
        `then batches), ${r.resamples} resamples`
      : `percentile bootstrap over batches of 1 process, ${r.resamples} resamples`;
  return percentile(statistic(groups.map((g) => g.slice())), reps, r, method);
}

/**
 * Ratio contender/base with a percentile CI: both sides are resampled independently (two-stage
 * when they have several groups) and the ratio of the statistics is taken per resample.
 */
export function bootstrapRatio<T>(
  baseGroups: readonly (readonly T[])[],
  contenderGroups: readonly (readonly T[])[],
  /** The statistic of one side's groups; `side` 0 is the base, 1 the contender. */
  statistic: (groups: T[][], side: 0 | 1) => number,
  opts: BootstrapOptions = {},
): BootstrapInterval {
  checkGroups(baseGroups, 'bootstrapRatio (base)');
  checkGroups(contenderGroups, 'bootstrapRatio (contender)');
  const r = resolve(opts);
  const reps = new Array<number>(r.resamples);
  for (let i = 0; i < r.resamples; i++) {
    const b = statistic(resampleGroups(baseGroups, r.rng), 0);
    const c = statistic(resampleGroups(contenderGroups, r.rng), 1);
    reps[i] = c / b;
  }
  const point =
    statistic(
      contenderGroups.map((g) => g.slice()),
      1,
    ) /
    statistic(
      baseGroups.map((g) => g.slice()),
      0,
    );
  const method =
    `percentile bootstrap of the ratio (${baseGroups.length} ` +
    `vs ${contenderGroups.length} processes, resampled ` +
    `independently), ${r.resamples} resamples`;
  return percentile(point, reps, r, method);
}
