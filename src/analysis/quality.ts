// Quality flags of one benchmark's analysis: optimized-away, low R², warmup, CI target,
// multimodal / skewed distribution and Tukey outliers. Each flag comes with a warning line
// that says what was seen; nothing is dropped from the estimates.

import type { Batch, Estimates, Flag, ForkResult, Headline } from '../results/schema.js';
import { median } from 'simple-statistics';
import { tukeyFences } from '../statistics/outliers.js';
import { requiredSampleSize } from '../statistics/power.js';
import { checkShape, type ShapeCheck } from '../statistics/shape.js';
import * as D from './defaults.js';
import type { AnalyzeOptions } from './defaults.js';
import { relativeResiduals, type ForkEstimate, type ForkFit } from './fork-fit.js';
import { relativeHalfWidth } from './half-width.js';
import { percent } from '../text/format.js';

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
  warnings: string[];
  /** Informational lines: worth knowing, not a reason to doubt the headline. */
  notes: string[];
  outliers: { mild: number; severe: number; total: number };
  shape: ShapeCheck;
}

const pct = (x: number): string => percent(x, 1);

/**
 * Batches beyond Tukey fences on each process's relative residuals (weighted fit, see
 * relativeResiduals), not on the per-iteration values: (ns - intercept)/n magnifies the
 * intercept's error in small batches, so the fences would mostly pick the smallest batches.
 * The one outlier count of the run report and of `compare`'s notes.
 */
