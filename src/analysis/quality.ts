// Quality flags of one benchmark's analysis: optimized-away, allocation-dropped, low R², warmup, CI target,
// multimodal / skewed distribution and Tukey outliers. Each flag comes with a detail that
// says what was seen, as numbers (src/report/details.ts words it); nothing is dropped from the estimates.

import type { AnalysisDetail, Batch, DetailCode, Estimates, Flag, ForkResult, Headline } from '../results/schema.js';
import { detail, type DetailSeverity, type DetailValues } from '../results/detail-schema.js';
import { tukeyFences } from '../statistics/outliers.js';
import { requiredSampleSize } from '../statistics/power.js';
import { checkShapeWithin, type ShapeCheck } from '../statistics/shape.js';
import * as D from './defaults.js';
import type { AnalyzeOptions } from './defaults.js';
import { relativeResiduals, type ForkEstimate, type ForkFit } from './fork-fit.js';
import { relativeHalfWidth } from './half-width.js';
import { allManual } from './manual.js';
import { droppedAllocation } from './memory.js';
import { v8Comparison } from './v8-state.js';

export interface QualityInput {
  forks: readonly ForkResult[];
  groups: readonly (readonly Batch[])[];
  fits: readonly ForkFit[];
  perFork: readonly ForkEstimate[];
  headline: Headline;
  estimates: Estimates;
  options: AnalyzeOptions;
}

export interface Quality {
  flags: Flag[];
  /** What was seen, as data: warnings, and infos worth knowing that are no reason to doubt the headline. */
  details: AnalysisDetail[];
  outliers: { mild: number; severe: number; total: number };
  shape: ShapeCheck;
}

/**
 * Batches beyond Tukey fences on each process's relative residuals (weighted fit, see
 * relativeResiduals), not on the per-iteration values: (ns - intercept)/n magnifies the
 * intercept's error in small batches, so the fences would mostly pick the smallest batches.
 * The one outlier count of the run report and of `compare`'s notes.
 */
export function residualOutliers(
  groups: readonly (readonly Batch[])[],
  /** The processes timed their own samples (fork-fit.ts fitFork). */
  manual: boolean,
): {
  mild: number;
  severe: number;
  total: number;
} {
  let mild = 0;
  let severe = 0;
  let total = 0;
  for (const g of groups) {
    const t = tukeyFences(relativeResiduals(g, manual));
    mild += t.mild.length;
    severe += t.severe.length;
    total += g.length;
  }
  return { mild, severe, total };
}

/** The time of one CPU cycle: explicit, from the core frequency, or the 0.5 ns default. */
export function cycleThresholdNs(o: AnalyzeOptions): { ns: number; known: boolean } {
  if (o.cycleNs !== undefined && o.cycleNs > 0) return { ns: o.cycleNs, known: true };
  if (o.cpuHz !== undefined && o.cpuHz > 0) return { ns: 1e9 / o.cpuHz, known: true };
  return { ns: D.OPTIMIZED_AWAY_NS, known: false };
}

/**
 * The lowest empty-loop floor over processes (engine/floor.ts), or null when no process measured
 * one. A floor is only ever read too high: a process switched out during it, or whose floor loop
 * had not yet been optimized, read 2.9 ns beside 0.5 ns at load 6, and a median of such floors once
 * called a 14 ns fibonacci kernel "optimized away" under two test suites and their CPU hogs.
 */
export function loopFloorNs(forks: readonly ForkResult[]): number | null {
  const v = forks.map((f) => f.loopFloorNs).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  return v.length === 0 ? null : Math.min(...v);
}

