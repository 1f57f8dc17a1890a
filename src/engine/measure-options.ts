// The options and extras of measure() (measure.ts), apart from it so that the manually timed
// measurement (manual.ts), which measure() calls, reads the same types.

import type { CounterSet, Platform } from '../platform/types.js';
import type { AnalysisDetail, ForkResult, SimulationRecord, V8Record, V8Tier } from '../results/schema.js';
import type { BatchContext } from './batch.js';
import type { LoopOptions } from './loop.js';
import type { RoundProgress } from './sampler.js';

/** Serialisable measurement options (all optional at the API and protocol level). */
export interface MeasureOptions {
  warmupBudgetNs: number;
  warmupMinNs: number;
  /** Warm-up minimum once batches have collected garbage (warmup.ts). */
  warmupCollectingMinNs: number;
  targetCi: number;
  confidence: number;
  timeBudgetNs: number;
  minRounds: number;
  maxRounds: number;
  batchesPerRound: number;
  targetLargestBatchNs: number;
  /** Largest batch for a kernel that collected garbage during warmup (the larger of the two wins). */
  allocatingLargestBatchNs: number;
  seed: number;
  /** Latency mode: after the batches, time every call on its own (latency.ts). */
  latency: boolean;
  /** Latency mode: stop the per-call phase after this many calls (or at timeBudgetNs). */
  latencyMaxCalls: number;
  /** After the batches, read the heap bytes allocated per call (memory.ts). */
  memory: boolean;
}

/** What measure() needs of a platform: a clock, and scheduling when available. */
export type MeasurePlatform = Pick<Platform, 'clock'> & Partial<Pick<Platform, 'sched'>>;

/** Non-serialisable extras. */
export interface MeasureExtras {
  forkIndex?: number;
  counters?: CounterSet;
  conditions?: Partial<ForkResult['conditions']>;
  /** What preparing the process could not do (worker/prepare.ts), as data. */
  details?: AnalysisDetail[];
  onProgress?: (p: RoundProgress) => void;
  /** Wall clock in ms (default performance.now); tests inject one. */
  nowMs?: () => number;
  /** Observe GC (default true). */
  observeGc?: boolean;
  /**
   * Read the thread's context switches and migrations per batch (default true); off for a
   * fake clock, whose batches take no real time, so the real thread's events are not theirs.
   */
  observeThread?: boolean;
  /** Loop generation options; `sink: false` exists only for the engine's overhead benchmarks. */
  loop?: Pick<LoopOptions, 'sink'>;
  /**
   * Told before each timed phase (the empty-loop floor, then sampling and what follows it:
   * `true`) and when an untimed one starts (warm-up: `false`); resolves when the machine is
   * ready. The worker uses it to pause a worker starting up beside it (worker/main.ts).
   */
  timed?: (timed: boolean) => Promise<void>;
  /**
   * The process runs this benchmark alone (a forked worker): its CPU time is read per batch and
   * times an allocating kernel (timing.ts). Off for in-process runs.
   */
  ownProcess?: boolean;
  /** After the warm-up, before sampling: make sure counted code is steady (simulated counters, src/simulation/). */
  settle?: (ctx: BatchContext, kernelFn: unknown, unit: number) => Promise<SimulationRecord>;
  /** Told when warm-up starts, when sampling starts and when it ends: V8's tiers and deoptimizations (src/worker/v8-watch.ts). */
  v8?: {
    /** Told around every warm-up and sampled batch. */
    batchMarks: { before(): void; after(): void };
    warmupStart(): void;
    samplingStart(kernelFn: unknown, loop: unknown): void;
    samplingEnd(kernelFn: unknown, loop: unknown): V8Record;
    /** V8's tier of a function now ('unknown' where it cannot be read). */
    tierOf(f: unknown): V8Tier;
  };
}
