// The orchestrator's question after a benchmark's planned processes (src/orchestrator/suite.ts
// MoreProcesses), answered by the analysis the run's rows are built with. Two reasons add
// processes, and the larger count wins, within the run's maximum:
// - the planned processes disagree: Stein's count for their headline's CI half-width
//   (src/analysis/more-processes.ts), judged over all of them as planned, and the final interval
//   is two-stage (src/analysis/headline-ci.ts);
// - planned processes ran in another state than the run's usual one, slower or faster
//   (src/analysis/slow-processes.ts): one new process for each, measured after the spell, so the
//   estimate can rest on as many processes as were planned. This count follows the yardsticks,
//   not the kernel's spread, so alone it keeps the plain interval over the kept processes. It is
//   asked for only when it can leave MIN_KEPT normal processes: with fewer, the estimate keeps
//   every process (slow-processes.ts measuredForks) and the new ones would be spent for nothing.
// Disagreement is not judged over the normal processes alone: two of them give df 1 (a t quantile
// of 12.7 against 4.3 for three), which calls processes 2 % apart "disagreeing".
//
// A benchmark compared with its group's `.baseline()` asks a question its planned processes may
// already answer: when they read faster or slower than the baseline's at SETTLED_CONFIDENCE, or
// stricter under a stricter --confidence (settledConfidence), with no slow process on either side
// and a baseline that gets no processes itself, the disagreement adds none, and a detail says so.
// Its headline interval stays as wide as its processes make it. The verdict printed is the run's
// usual one over these same processes at the run's confidence, held by Holm over the run's N
// comparisons with a baseline, which an interval at 1 − alpha / N or stricter that excludes 1
// implies (so the level is that when it is stricter than settledConfidence): this look can add a
// false verdict only where the stricter one was false, at most 1 − settledConfidence of the time
// (test/api/settled-simulation.test.ts).
import { analyzeBenchmark } from '../analysis/estimate.js';
import { relativeHalfWidth } from '../analysis/half-width.js';
import { processesToAdd } from '../analysis/more-processes.js';
import { MIN_KEPT, inAnotherState, runYardstick, type RunYardstick } from '../analysis/slow-processes.js';
import { baselineOf } from '../compare/documents.js';
import { verdictForForks } from '../compare/verdict.js';
import { DEFAULT_STATISTIC } from '../defaults.js';
import type { MeasuredEntry, MoreProcesses, Settled } from '../orchestrator/suite.js';
import type { Statistic } from '../results/schema.js';
import { displayName } from '../compare/match.js';

/** The confidence at which a comparison with the baseline after the planned processes needs no more. */
export const SETTLED_CONFIDENCE = 0.995;

/** SETTLED_CONFIDENCE, or a tenth of the run's own error rate when that is smaller (--confidence 0.999). */
export function settledConfidence(confidence: number): number {
  return Math.max(SETTLED_CONFIDENCE, 1 - (1 - confidence) / 10);
}

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
    const slow = forks.filter((f) => inAnotherState(f, reference)).length;
    const replace = Math.min(max - forks.length, slow);
    const replaceHelps = replace > 0 && forks.length - slow + replace >= MIN_KEPT;
    let stein = processesToAdd(h, forks.length, max);
    const settled = stein > 0 ? settledAgainstBaseline(entry, run, reference, max, settings) : null;
    if (settled) stein = 0;
    const count = Math.max(stein, replaceHelps ? replace : 0);
    const halfWidth = relativeHalfWidth(h);
    if (count > 0) return { count, halfWidth, replaced: Math.min(slow, count) };
    return settled ? { count: 0, halfWidth, replaced: 0, settled } : null;
  };
}

/**
 * The benchmark's planned processes against its baseline's, when they read faster or slower at
 * settledConfidence, with no slow process on either side and a baseline that agrees with itself
 * (so gets no processes, and the final comparison is over these same processes); null otherwise
 * (no baseline, too few processes, a slow one, a baseline that gets more, or an open question).
 */
function settledAgainstBaseline(
  entry: MeasuredEntry,
  run: readonly MeasuredEntry[],
  reference: RunYardstick,
  max: number,
  s: { statistic: Statistic | 'auto'; confidence: number; seed: number; threshold: number },
): Settled | null {
  const keyed = run.map((e) => ({ ...e.descriptor, entry: e }));
  const base = baselineOf({ ...entry.descriptor, entry }, keyed)?.entry;
  if (!base || base.error || base.forks.length < 2 || entry.forks.length < 2) return null;
  if ([...base.forks, ...entry.forks].some((f) => inAnotherState(f, reference))) return null;
  const statistic = s.statistic === 'auto' ? DEFAULT_STATISTIC : s.statistic;
  // The run prints its .baseline() comparisons held by Holm over all of them (src/compare/documents.ts):
  // an interval at 1 - alpha / N that excludes 1 is a p that Holm over N rejects whatever the others.
  const family = keyed.filter((k) => baselineOf(k, keyed) !== undefined).length;
  const confidence = Math.max(settledConfidence(s.confidence), 1 - (1 - s.confidence) / Math.max(1, family));
  let v;
  try {
    const own = analyzeBenchmark(base.forks, { statistic, confidence: s.confidence, seed: s.seed, counters: false });
    if (processesToAdd(own.headline, base.forks.length, max) > 0) return null;
    v = verdictForForks(base.forks, entry.forks, {
      threshold: s.threshold,
      confidence,
      seed: s.seed,
      statistic,
      sameRun: true,
    });
  } catch {
    return null;
  }
  if ((v.verdict !== 'faster' && v.verdict !== 'slower') || !v.ratio) return null;
  const d = base.descriptor;
  return {
    baseline: displayName({ group: d.group, name: d.title, args: d.args }),
    verdict: v.verdict,
    ratio: v.ratio.point,
    ciLow: v.ratio.ciLow,
    ciHigh: v.ratio.ciHigh,
    confidence,
  };
}