export function assessQuality(q: QualityInput): Quality {
  const flags: Flag[] = [];
  const details: AnalysisDetail[] = [];
  const add = <C extends DetailCode>(code: C, values: DetailValues[C], severity: DetailSeverity = 'warning') =>
    details.push(detail(code, values, severity));
  const { headline, options } = q;

  const cycle = cycleThresholdNs(options);
  const floor = loopFloorNs(q.forks);
  const seen = { ns: headline.point, cycleNs: cycle.ns, cycleKnown: cycle.known, floorNs: floor };
  if (headline.point < cycle.ns) {
    flags.push('optimized-away');
    add('optimized-away', { ...seen, kind: 'below-cycle' });
  } else if (floor !== null && headline.point < floor + cycle.ns) {
    flags.push('optimized-away');
    add('optimized-away', { ...seen, kind: 'near-empty-loop' });
  } else if (
    floor !== null &&
    q.forks.length > 0 &&
    q.forks.every((f) => f.returnsNothing) &&
    headline.point < floor + D.DEAD_RESULT_CYCLES * cycle.ns
  ) {
    flags.push('optimized-away');
    add('optimized-away', { ...seen, kind: 'dead-result', cycles: D.DEAD_RESULT_CYCLES });
  }

  const dropped = droppedAllocation(q.forks);
  if (dropped) {
    flags.push('allocation-dropped');
    add('allocation-dropped', dropped);
  }

  const changed = q.forks.filter((f) => f.inputsChanged);
  if (changed.length > 0) {
    const c = changed[0].inputsChanged!;
    flags.push('inputs-changed');
    add('inputs-changed', { changed: c.changed, checked: c.checked, processes: changed.length, of: q.forks.length });
  }

  const lowR2 = q.perFork.filter((f) => Number.isFinite(f.r2) && f.r2 < D.LOW_R2);
  if (lowR2.length > 0) {
    flags.push('low-r2');
    add('low-r2', {
      threshold: D.LOW_R2,
      of: q.perFork.length,
      processes: lowR2.map((f) => f.index),
      r2: lowR2.map((f) => f.r2),
    });
  }

  const budget = q.forks.filter((f) => f.warmup.outcome !== 'steady');
  if (budget.length > 0) {
    flags.push('warmup-not-steady');
    add('warmup-not-steady', {
      processes: budget.length,
      of: q.forks.length,
      ...v8Comparison(
        budget,
        q.forks.filter((f) => f.warmup.outcome === 'steady'),
        'warmup',
      ),
    });
  }

  const target = options.targetCi ?? D.DEFAULT_TARGET_CI;
  const rhw = relativeHalfWidth(headline);
  if (!(rhw <= target)) {
    flags.push('target-ci-not-reached');
    const cv = q.estimates.betweenProcessCv;
    add('target-ci-not-reached', {
      halfWidth: rhw,
      target,
      stops: q.forks.map((f) => f.stop).filter((s) => s !== 'target-ci'),
      cv,
      needed: cv !== null && cv > 0 ? requiredSampleSize(cv, target, headline.confidence) : null,
    });
  }

  // Modes within the processes (statistics/shape.ts): the spread between them is the interval's.
  const shape = checkShapeWithin(q.fits.map((f) => f.perIteration));
  if (shape.multimodal && shape.minorityAbove && shape.minorityShare <= D.SLOW_MODE_MAX_SHARE) {
    // A small slow mode is what preempted or interrupted batches look like on a shared or
    // virtualised machine: the robust slope follows the main mode, so it is worth
    // knowing, not a reason to doubt the headline. A larger or a fast minority mode is.
    add('slow-mode', { share: shape.minorityShare, ashmanD: shape.ashmanD }, 'info');
  } else if (shape.multimodal) {
    flags.push('multimodal');
    add('multimodal', {
      ashmanD: shape.ashmanD,
      share: shape.minorityShare,
      bimodality: shape.bimodalityCoefficient,
    });
  } else if (shape.heavilySkewed) {
    add('skewed', { skewness: shape.skewness }, 'info');
  }

  const { mild, severe, total } = residualOutliers(q.groups, allManual(q.forks));
  const flagged = severe > 0 || mild / total > D.OUTLIER_SHARE;
  if (flagged) flags.push('outliers');
  if (mild + severe > 0) add('outliers', { mild, severe, total }, flagged ? 'warning' : 'info');

  return { flags, details, outliers: { mild, severe, total }, shape };
}
