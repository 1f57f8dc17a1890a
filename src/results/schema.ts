// The versioned result document written by `cyclebench run --json` and read back by
// `compare` and `report`. Bump SCHEMA_VERSION on any incompatible change and keep a
// reader for every older version in src/results/read.ts.

import type { ProfileSummary } from '../profile/summary.js';
import type { CounterEventAvailability, CounterName } from '../platform/types.js';
import type { LatencyRecord, LatencySummary, PerCallRecord } from './latency-schema.js';
import type { AnalysisDetail, Detail } from './detail-schema.js';
import type { CheckOutcome } from './checks.js';

export const SCHEMA_VERSION = 4;

// Latency mode's records live in their own file; they are part of this document.
export type { LatencyRecord, LatencyRung, LatencySummary, PerCallRecord } from './latency-schema.js';

/** Why a batch counts as preempted. */
export type PreemptionCause = 'involuntary-switch' | 'migration' | 'off-cpu';

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
  /**
   * Collection pause time inside the batch's window, ns: the union of the GC entries' durations
   * clipped to the window, at most the batch's ns (absent in older files).
   */
  gcNs?: number;
  /** Voluntary + involuntary context switches of the measuring thread during the batch. */
  contextSwitches: number;
  /** CPU migrations of the measuring thread (/proc/thread-self/sched or cpuStart != cpuEnd). */
  migrations: number;
  /** Minor + major page faults of the measuring thread during the batch. */
  pageFaults: number;
  /**
   * CPU time of the whole process (every thread: the kernel's and V8's GC helpers') over the batch,
   * ns (absent when not read: in-process runs, older files). See ForkResult.timing.
   */
  processCpuNs?: number;
  /** With `timing: 'process-cpu'`, the clock's elapsed ns (then `ns` is processCpuNs). */
  wallNs?: number;
  /** Involuntary context switches alone (absent where thread rusage is unavailable, and in older files). */
  involuntarySwitches?: number;
  /**
   * Set when the measuring thread was descheduled during the batch; such a batch timed
   * someone else's work too, is left out of every estimate, and was measured again at the
   * same size (src/engine/preemption.ts).
   */
  preempted?: PreemptionCause;
  /** Scaled counter deltas over the batch, by event name (absent when no counters). */
  counters?: Partial<Record<CounterName, number>>;
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
  /**
   * ns per iteration of the same generated loop around an empty kernel (engine/floor.ts; absent for async
   * kernels and in older files).
   */
  loopFloorNs?: number;
  /** Every value the kernel returned was undefined (sync kernels; absent otherwise and in older files). */
  returnsNothing?: boolean;
  /** The reference kernel's time after each sampling round, ns (src/engine/yardstick.ts; absent in older files). */
  yardstickNs?: number[];
  /**
   * Set by the orchestrator when this process ran in a slow state: its yardstick was this many
   * times the run's median (src/analysis/slow-processes.ts). Such a process is left out of the
   * headline and of comparisons when enough others remain.
   */
  slowState?: number;
  /**
   * Set by the orchestrator when this process's kernel read far from its siblings while they agreed
   * (src/analysis/odd-process.ts): its value over the others' median, their range over that median,
   * and how many processes were judged. Left out of the headline and of comparisons.
   */
  oddProcess?: { factor: number; spread: number; of: number };
  /**
   * What a batch's `ns` is (src/engine/timing.ts): 'wall', the clock's elapsed time, or
   * 'process-cpu', the process's CPU time over the batch (absent in older files: 'wall').
   */
  timing?: 'wall' | 'process-cpu';
  /** What was in force in this process. */
  conditions: {
    cpu: number[] | null;
    aslr: 'on' | 'off' | 'unknown';
    mlock: boolean;
    envPadding: number;
    /** Pin policy in force when pinned (absent in older files: 'process'). */
    pin?: 'process' | 'thread';
    /** Whether the measuring thread ran under SCHED_FIFO (absent: not requested). */
    fifo?: boolean;
  };
  /** What the process could not do as asked, in words (filled from `details` by src/report/details.ts). */
  warnings: string[];
  /** The same as data (schema version 3): pinning, scheduling, counters, GC observation refused. */
  details?: AnalysisDetail[];
  /** Latency mode: every call timed on its own (absent when the fork did not run it, and in older files). */
  latency?: LatencyRecord;
  /** The input distribution the kernel drew from (`.inputs()`; absent otherwise and in older files). */
  inputs?: InputSummary;
  /** `.inputs()` values the kernel changed, of those checked after the run (absent when none changed). */
  inputsChanged?: { changed: number; checked: number };
  /** Per-iteration set-up (`.setupEach()`): the estimated size of one input, bytes (absent otherwise). */
  freshInputBytes?: number;
  /** Per-call timing (hooks around every call, src/engine/per-call.ts): the clock's cost taken out of each call. */
  perCall?: PerCallRecord;
  /**
   * Manual timing (a callback that times its own region with start()/end(ops) or record(), as
   * node:bench's do; src/engine/manual.ts): each batch is one callback's sample, its iterations
   * the operations it reported. Absent for every other kernel.
   */
  manual?: ManualRecord;
  /** Memory per operation (`--memory`; src/engine/memory.ts; absent otherwise). */
  memory?: MemoryRecord;
  /** Simulated counters (`--counters simulate`): this process ran under Valgrind (absent otherwise). */
  simulation?: SimulationRecord;
  /** V8's tiers and deoptimizations in this process (src/worker/v8-watch.ts; absent when not read, and in older files). */
  v8?: V8Record;
}

