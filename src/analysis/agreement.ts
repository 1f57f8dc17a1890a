// Agreement of the headline with the run's other per-operation figures. The headline is a slope
// over batch times; the same run also gives the median per-iteration time of the batches, the
// process CPU time per operation (the slope of Batch.processCpuNs, when batches were timed on the
// clock) and, in latency mode, the median call time. When the headline's whole interval lies
// beyond every one of them by more than the tolerance, the headline rests on something the
// others did not see (waits for a CPU landing in a few long batches, as on a busy machine), and
// the result is flagged with the figures, never given as a confident number.
//
// Tolerance: AGREEMENT_TOLERANCE, plus the share of time in collection pauses when the headline
// is above (collections are amortised into the slope, gc-share.ts, and sit in few batches, so
// the median per-iteration time leaves them out by design).

import { median } from 'simple-statistics';
import type { Batch, Headline } from '../results/schema.js';
import type { DetailValues } from '../results/detail-schema.js';
import { perSizeMedianFit } from '../statistics/robust-slope.js';

export const AGREEMENT_TOLERANCE = 0.1;

export interface AgreementInput {
  headline: Pick<Headline, 'point' | 'ciLow' | 'ciHigh'>;
  /** Pooled median per-iteration time of the batches as measured, ns (batchMedianNs). */
  batchMedianNs: number | null;
  /** Measured (not preempted) batches of each process. */
  groups: readonly (readonly Batch[])[];
  /** Median call time in latency mode, ns. */
  latencyMedianNs: number | null;
  /** Share of measured time in collection pauses (gc-share.ts), 0 when unknown. */
  gcShare: number;
}

/**
 * The median per-iteration time of the batches as measured (ns / iterations), pooled: not
 * corrected by the fit's intercept, so a steep slope cannot pull it along.
 */
export function batchMedianNs(groups: readonly (readonly Batch[])[]): number | null {
  const v = groups.flatMap((g) => g.filter((b) => b.iterations > 0 && b.ns > 0).map((b) => b.ns / b.iterations));
  return v.length > 0 ? median(v) : null;
}

/** The process CPU time per operation: median over processes of the slope of processCpuNs (clock-timed batches only). */
export function cpuPerOp(groups: readonly (readonly Batch[])[]): number | null {
  const slopes: number[] = [];
  for (const g of groups) {
    const b = g.filter((x) => typeof x.processCpuNs === 'number' && x.wallNs === undefined);
    if (b.length < 3 || new Set(b.map((x) => x.iterations)).size < 2) continue;
    const fit = perSizeMedianFit(
      b.map((x) => x.iterations),
      b.map((x) => x.processCpuNs!),
    );
    if (Number.isFinite(fit.slope)) slopes.push(fit.slope);
  }
  return slopes.length > 0 ? median(slopes) : null;
}

/** The disagreement as values of an 'estimates-disagree' detail, or null when they agree (or nothing to compare). */
export function disagreement(a: AgreementInput): DetailValues['estimates-disagree'] | null {
  const cpu = cpuPerOp(a.groups);
  const refs = [a.batchMedianNs, cpu, a.latencyMedianNs].filter(
    (x): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0,
  );
  if (refs.length === 0) return null;
  const above = refs.every((r) => a.headline.ciLow > r * (1 + AGREEMENT_TOLERANCE + Math.max(0, a.gcShare)));
  // Below: only against the figures without a per-batch fixed cost in them (the CPU time's slope
  // and the latency median, timer overhead subtracted); the batch median holds each batch's fixed
  // overhead, which the slope removes by design.
  const slopes = [cpu, a.latencyMedianNs].filter((x): x is number => typeof x === 'number' && x > 0);
  const below = slopes.length > 0 && slopes.every((r) => a.headline.ciHigh < r * (1 - AGREEMENT_TOLERANCE));
  if (!above && !below) return null;
  return {
    direction: above ? 'above' : 'below',
    headlineNs: a.headline.point,
    ciLowNs: a.headline.ciLow,
    ciHighNs: a.headline.ciHigh,
    batchMedianNs: a.batchMedianNs,
    cpuPerOpNs: cpu,
    latencyMedianNs: a.latencyMedianNs,
    tolerance: AGREEMENT_TOLERANCE,
    gcShare: a.gcShare,
  };
}
