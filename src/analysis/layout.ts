// How much memory layout moved a result (`--aslr randomize`; Mytkowicz et
// al. 2009). Under randomize every process gets its own ASLR draw and its own environment
// size, so the spread of the per-process results is layout effect plus the noise each
// process's estimate has anyway. The second part is known from within each process (a
// bootstrap over its batches), so the excess is what layout — together with any other
// per-process effect, e.g. a different JIT decision — added:
//
//   layoutCv² ≈ max(0, betweenCv² − withinCv²)
//
// (the one-way random-effects decomposition: the variance of per-group means is the
// between-group component plus the within-group variance of a mean). It cannot tell
// layout from other per-process effects; the report's wording says so (src/report/details.ts).

import { mean, sampleStandardDeviation } from 'simple-statistics';
import type { Batch, ForkResult, LayoutEffect, Statistic } from '../results/schema.js';
import { bootstrapCi } from '../statistics/bootstrap.js';
import { forkStatistic } from './fork-fit.js';
import { allManual } from './manual.js';

/** Resamples per process for its own standard error (a spread, not a published interval). */
export const LAYOUT_RESAMPLES = 200;

/**
 * The layout effect over processes that ran under different layouts (distinct environment
 * paddings), or null when fewer than 2 did. `groups[i]` are the usable batches of `forks[i]`.
 */
export function layoutEffect(
  forks: readonly ForkResult[],
  groups: readonly (readonly Batch[])[],
  statistic: Statistic,
  seed: number,
): LayoutEffect | null {
  const paddings = forks.map((f) => f.conditions.envPadding ?? 0);
  const layouts = new Set(paddings).size;
  if (forks.length < 2 || layouts < 2) return null;
  const manual = allManual(forks);
  const points = groups.map((g) => forkStatistic(g, statistic, manual));
  if (!points.every((p) => Number.isFinite(p) && p > 0)) return null;
  const m = mean(points);
  const betweenCv = sampleStandardDeviation(points) / m;
  // Each process's own relative standard error: half the width of its 68 % bootstrap interval.
  const relSe = groups.map((g, i) => {
    const ci = bootstrapCi([...g], (r) => forkStatistic(r, statistic, manual), {
      resamples: LAYOUT_RESAMPLES,
      confidence: 0.6827,
      seed: seed + i,
    });
    return (ci.ciHigh - ci.ciLow) / 2 / points[i];
  });
  const withinCv = Math.sqrt(mean(relSe.filter(Number.isFinite).map((s) => s * s)));
  return {
    processes: forks.length,
    layouts,
    paddingBytes: [Math.min(...paddings), Math.max(...paddings)],
    spread: Math.max(...points) / Math.min(...points) - 1,
    betweenCv,
    withinCv,
    layoutCv: Math.sqrt(Math.max(0, betweenCv * betweenCv - withinCv * withinCv)),
  };
}
