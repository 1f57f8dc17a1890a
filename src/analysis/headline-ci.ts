// The headline's confidence interval (docs/measurements.md, "Coverage"):
// - 2 or more processes: t-interval over the per-process values (df = processes - 1). The
//   process is the unit of independence; its value carries both its own state and its batch
//   noise, so the interval covers both, whichever dominates. The hierarchical percentile
//   bootstrap it replaces covered the truth ~76 % of the time with 3 processes when processes
//   differed more than batches (normal quantiles, plug-in variance).
// - 1 process: percentile bootstrap over its batches, which covers batch noise only; the
//   method line says so.

import type { Batch, Statistic } from '../results/schema.js';
import { hierarchicalBootstrap, type BootstrapOptions } from '../statistics/bootstrap.js';
import { meanInterval } from '../statistics/t-intervals.js';
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
  boot: BootstrapOptions & { confidence: number },
): HeadlineInterval {
  if (groups.length >= 2) {
    const points = groups.map((g) => forkStatistic(g, statistic));
    if (points.every(Number.isFinite)) {
      const t = meanInterval(points, boot.confidence);
      const method = `t-interval over ${groups.length} per-process values (df ${t.df})`;
      return { point: t.point, ciLow: t.ciLow, ciHigh: t.ciHigh, method, rejected: 0 };
    }
  }
  const b = hierarchicalBootstrap(groups, (g) => pooledStatistic(g, statistic), boot);
  const only = groups.length === 1 ? '; batches only: process-to-process variation is not covered' : '';
  return { point: b.point, ciLow: b.ciLow, ciHigh: b.ciHigh, method: `${b.method}${only}`, rejected: b.rejected };
}
