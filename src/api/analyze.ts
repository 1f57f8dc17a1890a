// In-process analysis: the same pure analysis the orchestrator uses (src/analysis),
// imported lazily so that merely collecting a file's benchmarks (in every worker) does
// not load the statistics code.

import type { AnalyzeOptions } from '../analysis/defaults.js';
import type { AnalysisDetail, BenchmarkResult, ForkResult } from '../results/schema.js';

export type Analysis = Pick<BenchmarkResult, 'headline' | 'estimates' | 'flags' | 'counters' | 'latency' | 'layout'> & {
  details: AnalysisDetail[];
};
type Analyzer = (forks: ForkResult[], opts: AnalyzeOptions) => Analysis;

export async function loadAnalyzer(): Promise<Analyzer> {
  const { analyzeBenchmark } = await import('../analysis/estimate.js');
  return analyzeBenchmark;
}
