// In-process analysis: the same pure analysis the orchestrator uses (src/analysis), loaded
// lazily so the registration API does not pull in the statistics code when a file is
// merely collected. If the analysis module is missing (early development) a minimal
// OLS-slope summary is produced instead so run() still prints numbers.

import type { BenchmarkResult, ForkResult, Statistic } from '../results/schema.js';
import { ols } from '../stats/regression.js';

export interface AnalyzeOptions {
  statistic: Statistic | 'auto';
  confidence: number;
  seed: number;
}

type Analysis = Pick<BenchmarkResult, 'headline' | 'estimates' | 'flags' | 'warnings' | 'counters'>;
type Analyzer = (forks: ForkResult[], opts: AnalyzeOptions) => Analysis;

// A variable specifier keeps this file compiling while src/analysis is being written.
const ANALYSIS_MODULE = '../analysis/estimate.js';

export async function loadAnalyzer(): Promise<Analyzer> {
  try {
    const mod = (await import(ANALYSIS_MODULE)) as { analyzeBenchmark: Analyzer };
    if (typeof mod.analyzeBenchmark === 'function') return mod.analyzeBenchmark;
  } catch {
    // fall through to the minimal analysis
  }
  return minimalAnalysis;
}

/** Slope and R² only, no CI: a stop-gap, flagged in the warnings. */
function minimalAnalysis(forks: ForkResult[]): Analysis {
  const batches = forks.flatMap((f) => f.batches);
  const fit = ols(batches.map((b) => b.iterations), batches.map((b) => b.ns));
  return {
    headline: { statistic: 'slope', unit: 'ns', point: fit.slope, ciLow: NaN, ciHigh: NaN, confidence: 0, method: 'none (analysis module unavailable)' },
    estimates: null,
    flags: [],
    warnings: ['analysis module unavailable: slope only, no confidence interval'],
  };
}