export function residualOutliers(groups: readonly (readonly Batch[])[]): {
  mild: number;
  severe: number;
  total: number;
} {
  let mild = 0;
  let severe = 0;
  let total = 0;
  for (const g of groups) {
    const t = tukeyFences(relativeResiduals(g));
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

/** Median over processes of the empty-loop floor (engine/floor.ts), or null when no process measured one. */
export function loopFloorNs(forks: readonly ForkResult[]): number | null {
  const v = forks.map((f) => f.loopFloorNs).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  return v.length === 0 ? null : median(v);
}

export function assessQuality(q: QualityInput): Quality {
  const flags: Flag[] = [];
  const warnings: string[] = [];
  const notes: string[] = [];
  const { headline, options } = q;

  const cycle = cycleThresholdNs(options);
  const floor = loopFloorNs(q.forks);
  const cycleText = `${cycle.known ? 'one CPU cycle' : 'the 0.5 ns floor'} (${cycle.ns.toPrecision(3)} ns)`;
  if (headline.point < cycle.ns) {
    flags.push('optimized-away');
    warnings.push(
      `optimized-away: ${headline.point.toPrecision(3)} ns per iteration is ` +
        `below ${cycleText}: the work was probably optimized away; this is not a speed`,
    );
  } else if (floor !== null && headline.point < floor + cycle.ns) {
    flags.push('optimized-away');
    warnings.push(
      `optimized-away: ${headline.point.toPrecision(3)} ns per iteration is ` +
        `within ${cycleText} of the empty loop's own ${floor.toPrecision(3)} ns: the ` +
        `kernel cannot be told apart from one that does nothing (its work was optimized ` +
        `away, or is below what the loop resolves); this is not a speed`,
    );
  } else if (
    floor !== null &&
    q.forks.length > 0 &&
    q.forks.every((f) => f.returnsNothing) &&
    headline.point < floor + D.DEAD_RESULT_CYCLES * cycle.ns
  ) {
    flags.push('optimized-away');
    warnings.push(
      `optimized-away: the kernel returns nothing and ` +
        `its ${headline.point.toPrecision(3)} ns per iteration is within ` +
        `${D.DEAD_RESULT_CYCLES} cycles of the empty loop's own ${floor.toPrecision(3)} ns: work whose result is ` +
        'dropped (an allocation, a pure computation) was probably eliminated; return the value the kernel computes',
    );
  }

  const changed = q.forks.filter((f) => f.inputsChanged);
  if (changed.length > 0) {
    const c = changed[0].inputsChanged!;
    flags.push('inputs-changed');
    warnings.push(
      `inputs-changed: the kernel changed ${c.changed} of the ${c.checked} .inputs() values checked after the run ` +
        `(${changed.length} of ${q.forks.length} processes); the pool is reused, so most iterations got ` +
        'already-changed inputs and this is not the time on fresh ones: ' +
        'use .setupEach() for a fresh input per iteration',
    );
  }

  const lowR2 = q.perFork.filter((f) => Number.isFinite(f.r2) && f.r2 < D.LOW_R2);
  if (lowR2.length > 0) {
    flags.push('low-r2');
    warnings.push(
      `low-r2: R² < ${D.LOW_R2} in ${lowR2.length} of ${q.perFork.length} processes ` +
        `(${lowR2.map((f) => `#${f.index}: ${f.r2.toFixed(3)}`).join(', ')}); batch time ` +
        `is not linear in iterations, the slope is unreliable`,
    );
  }

  const budget = q.forks.filter((f) => f.warmup.outcome !== 'steady');
  if (budget.length > 0) {
    flags.push('warmup-not-steady');
    warnings.push(
      `warmup-not-steady: ${budget.length} of ${q.forks.length} processes ended ` +
        `warmup on the time budget before the estimate settled`,
    );
  }

  const target = options.targetCi ?? D.DEFAULT_TARGET_CI;
  const rhw = relativeHalfWidth(headline);
  if (!(rhw <= target)) {
    flags.push('target-ci-not-reached');
    const stops = q.forks.map((f) => f.stop).filter((s) => s !== 'target-ci');
    const cv = q.estimates.betweenProcessCv;
    const advice =
      cv !== null && cv > 0
        ? `; about ${requiredSampleSize(cv, target, headline.confidence)} processes would ` +
          `reach it at the observed between-process CV of ${pct(cv)}`
        : '';
    const stopped = stops.length ? ` (${stops.length} process(es) stopped on ${[...new Set(stops)].join('/')})` : '';
    warnings.push(
      `target-ci-not-reached: relative CI half-width ${pct(rhw)} > target ${pct(target)}${stopped}${advice}`,
    );
  }

  const shape = checkShape(q.fits.flatMap((f) => f.perIteration));
  if (shape.multimodal && shape.minorityAbove && shape.minorityShare <= D.SLOW_MODE_MAX_SHARE) {
    // A small slow mode is what preempted or interrupted batches look like on a shared or
    // virtualised machine: the robust slope follows the main mode, so it is worth
    // knowing, not a reason to doubt the headline. A larger or a fast minority mode is.
    notes.push(
      `a slow second mode holds ${pct(shape.minorityShare)} of batches (Ashman's ` +
        `D ${shape.ashmanD.toFixed(1)}), as preempted or interrupted batches do; the ` +
        `robust slope follows the main mode, the mean does not`,
    );
  } else if (shape.multimodal) {
    flags.push('multimodal');
    warnings.push(
      `multimodal: per-iteration times form two modes (Ashman's ` +
        `D ${shape.ashmanD.toFixed(1)}, smaller mode ${pct(shape.minorityShare)} of ` +
        `batches, bimodality coefficient ${shape.bimodalityCoefficient.toFixed(2)}); the ` +
        `mean is not meaningful`,
    );
  } else if (shape.heavilySkewed) {
    notes.push(
      `per-iteration times are heavily skewed ` +
        `(skewness ${shape.skewness.toFixed(2)}); the mean is far from the typical value`,
    );
  }

  const { mild, severe, total } = residualOutliers(q.groups);
  const flagged = severe > 0 || mild / total > D.OUTLIER_SHARE;
  if (flagged) flags.push('outliers');
  if (mild + severe > 0)
    (flagged ? warnings : notes).push(
      `outliers (Tukey fences on relative residuals per process; kept in the ` +
        `estimates): ${mild} mild and ${severe} severe of ${total} batches`,
    );

  return { flags, warnings, notes, outliers: { mild, severe, total }, shape };
}
