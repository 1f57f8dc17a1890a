// The package's public exports: a plain list of re-exports.

export { bench, group, blackhole, run, runFiles, collectBenchmarks, IN_PROCESS_NOTE } from './api/index.js';
export type { RunApiOptions, RunResult, RunFilesOptions, RunOutcome } from './api/index.js';
export type { BenchArgs, BenchFn, BenchHandle, BenchObject, BenchmarkDescriptor, InputRng, InputSource } from './api/types.js';
export type {
  Batch,
  BenchmarkResult,
  Estimates,
  Flag,
  ForkResult,
  Headline,
  InputSummary,
  LatencyRecord,
  LatencyRung,
  LatencySummary,
  ResultDocument,
  SamplingStop,
  Statistic,
  WarmupSummary,
} from './results/schema.js';
