// The versioned result document written by `cyclebench run --json` and read back by
// `compare` and `report`. Bump SCHEMA_VERSION on any incompatible change and keep a
// reader for every older version in src/results/read.ts.

import type { ProfileSummary } from '../profile/summary.js';
import type { CounterEventAvailability, CounterName } from '../platform/types.js';
import type { LatencySummary } from './latency-schema.js';
import type { AnalysisDetail, Detail } from './detail-schema.js';
import type { CheckOutcome } from './checks.js';
import type { ForkResult } from './fork-schema.js';
import type { Finding } from './finding-schema.js';
import type { Flag, LayoutEffect, Statistic, V8Tier } from './terms.js';

export const SCHEMA_VERSION = 5;

// Latency mode's records live in their own file; they are part of this document.
export type { LatencyRecord, LatencyRung, LatencySummary, PerCallRecord } from './latency-schema.js';

// One process's records and a benchmark's findings live in their own files; they are part of this document.
export type {
  Batch,
  DeoptCount,
  ForkResult,
  InputSummary,
  ManualRecord,
  MemoryRecord,
  PreemptionCause,
  SimulationRecord,
  V8Record,
  WarmupOutcome,
  WarmupSummary,
} from './fork-schema.js';
export type { Flag, LayoutEffect, SamplingStop, Statistic, V8Tier } from './terms.js';
export { FINDING_CODES } from './finding-schema.js';
export type { Finding, FindingCode, FindingSeverity } from './finding-schema.js';

/** Memory per operation over a benchmark's processes (src/analysis/memory.ts). */
export interface MemorySummary {
  /** Median over processes of their bytes per operation. */
  bytesPerOp: number;
  min: number;
  max: number;
  forks: number;
  /** Collections that ran during the readings, over every process (their freed bytes are counted). */
  collections: number;
  method: string;
}

export interface Headline {
  statistic: Statistic;
  unit: 'ns';
  point: number;
  ciLow: number;
  ciHigh: number;
  confidence: number;
  /** How the CI was built, e.g. "hierarchical bootstrap over 3 processes". */
  method: string;
}

export interface Estimates {
  slope: number;
  intercept: number;
  r2: number;
  min: number;
  median: number;
  mean: number;
  p25: number;
  p75: number;
  p99: number;
  mad: number;
  stddev: number;
  /** Spread of per-process headline points (stddev / mean), null with < 2 forks. */
  betweenProcessCv: number | null;
  /** Mean within-process coefficient of variation of per-iteration times. */
  withinProcessCv: number;
}

export interface CounterPerOp {
  event: CounterName;
  perOp: number;
  ciLow?: number;
  ciHigh?: number;
}

export interface BenchmarkResult {
  name: string;
  group: string | null;
  args: Record<string, unknown>;
  baseline: boolean;
  file: string | null;
  headline: Headline | null;
  estimates: Estimates | null;
  forks: ForkResult[];
  counters?: {
    /** Availability of each requested event (absent when the run did not record it). */
    events?: CounterEventAvailability[];
    perOp: CounterPerOp[];
    ipc?: number;
    cacheMissRate?: number;
    branchMissRate?: number;
  };
  flags: Flag[];
  /** `--counters simulate`: the tiers V8 ran the kernel in while counted, per process (absent otherwise). */
  simulation?: { tiers: V8Tier[]; steady: boolean; caches?: string[] };
  /**
   * The warning lines of `details` in words, written for readers of the file (src/report/details.ts);
   * the reports read `details`. Files before version 3 carry only these lines.
   */
  warnings: string[];
  /** Informational lines in words: worth knowing, not a reason to doubt the headline (absent in older files). */
  notes?: string[];
  /** Everything the analysis saw, as data (codes and values): present from schema version 3. */
  details?: Detail[];
  /**
   * What needs a reader's attention, as data (src/analysis/findings.ts); the words are the
   * report's (src/report/findings.ts). Present from schema version 2; version 1 files get them on reading.
   */
  findings?: Finding[];
  error?: { message: string; stack?: string; kind: 'throw' | 'crash' | 'timeout' | 'load' | 'interrupted' };
  /** With `--aslr randomize` and ≥ 2 processes: how much layout moved the result (absent otherwise). */
  layout?: LayoutEffect;
  /** Against the `.baseline()` of its group (contender / baseline of the headline). */
  relative?: RelativeResult;
  /** The A/A check (`--aa`): both arms' forks are in `forks`; arm membership by fork index parity of `aaArms`. */
  /** Latency mode: the percentile ladder of per-call times over every fork (absent otherwise and in older files). */
  latency?: LatencySummary;
  /** `--memory`: heap bytes allocated per operation (absent otherwise and in older files). */
  memory?: MemorySummary;
  /** `--profile`: the benchmark's CPU profile file and its top self-time functions (src/profile/summary.ts). */
  profile?: ProfileSummary;
  aa?: {
    verdict: Verdict;
    ratio: { point: number; ciLow: number; ciHigh: number } | null;
    pValue: number | null;
    minimumDetectable: number | null;
    passed: boolean;
    arms: [number[], number[]];
  };
}

/**
 * A comparison's answer. 'cannot-tell' (schema version 4): the interval reaches beyond the noise
 * threshold without settling the question (src/statistics/threshold.ts intervalVerdict);
 * 'no-difference' only when the whole interval lies inside ±threshold.
 */
export type Verdict = 'faster' | 'slower' | 'no-difference' | 'cannot-tell' | 'too-few' | 'incomparable';

export interface RelativeResult {
  baseline: string;
  verdict: Verdict;
  ratio: { point: number; ciLow: number; ciHigh: number } | null;
  pValue: number | null;
  /** Why the verdict is not the plain one, in words (filled from `because` by src/report/details.ts). */
  reason?: string;
  /** Why the verdict is not the plain one, as data (schema version 3). */
  because?: AnalysisDetail;
}

export interface ResultDocument {
  schemaVersion: number;
  tool: { name: 'cyclebench'; version: string };
  createdAt: string;
  command: string[];
  options: Record<string, unknown>;
  environment: Record<string, unknown>;
  benchmarks: BenchmarkResult[];
  warnings: string[];
  /** The assertions the benchmark files made about their benchmarks (vitest 5's expect), judged. */
  checks?: CheckOutcome[];
}

export { DETAIL_CODES, detail } from './detail-schema.js';
export type {
  AnalysisDetail,
  Detail,
  DetailCode,
  DetailData,
  DetailSeverity,
  DetailValues,
  EnvironmentValues,
  NoValues,
  Side,
  V8Values,
} from './detail-schema.js';
