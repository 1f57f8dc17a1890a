// The versioned result document written by `cyclebench run --json` and read back by
// `compare` and `report`. Bump SCHEMA_VERSION on any incompatible change and keep a
// reader for every older version in src/results/read.ts.

import type { CounterEventAvailability, CounterEventName } from '../platform/types.js';

export const SCHEMA_VERSION = 1;

/** One timed batch: `iterations` calls between two clock reads. Raw, as measured. */
export interface Batch {
  iterations: number;
  /** Elapsed clock ticks (see ForkResult.clockHz). */
  ticks: number;
  /** Elapsed ns (ticks converted with the calibrated frequency). */
  ns: number;
  /** CPU at the start and end of the batch, -1 when unknown. */
  cpuStart: number;
  cpuEnd: number;
  /** GC events that overlapped the batch (PerformanceObserver 'gc'). */
  gc: number;
  /** Voluntary + involuntary context switches of the measuring thread during the batch. */
  contextSwitches: number;
  /** CPU migrations of the measuring thread (/proc/thread-self/sched or cpuStart != cpuEnd). */
  migrations: number;
  /** Minor + major page faults of the measuring thread during the batch. */
  pageFaults: number;
  /** Scaled counter deltas over the batch, by event name (absent when no counters). */
  counters?: Partial<Record<CounterEventName, number>>;
  /** Share of the batch the counters were actually running (multiplexing), 0..1. */
  countersRunning?: number;
}

export type WarmupOutcome = 'steady' | 'budget';

export interface WarmupSummary {
  outcome: WarmupOutcome;
  batches: number;
  iterations: number;
  durationNs: number;
  /** Per-iteration estimate at the end of warmup, ns. */
  estimateNs: number;
}

export type SamplingStop = 'target-ci' | 'time-budget' | 'max-rounds';

export interface ForkResult {
  index: number;
  pid: number;
  clockHz: number;
  clockSource: string;
  warmup: WarmupSummary;
  /** d: the batch size unit; batches use i*d iterations. */
  unit: number;
  batches: Batch[];
  stop: SamplingStop;
  /** Checksum of the values the benchmark returned (what the sink saw). */
  checksum: string;
  /** What was in force in this process. */
  conditions: {
    cpu: number[] | null;
    aslr: 'on' | 'off' | 'unknown';
    mlock: boolean;
    envPadding: number;
  };
  warnings: string[];
}

export type Statistic = 'slope' | 'min' | 'median' | 'mean';

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

export type Flag =
  | 'optimized-away'
  | 'gc-during-batches'
  | 'migrations'
  | 'context-switches'
  | 'page-faults'
  | 'low-r2'
  | 'warmup-not-steady'
  | 'target-ci-not-reached'
  | 'multimodal'
  | 'outliers'
  | 'environment-changed'
  | 'in-process';

export interface CounterPerOp {
  event: CounterEventName;
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
  warnings: string[];
  /** Informational lines: worth knowing, not a reason to doubt the headline (absent in older files). */
  notes?: string[];
  error?: { message: string; stack?: string; kind: 'throw' | 'crash' | 'timeout' | 'load' };
  /** Against the `.baseline()` of its group (contender / baseline of the headline). */
  relative?: RelativeResult;
  /** The A/A check (`--aa`): both arms' forks are in `forks`; arm membership by fork index parity of `aaArms`. */
  aa?: { verdict: Verdict; ratio: { point: number; ciLow: number; ciHigh: number } | null; pValue: number | null; minimumDetectable: number | null; passed: boolean; arms: [number[], number[]] };
}

export type Verdict = 'faster' | 'slower' | 'no-difference' | 'incomparable';

export interface RelativeResult {
  baseline: string;
  verdict: Verdict;
  ratio: { point: number; ciLow: number; ciHigh: number } | null;
  pValue: number | null;
  reason?: string;
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
}
