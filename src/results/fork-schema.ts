// One measured process's part of the result document (src/results/schema.ts): its batches as
// measured, what was in force, and the records of the optional modes (manual timing, memory,
// simulation, V8's tiers, inputs).
import type { CounterName } from '../platform/types.js';
import type { LatencyRecord, PerCallRecord } from './latency-schema.js';
import type { AnalysisDetail } from './detail-schema.js';
import type { SamplingStop, V8Tier } from './terms.js';

/** Why a batch counts as preempted. */
export type PreemptionCause = 'involuntary-switch' | 'migration' | 'off-cpu';

/**
 * How often one planned batch is measured again before its last attempt is kept, marked. The
 * attempts of one planned batch follow one another among the batches of its size, within its
 * round (src/engine/sampler.ts), which is how the analysis tells a replaced batch from one that
 * never ran clean (src/analysis/preemption.ts).
 */
export const MAX_REMEASURES = 3;

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
   * same size after its round's planned batches, up to MAX_REMEASURES times (src/engine/preemption.ts).
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
  /** The compute yardstick's time after each sampling round, ns (src/engine/yardstick.ts; absent in older files). */
  yardstickNs?: number[];
  /** The memory yardstick's time after each sampling round, ns (src/engine/yardstick.ts; absent in older files). */
  memoryYardstickNs?: number[];
  /** The throughput yardstick's time after each sampling round, ns (src/engine/yardstick.ts; absent in older files). */
  throughputYardstickNs?: number[];
  /**
   * Which form of the memory yardstick `memoryYardstickNs` timed: 'chain', dependent reads through
   * one cycle of a 256 KB table. Absent in older files, whose memory yardstick may be an earlier
   * form (independent scattered reads of the same table) whose times are not comparable; such files
   * have no throughput yardstick either.
   */
  memoryYardstick?: 'chain';
  /**
   * Set when this process ran in another state than the rest of its run: one of its yardsticks was
   * this many times the run's usual state (above 1 slower, below 1 faster), the factor furthest
   * from 1 (src/analysis/slow-processes.ts).
   * Such a process is left out of the headline and of comparisons when enough others remain.
   * (Files before schema version 5 call it `slowState`, though it marks faster processes too.)
   */
  hostState?: number;
  /**
   * Set by the orchestrator when this process's kernel read far from its siblings while they agreed
   * (src/analysis/odd-process.ts): its value over the others' median, their range over that median,
   * and how many processes were judged. Left out of the headline and of comparisons.
   */
  oddProcess?: {
    factor: number;
    spread: number;
    of: number;
    /** Named on V8's evidence: it alone deoptimized in its measured batches (odd-process.ts v8OddProcess). */
    byV8?: boolean;
  };
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
  /**
   * A CPU profiler ran in this process while it measured (src/worker/profiled.ts): the inspector's
   * sampling profiler of a profiling process, or `--cpu-prof` / `--prof` in its flags. Absent otherwise.
   */
  profiled?: 'inspector' | 'flags';
  /**
   * Who turned a TypeScript benchmark file into JavaScript in this process: Node's own type
   * stripping, or tsx (src/worker/typescript.ts). Absent for JavaScript files, and in older files.
   */
  typescript?: 'node' | 'tsx';
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
