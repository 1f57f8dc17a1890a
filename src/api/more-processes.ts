// The orchestrator's question after a benchmark's planned processes (src/orchestrator/suite.ts
// MoreProcesses), answered by the analysis the run's rows are built with: the headline of the
// processes so far, and Stein's count for its CI half-width (src/analysis/more-processes.ts).
import { analyzeBenchmark } from '../analysis/estimate.js';
import { relativeHalfWidth } from '../analysis/half-width.js';
import { processesToAdd } from '../analysis/more-processes.js';
import type { MoreProcesses } from '../orchestrator/suite.js';
import type { Statistic } from '../results/schema.js';

/** How many processes to add to a benchmark, from its headline analysed with the run's statistic, confidence and seed. */
export function moreProcesses(settings: {
  statistic: Statistic | 'auto';
  confidence: number;
  seed: number;
}): MoreProcesses {
  const { statistic, confidence, seed } = settings;
  return (forks, max) => {
    let h;
    try {
      h = analyzeBenchmark(forks, { statistic, confidence, seed, counters: false }).headline;
    } catch {
      return null; // the final analysis reports why these batches cannot be analysed
    }
    const count = processesToAdd(h, forks.length, max);
    return count > 0 ? { count, halfWidth: relativeHalfWidth(h) } : null;
  };
}
