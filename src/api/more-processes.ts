// The orchestrator's question after a benchmark's planned processes (src/orchestrator/suite.ts
// MoreProcesses), answered by the analysis the run's rows are built with:
// - planned processes that ran in a slow state against the run's fast state
//   (src/analysis/slow-processes.ts) are replaced, so the estimate can rest on as many processes
//   as were planned, measured after the spell;
// - the headline of the processes the estimate would rest on, and Stein's count for its CI
//   half-width (src/analysis/more-processes.ts).
// Whichever asks for more wins, at most the run's maximum per benchmark.
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
    const reference = runYardstick(run);
    const normal = forks.filter((f) => !ranSlow(f, reference));
    const replaced = forks.length - normal.length;
    const over = normal.length >= MIN_KEPT ? normal : forks;
    let h;
    try {
      h = analyzeBenchmark(over, { statistic, confidence, seed, counters: false }).headline;
    } catch {
      return null; // the final analysis reports why these batches cannot be analysed
    }
    // Stein's count is for the processes the estimate rests on; the slow ones are not among them,
    // and the total stays within `max`.
    const stein = processesToAdd(h, over.length, max);
    const count = Math.min(max - forks.length, Math.max(replaced, stein));
    return count > 0 ? { count, halfWidth: relativeHalfWidth(h), replaced: Math.min(replaced, count) } : null;
  };
}
