// Per-process estimation from raw batches: a linear fit of batch ns on
// iterations gives the slope (per-iteration time free of the fixed overhead, which lands in
// the intercept); (ns - intercept) / iterations per batch gives the per-iteration
// distribution. The fit is robust (Theil–Sen over per-size medians, statistics/robust-slope.ts)
// rather than least squares: least squares chases the heavy upper tail of preempted batches
// (the measured evidence is in docs/measurements.md, "Headline estimator"). R² is that of
// the per-size medians: it tests whether the typical batch time is linear in iterations;
// the tail is reported separately (outliers, multimodal).
//
// Garbage collection is the kernel's own cost, but it lands in a few batches only: with short
// batches a median-based fit would leave it out (on this VM 1 ms batches read allocating kernels
// 5-20 % below 5 ms ones). So the slope is amortised explicitly: the robust fit runs on the
// batches without a collection, and the time the batches with one took beyond that fit, summed,
// is spread over every iteration of the process (gcAmortizedFit). A process with a collection in
// (nearly) every batch has no clean fit to compare with; its median already holds the GC cost.

import { mean, median, min, weightedLinearRegression } from 'simple-statistics';
import type { Batch, ForkResult, Statistic } from '../results/schema.js';
import { isManual } from './manual.js';
import { perSizeMedianFit, type RobustFit } from '../statistics/robust-slope.js';

/** The fit of one process (fork). */
export interface ForkEstimate {
  index: number;
  batches: number;
  slope: number;
  intercept: number;
  r2: number;
  /** The headline statistic of this process alone. */
  point: number;
  /** CV of this process's per-iteration times. */
  cv: number;
}

export interface ForkFit {
  slope: number;
  intercept: number;
  /** NaN when the fit is undefined (fewer than 2 distinct batch sizes). */
  r2: number;
  /** Per-iteration ns of every batch after removing the intercept. */
  perIteration: number[];
}

/** A batch with a positive iteration count and a finite, non-negative time. */
export function isValidBatch(b: Batch): boolean {
  return Number.isFinite(b.iterations) && b.iterations > 0 && Number.isFinite(b.ns) && b.ns >= 0;
}

/** What every estimate is built on: valid batches the thread was not descheduled in (engine/preemption.ts). */
export function isUsableBatch(b: Batch): boolean {
  return isValidBatch(b) && !b.preempted;
}

/** The per-process value of a statistic over a process's usable batches. */
export function processStatistic(f: Pick<ForkResult, 'batches' | 'manual'>, statistic: Statistic): number {
  return forkStatistic(f.batches.filter(isUsableBatch), statistic, isManual(f));
}

function distinctSizes(batches: readonly Batch[]): number {
  return new Set(batches.map((b) => b.iterations)).size;
}

/**
 * Fits one process. With fewer than 2 distinct batch sizes there is no slope: the
 * intercept is taken as 0, the slope as Σns/Σiterations and r2 as NaN (`regressed` false).
 * `manual`: the process timed its own samples (ForkResult.manual, src/engine/manual.ts), which
 * are fitted the same way whatever their sizes. The intercept is the engine's fixed cost per
 * batch (its clock reads and loop entry); a sample the callback timed itself has none, and the
 * sizes are the callback's, not chosen to span a fit. An intercept fitted to them is noise: on a
 * busy machine it can exceed a short sample's whole time and turn its per-operation time, and
 * the mean over them, negative. Their per-operation time is duration / operations (manual.ts).
 */
export function fitFork(batches: readonly Batch[], manual: boolean): ForkFit & { regressed: boolean } {
  if (batches.length === 0) throw new RangeError('fitFork: no batches');
  if (manual || distinctSizes(batches) < 2) {
    let ns = 0;
    let it = 0;
    for (const b of batches) {
      ns += b.ns;
      it += b.iterations;
    }
    return {
      slope: ns / it,
      intercept: 0,
      r2: NaN,
      perIteration: batches.map((b) => b.ns / b.iterations),
      regressed: false,
    };
  }
  const f = gcAmortizedFit(batches);
  return {
    slope: f.slope,
    intercept: f.intercept,
    r2: f.r2,
    perIteration: batches.map((b) => (b.ns - f.intercept) / b.iterations),
    regressed: true,
  };
}

