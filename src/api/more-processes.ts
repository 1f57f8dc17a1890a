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
import { analyzeBenchmark } from '../analysis/estimate.js';
import { relativeHalfWidth } from '../analysis/half-width.js';
import { processesToAdd } from '../analysis/more-processes.js';
import { MIN_KEPT, ranSlow, runYardstick } from '../analysis/slow-processes.js';
import type { MoreProcesses } from '../orchestrator/suite.js';
import type { Statistic } from '../results/schema.js';

/** How many processes to add to a benchmark, from its headline analysed with the run's statistic, confidence and seed. */
export function moreProcesses(settings: {
  statistic: Statistic | 'auto';
  confidence: number;
  seed: number;
}): MoreProcesses {
  const { statistic, confidence, seed } = settings;
  return (forks, max, run) => {
    let h;
    try {
      h = analyzeBenchmark(forks, { statistic, confidence, seed, counters: false }).headline;
    } catch {
      return null; // the final analysis reports why these batches cannot be analysed
    }
    const reference = runYardstick(run);
    const slow = forks.filter((f) => ranSlow(f, reference)).length;
    const replace = Math.min(max - forks.length, slow);
    const replaceHelps = replace > 0 && forks.length - slow + replace >= MIN_KEPT;
    const count = Math.max(processesToAdd(h, forks.length, max), replaceHelps ? replace : 0);
    return count > 0 ? { count, halfWidth: relativeHalfWidth(h), replaced: Math.min(slow, count) } : null;
  };
}