/** One function's deoptimizations for one reason, as V8's trace names them (src/worker/deopt-trace.ts). */
export interface DeoptCount {
  /** Its name, '(anonymous)' for a function without one. */
  function: string;
  /** The benchmark's kernel, the generated loop around it (a kernel inlined there deoptimizes as the loop), or another function. */
  role: 'kernel' | 'loop' | 'other';
  reason: string;
  count: number;
}

/** V8's view of one measured process. */
export interface V8Record {
  /** The kernel's and the generated loop's tiers at the end of warm-up (sampling about to start). */
  warmup: { kernel: V8Tier; loop: V8Tier };
  /** The same at the end of the sampled batches. */
  end: { kernel: V8Tier; loop: V8Tier };
  /**
   * Deoptimizations inside the warm-up batches and inside the sampled batches (where only the
   * generated loop, the kernel and what it calls run); null when they could not be read. The lists
   * hold the most frequent (function, reason) pairs.
   */
  deopts: { warmup: number; sampling: number; warmupFunctions: DeoptCount[]; samplingFunctions: DeoptCount[] } | null;
}

/** How a manually timed benchmark ran in one process (src/engine/manual.ts). */
export interface ManualRecord {
  /** Invocations before the measured ones, discarded. */
  warmupInvocations: number;
  /** The most measured invocations the file allowed (its `samples`). */
  samplesAllowed: number;
  /** The callback asked to stop (node:bench's context.done()). */
  done: boolean;
  /** Samples given by record() (measured by the file's own clock) rather than start()/end(). */
  recorded: number;
}

/** Heap bytes allocated per call in one process: the robust slope of bytes on iterations. */
export interface MemoryRecord {
  bytesPerOp: number;
  /** Bytes per batch not proportional to iterations (the readings' own cost). */
  interceptBytes: number;
  /** Every reading: iterations, heap bytes allocated (collections added back), collections. */
  batches: Array<{ iterations: number; bytes: number; collections: number }>;
  /**
   * Present when two single calls each returned (or passed to blackhole()) a new heap value:
   * the fewest bytes such a value takes (src/engine/memory.ts keptValueFloor).
   */
  kept?: { bytes: number; by: 'returned' | 'sunk' };
}

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

/** V8's tier of a function as its optimization status reports it; 'unknown' without --allow-natives-syntax. */
/** 'inlined': the kernel's own code is unoptimized but it ran inside the optimized loop (src/simulation/settle.ts). */
export type V8Tier = 'turbofan' | 'maglev' | 'baseline' | 'interpreted' | 'inlined' | 'unknown';

/** How the counts of one process under Valgrind were made (src/simulation/). */
export interface SimulationRecord {
  /** The kernel's tier when counting started, and the generated loop's around it. */
  tier: V8Tier;
  loopTier: V8Tier;
  /** Per-call instructions of the warm-up pairs, in order: steady means the last two agree within 0.5 %. */
  warmupPerCall: number[];
  steady: boolean;
  /** Cache geometry callgrind simulated ("desc:" lines of its dump: I1, D1, LL), when cache simulation was on. */
  caches?: string[];
}

/** What the inputs drawn per iteration looked like (sizes when the inputs have one). */
export interface InputSummary {
  /** Inputs in the pool the loop cycles through. */
  count: number;
  /** Where they came from. */
  source: 'array' | 'generator' | 'iterable';
  /** typeof of the inputs, or 'mixed'. */
  type: string;
  /** The size measure summarised: the numeric value itself, `.byteLength`, or `.length`. */
  sizeOf?: 'value' | 'byteLength' | 'length';
  /** Summary of that size over the pool (type-7 quantiles). */
  size?: { min: number; p50: number; p99: number; max: number; mean: number };
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
  | 'allocation-dropped'
  | 'estimates-disagree'
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
  | 'in-process'
  | 'contended'
  | 'inputs-changed'
  | 'simulated'
  | 'not-optimized';

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

/** How much layout moved the result across processes (`--aslr randomize`; src/analysis/layout.ts). */
export interface LayoutEffect {
  processes: number;
  /** Distinct layouts (environment paddings) among them. */
  layouts: number;
  paddingBytes: [number, number];
  /** max/min − 1 of the per-process results. */
  spread: number;
  betweenCv: number;
  /** RMS of each process's own relative standard error (what within-process noise explains). */
  withinCv: number;
  /** sqrt(max(0, betweenCv² − withinCv²)): the part layout (and other per-process effects) added. */
  layoutCv: number;
}

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

export type FindingSeverity = 'error' | 'warning' | 'info';

/** Every finding code, most important first; the report's registry (src/report/findings.ts) words each. */
export const FINDING_CODES = [
  'failed',
  'optimized-away',
  'allocation-dropped',
  'estimates-disagree',
  'partial',
  'inputs-changed',
  'environment-changed',
  'incomparable',
  'multimodal',
  'noisy',
  'contended',
  'tests-disagree',
  'low-r2',
  'warmup-not-steady',
  'contamination',
  'outliers',
  'too-few',
  'in-process',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

/** One typed finding about one benchmark: numbers and names only, no sentences. */
export interface Finding {
  code: FindingCode;
  severity: FindingSeverity;
  /** "group/name" of the benchmark. */
  benchmark: string;
  values: Record<string, number | string | boolean | null>;
}

export { DETAIL_CODES } from './detail-schema.js';
export type { AnalysisDetail, Detail, DetailCode, DetailScalar, DetailValue } from './detail-schema.js';
