// The headline's confidence interval (docs/measurements.md, "Coverage"):
// - 2 or more processes: t-interval over the per-process values (df = processes - 1). The
//   process is the unit of independence; its value carries both its own state and its batch
//   noise, so the interval covers both, whichever dominates. The hierarchical percentile
//   bootstrap it replaces covered the truth ~76 % of the time with 3 processes when processes
//   differed more than batches (normal quantiles, plug-in variance).
// - 1 process: percentile bootstrap over its batches, which covers batch noise only; the
//   method line says so.
// - Two stages (processes added because the first ones disagreed, more-processes.ts): the
//   union of the t-interval over all processes and Stein's two-stage interval, mean of all n
//   ± t_{(1+c)/2, k₁-1} · s₁/√n with s₁ the first k₁ processes' sd (Stein 1945). Stein's is
//   exact whatever rule chose n from s₁, because under normality the mean is independent of
//   s₁; the plain t-interval alone would cover ~92 % when the rule fires often (the test
//   simulates it). The union also widens when the added processes disagree more.

import type { Batch, Statistic } from '../results/schema.js';
import { hierarchicalBootstrap, type BootstrapOptions } from '../statistics/bootstrap.js';
import { meanInterval } from '../statistics/t-intervals.js';
import { sampleStandardDeviation } from 'simple-statistics';
import { tQuantile } from '../statistics/tdist.js';
import { forkStatistic, pooledStatistic } from './fork-fit.js';

export interface HeadlineInterval {
  point: number;
  ciLow: number;
  ciHigh: number;
  method: string;
  /** Bootstrap resamples without a defined statistic (1 process only). */
  rejected: number;
}

export function headlineInterval(
  groups: readonly (readonly Batch[])[],
  statistic: Statistic,
  /** The processes timed their own samples (fork-fit.ts fitFork). */
  manual: boolean,
  boot: BootstrapOptions & { confidence: number },
  /** Per group: whether its process was in the planned first stage (absent: all were). */
  firstStage?: readonly boolean[],
): HeadlineInterval {
  if (groups.length >= 2) {
    const points = groups.map((g) => forkStatistic(g, statistic, manual));
    if (points.every(Number.isFinite))
      return { ...perProcessInterval(points, boot.confidence, firstStage), rejected: 0 };
  }
  const b = hierarchicalBootstrap(groups, (g) => pooledStatistic(g, statistic, manual), boot);
  const only = groups.length === 1 ? '; batches only: process-to-process variation is not covered' : '';
  return { point: b.point, ciLow: b.ciLow, ciHigh: b.ciHigh, method: `${b.method}${only}`, rejected: b.rejected };
}

/** The t-interval over per-process values, two-stage when `firstStage` marks an added stage. */
export function perProcessInterval(
  points: readonly number[],
  confidence: number,
  firstStage?: readonly boolean[],
): Omit<HeadlineInterval, 'rejected'> {
  const t = meanInterval(points, confidence);
  const method = `t-interval over ${points.length} per-process values (df ${t.df})`;
  const first = firstStage ? points.filter((_, i) => firstStage[i]) : points;
  if (first.length < 2 || first.length === points.length)
    return { point: t.point, ciLow: t.ciLow, ciHigh: t.ciHigh, method };
  const sd = sampleStandardDeviation([...first]);
  const half = (tQuantile((1 + confidence) / 2, first.length - 1) * sd) / Math.sqrt(points.length);
  return {
    point: t.point,
    ciLow: Math.min(t.ciLow, t.point - half),
    ciHigh: Math.max(t.ciHigh, t.point + half),
    method: `${method}; two-stage: ${first.length} planned + ${points.length - first.length} added, union with Stein's`,
  };
}
