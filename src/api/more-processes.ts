// The orchestrator's question after a benchmark's planned processes (src/orchestrator/suite.ts
// MoreProcesses), answered by the analysis the run's rows are built with. Two reasons add
// processes, and the larger count wins, within the run's maximum:
// - the planned processes disagree: Stein's count for their headline's CI half-width
//   (src/analysis/more-processes.ts), judged over all of them as planned, and the final interval
//   is two-stage (src/analysis/headline-ci.ts);
// - planned processes ran in a slow state against the run's fast state
//   (src/analysis/slow-processes.ts): one new process for each, measured after the spell, so the
//   estimate can rest on as many processes as were planned. This count follows the yardsticks,
//   not the kernel's spread, so alone it keeps the plain interval over the kept processes. It is
//   asked for only when it can leave MIN_KEPT normal processes: with fewer, the estimate keeps
//   every process (slow-processes.ts measuredForks) and the new ones would be spent for nothing.
// Disagreement is not judged over the normal processes alone: two of them give df 1 (a t quantile
// of 12.7 against 4.3 for three), which calls processes 2 % apart "disagreeing".
//
// A benchmark compared with its group's `.baseline()` asks a question its planned processes may
// already answer: when they read faster or slower than the baseline's at SETTLED_CONFIDENCE (no
// slow process on either side), the disagreement adds none, and a detail says so. Its headline
// interval stays as wide as its processes make it. The verdict printed is the run's usual one, at
// its own confidence, over these same processes: this look can only add a false verdict where the
// stricter one was false, at most 1 − SETTLED_CONFIDENCE of the time.
import { analyzeBenchmark } from '../analysis/estimate.js';
import { relativeHalfWidth } from '../analysis/half-width.js';
import { processesToAdd } from '../analysis/more-processes.js';
import { MIN_KEPT, ranSlow, runYardstick, type RunYardstick } from '../analysis/slow-processes.js';
import { baselineOf } from '../compare/documents.js';
import { verdictForForks } from '../compare/verdict.js';
import { DEFAULT_STATISTIC } from '../defaults.js';
import type { MeasuredEntry, MoreProcesses, Settled } from '../orchestrator/suite.js';
import type { Statistic } from '../results/schema.js';
import { fullName } from '../text/format.js';

/** The confidence at which a comparison with the baseline after the planned processes needs no more. */
export const SETTLED_CONFIDENCE = 0.995;

/** How many processes to add to a benchmark, from its headline analysed with the run's statistic, confidence and seed. */
export function moreProcesses(settings: {
  statistic: Statistic | 'auto';
  confidence: number;
  seed: number;
  /** The run's noise threshold: a verdict against the baseline is faster or slower beyond it. */
  threshold: number;
}): MoreProcesses {
  const { statistic, confidence, seed } = settings;
  return (entry, max, run) => {
    const forks = entry.forks;
    let h;
    try {
      h = analyzeBenchmark(forks, { statistic, confidence, seed, counters: false }).headline;
    } catch {
      return null; // the final analysis reports why these batches cannot be analysed
    }
    const reference = runYardstick(run.flatMap((e) => e.forks));
    const slow = forks.filter((f) => ranSlow(f, reference)).length;
    const replace = Math.min(max - forks.length, slow);
    const replaceHelps = replace > 0 && forks.length - slow + replace >= MIN_KEPT;
    let stein = processesToAdd(h, forks.length, max);
    const settled = stein > 0 ? settledAgainstBaseline(entry, run, reference, settings) : null;
    if (settled) stein = 0;
    const count = Math.max(stein, replaceHelps ? replace : 0);
    const halfWidth = relativeHalfWidth(h);
    if (count > 0) return { count, halfWidth, replaced: Math.min(slow, count) };
    return settled ? { count: 0, halfWidth, replaced: 0, settled } : null;
  };
}

/**
 * The benchmark's planned processes against its baseline's, when they read faster or slower at
 * SETTLED_CONFIDENCE with no slow process on either side; null otherwise (no baseline, too few
 * processes, a slow one, or an open question).
 */
function settledAgainstBaseline(
  entry: MeasuredEntry,
  run: readonly MeasuredEntry[],
  reference: RunYardstick,
  s: { statistic: Statistic | 'auto'; seed: number; threshold: number },
): Settled | null {
  const keyed = run.map((e) => ({ ...e.descriptor, entry: e }));
  const base = baselineOf({ ...entry.descriptor, entry }, keyed)?.entry;
  if (!base || base.error || base.forks.length < 2 || entry.forks.length < 2) return null;
  if ([...base.forks, ...entry.forks].some((f) => ranSlow(f, reference))) return null;
  let v;
  try {
    v = verdictForForks(base.forks, entry.forks, {
      threshold: s.threshold,
      confidence: SETTLED_CONFIDENCE,
      seed: s.seed,
      statistic: s.statistic === 'auto' ? DEFAULT_STATISTIC : s.statistic,
    });
  } catch {
    return null;
  }
  if ((v.verdict !== 'faster' && v.verdict !== 'slower') || !v.ratio) return null;
  return {
    baseline: fullName(base.descriptor.group, base.descriptor.title),
    verdict: v.verdict,
    ratio: v.ratio.point,
    ciLow: v.ratio.ciLow,
    ciHigh: v.ratio.ciHigh,
    confidence: SETTLED_CONFIDENCE,
  };
}