/** The robust slope only (the bootstrap calls this thousands of times). NaN with < 2 distinct sizes. */
export function batchSlope(batches: readonly Batch[]): number {
  return gcAmortizedFit(batches).slope;
}

/**
 * The robust fit with garbage collection amortised: fitted on the batches without a collection,
 * its slope raised by the collecting batches' time beyond that fit over all iterations. Falls
 * back to the fit of every batch when no batch collected or the clean ones span < 2 sizes.
 */
export function gcAmortizedFit(batches: readonly Batch[]): RobustFit {
  const all = () =>
    perSizeMedianFit(
      batches.map((b) => b.iterations),
      batches.map((b) => b.ns),
    );
  const clean = batches.filter((b) => !(b.gc > 0));
  if (clean.length === batches.length || distinctSizes(clean) < 2) return all();
  const f = perSizeMedianFit(
    clean.map((b) => b.iterations),
    clean.map((b) => b.ns),
  );
  let excess = 0;
  let iterations = 0;
  for (const b of batches) {
    iterations += b.iterations;
    if (b.gc > 0) excess += b.ns - (f.intercept + f.slope * b.iterations);
  }
  return { ...f, slope: f.slope + excess / iterations };
}

/**
 * Relative residuals (ns - fitted) / fitted per batch, from a weighted least-squares fit with
 * weights 1/iterations² (simple-statistics' weightedLinearRegression). Timing noise grows with
 * the batch, so an unweighted fit's intercept error dominates the small batches' residuals
 * (seen in synthetic data: 1 % noise gave 4 % residuals at the smallest size); weighting for
 * noise ∝ size makes the relative residuals comparable across sizes. Manual samples (`manual`,
 * as for fitFork) have no fit: each one's per-operation time against their mean.
 */
export function relativeResiduals(batches: readonly Batch[], manual: boolean): number[] {
  if (manual || distinctSizes(batches) < 2) {
    const m = mean(batches.map((b) => b.ns / b.iterations));
    return batches.map((b) => b.ns / b.iterations / m - 1);
  }
  const { m, b: c } = weightedLinearRegression(
    batches.map((b) => [b.iterations, b.ns]),
    batches.map((b) => 1 / (b.iterations * b.iterations)),
  );
  return batches.map((b) => {
    const fitted = c + m * b.iterations;
    return fitted > 0 ? (b.ns - fitted) / fitted : 0;
  });
}

/**
 * The per-process value of a statistic (the unit the headline averages over processes);
 * `manual` as for fitFork.
 */
export function forkStatistic(batches: readonly Batch[], statistic: Statistic, manual: boolean): number {
  // A resample without 2 sizes has no slope: NaN, rejected. Manual samples have none to fit:
  // their "slope" is the pooled Σ duration / Σ operations.
  if (statistic === 'slope') return manual ? fitFork(batches, true).slope : batchSlope(batches);
  const f = fitFork(batches, manual);
  switch (statistic) {
    case 'min':
      return min(f.perIteration);
    case 'median':
      return median(f.perIteration);
    case 'mean':
      return mean(f.perIteration);
  }
}

/**
 * The headline statistic over processes: the mean of the per-process values, so each
 * process counts once whatever its batch count (the process is the unit of independence, §2).
 */
export function pooledStatistic(groups: readonly (readonly Batch[])[], statistic: Statistic, manual: boolean): number {
  let sum = 0;
  for (const g of groups) sum += forkStatistic(g, statistic, manual);
  return sum / groups.length;
}
