// The package's public exports: a plain list of re-exports.

export {
  bench,
  group,
  blackhole,
  run,
  runFiles,
  runFilesAgainst,
  collectBenchmarks,
  IN_PROCESS_NOTE,
} from './api/index.js';
export type { RunApiOptions, RunResult, RunFilesOptions, RunOutcome } from './api/index.js';
export { stat, readResults, compareResults, renderReport, audit, type CompareResultsOptions } from './api/tools.js';
export type { StatOptions, StatResult } from './stat/types.js';
export { toBmf, type Bmf, type BmfMetric } from './export/bmf.js';
export { toGithubBenchmark, type GithubBenchmarkEntry } from './export/github-benchmark.js';
export type { ExportFiles } from './export/write.js';
export type { DocumentComparison } from './compare/documents.js';
export type { PairedDocument } from './paired/document.js';
export type { Comparison } from './compare/types.js';
export type { AuditRow, AuditOptions } from './audit/audit.js';
export type { ReportFormat } from './report/reporter.js';
export type {
  BenchArgs,
  BenchFn,
  BenchHandle,
  BenchObject,
  BenchmarkDescriptor,
  InputRng,
  InputSource,
} from './api/types.js';
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
