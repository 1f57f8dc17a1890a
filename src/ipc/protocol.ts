// The IPC protocol between the orchestrator (parent) and one worker process (child).
// One request per process (after an optional 'prepare'): the worker answers once ('list', 'result' or 'error'),
// optionally preceded by 'progress' messages, then disconnects and exits by itself.
// Messages travel over Node's IPC channel; the orchestrator spawns with
// `serialization: 'advanced'` (structured clone), but every message here is also
// plain-JSON-safe so a 'json' channel works too (args values are shown, never re-used:
// the worker re-derives them from the file by id).

import type { Check } from '../results/checks.js';
import type { ForkResult } from '../results/schema.js';
import type { BenchArgs } from '../engine/inputs.js';
import type { MeasureOptions } from '../engine/measure.js';
import type { CpuProfile } from '../profile/cpuprofile.js';

/** The serialisable description of one benchmark instance (sent over IPC by the worker). */
export interface BenchmarkDescriptor {
  /** Stable id: `<registration index>` or `<registration index>:<value index per arg>` e.g. "2:0.1". */
  id: string;
  /** The name as registered (with `$arg` placeholders). */
  name: string;
  /** The name with `$arg` replaced by values; unreferenced args appended as `[k=v]`. */
  title: string;
  group: string | null;
  args: BenchArgs;
  baseline: boolean;
  latency: boolean;
  /** The file it came from (file: URL) or null when registered in-process. */
  file: string | null;
}

/** Orchestrator → worker: measure one benchmark (by its stable id) of one file. */
export interface RunRequest {
  type: 'run';
  /** Absolute path or file: URL of the benchmark file. */
  file: string;
  /** Descriptor id from a previous 'list' (stable across processes). */
  id: string;
  /** 0-based index of this fork among the benchmark's forks (recorded in ForkResult.index). */
  forkIndex: number;
  options: WorkerRunOptions;
}

/**
 * Measurement options of one fork; every field optional (defaults in src/engine/defaults.ts).
 * `latency: true` (from MeasureOptions) forces latency mode; without it a benchmark
 * registered with `.latency()` still runs in latency mode.
 */
export interface WorkerRunOptions extends Partial<MeasureOptions> {
  /** Open perf counters (when the platform supports them) and record per-batch deltas. */
  counters?: boolean;
  /** CPUs the worker's JS thread is pinned to (already applied before exec by the orchestrator when possible). */
  cpu?: number[] | null;
  /** 'thread': the process was started on the helper CPUs; the worker moves its JS thread alone to `cpu`. */
  pin?: 'process' | 'thread';
  /** SCHED_FIFO for the JS thread, with the RLIMIT_RTTIME watchdog (µs of CPU without blocking). */
  fifo?: { priority: number; rtLimitUs: number };
  /** Try mlockall(MCL_CURRENT|MCL_ONFAULT); failure is a warning, never fatal. */
  mlock?: boolean;
  /** Bytes of environment padding the orchestrator added (recorded in conditions). */
  envPadding?: number;
  /** Another worker starts up beside this one: have it paused during every timed phase (NeighbourMessage). */
  quietNeighbour?: boolean;
  /** Simulated counters: the worker runs under callgrind writing dumps to `outFile` (src/simulation/). */
  simulate?: { outFile: string; cache: boolean; branch: boolean };
  /** A profiling process (never measured): V8's sampling profiler runs during measurement (src/profile/capture.ts). */
  profile?: { intervalUs: number };
  /** false: do not read V8's tiers and deoptimizations (src/worker/v8-watch.ts), which a measured process does by default. */
  v8Status?: boolean;
}

/** Orchestrator → worker: load the file in collect mode and list its benchmarks. */
export interface ListRequest {
  type: 'list';
  file: string;
}

/**
 * Orchestrator → worker, optional, before the request: get the module loaders `file` needs
 * (TypeScript, the mitata/tinybench/vitest mapping) ready now. A worker started ahead of its turn
 * does this while another worker measures; no benchmark code runs before the request.
 */
export interface PrepareRequest {
  type: 'prepare';
  file: string;
}

export type WorkerRequest = RunRequest | ListRequest;

export interface ListResponse {
  type: 'list';
  benchmarks: BenchmarkDescriptor[];
  /** Assertions the file made about its benchmarks (vitest 5's expect), judged after measuring. */
  checks?: Check[];
}

export interface ProgressMessage {
  type: 'progress';
  id: string;
  phase: 'warmup' | 'sampling';
  /** Sampling rounds completed so far (0 during warmup). */
  rounds: number;
  batches: number;
  /** Quick within-process relative CI half-width after the last round; null before it is known. */
  relHalfWidth: number | null;
  elapsedNs: number;
}

export interface ResultResponse {
  type: 'result';
  id: string;
  fork: ForkResult;
  /** With `options.profile`: the CPU profile of the measurement (src/profile/cpuprofile.ts CpuProfile). */
  profile?: CpuProfile;
}

export type WorkerErrorKind = 'throw' | 'load';

export interface ErrorResponse {
  type: 'error';
  /** The benchmark id, when the request named one. */
  id?: string;
  error: { message: string; stack?: string; kind: WorkerErrorKind };
}

/**
 * Worker → orchestrator, when the request's `quietNeighbour` is set: pause the worker starting
 * up beside this one (`pause: true`, before the empty-loop floor and before sampling; answered by
 * NeighbourPaused once it is stopped) or let it go on (`pause: false`, during warm-up). After
 * the answer the orchestrator lets it go on by itself.
 */
export interface NeighbourMessage {
  type: 'neighbour';
  pause: boolean;
  /** With `pause: true`: numbers the request, echoed by its answer. */
  seq?: number;
}

/** Orchestrator → worker: the neighbour is stopped (or there is none). */
export interface NeighbourPaused {
  type: 'neighbour-paused';
  seq?: number;
}

export type WorkerMessage = ListResponse | ProgressMessage | NeighbourMessage | ResultResponse | ErrorResponse;

/** True for the messages that end a request (everything but 'progress' and 'neighbour'). */
export function isFinalMessage(msg: unknown): msg is ListResponse | ResultResponse | ErrorResponse {
  const t = (msg as { type?: unknown } | null)?.type;
  return t === 'list' || t === 'result' || t === 'error';
}
