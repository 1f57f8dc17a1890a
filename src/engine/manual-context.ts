// The context a manually timed callback receives, one per invocation (node:bench's BenchContext,
// doc/api/bench.md "Class: BenchContext"): the callback brackets its measured region with
// `start()` and `end(operations)`, or reports a duration measured elsewhere with
// `record({ operations, duration_ns })`, exactly once. `start()`/`end()` read cyclebench's clock
// into the batch buffer (buf[0..1] and buf[2..3], as a batch loop does: batch.ts), so what the
// callback does before start() and after end() is outside the timing. `done()` asks to stop after
// this sample. Misuse throws with the same rules as node:bench.

import type { Clock } from '../platform/types.js';

export type Phase = 'warmup' | 'measurement';

/** What node:bench's end()/record() return: the normalised sample. */
export interface ManualSample {
  operations: number;
  duration_ns: bigint;
  /** Operations per second. */
  rate: number;
  detail?: unknown;
}

export interface ContextInit {
  name: string;
  params: Readonly<Record<string, unknown>>;
  phase: Phase;
  index: number;
  signal: AbortSignal;
  clock: Clock;
  buf: Float64Array;
  hz: number;
  /**
   * A warm-up invocation cyclebench added beyond the file's own `warmup`: the callback cannot tell
   * it from a measured one (under node:bench it would be one), so its done() is ignored, not an error.
   */
  added?: boolean;
}

function checkOperations(operations: unknown, call: string): number {
  if (typeof operations !== 'number' || !Number.isSafeInteger(operations) || operations <= 0)
    throw new RangeError(`${call}: operations must be a positive safe integer, got ${String(operations)}`);
  return operations;
}

function clone(detail: unknown): unknown {
  return detail === undefined ? undefined : structuredClone(detail);
}

export class ManualContext {
  readonly name: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly phase: Phase;
  readonly index: number;
  readonly signal: AbortSignal;
  #clock: Clock;
  #buf: Float64Array;
  #hz: number;
  #started = false;
  #sample: ManualSample | null = null;
  #recorded = false;
  #done = false;
  #added: boolean;

  constructor(init: ContextInit) {
    this.#added = init.added === true;
    this.name = init.name;
    this.params = init.params;
    this.phase = init.phase;
    this.index = init.index;
    this.signal = init.signal;
    this.#clock = init.clock;
    this.#buf = init.buf;
    this.#hz = init.hz;
  }

  start(): void {
    if (this.#recorded) throw new Error(`bench('${this.name}'): start() after record() in one sample`);
    if (this.#started) throw new Error(`bench('${this.name}'): start() called more than once in one sample`);
    this.#started = true;
    this.#clock.start();
  }

  end(operations: number, options?: { detail?: unknown }): ManualSample {
    // The end timestamp first, as node:bench does: validation is outside the measured region.
    const wasStarted = this.#started && this.#sample === null;
    if (wasStarted) this.#clock.end();
    if (!this.#started) throw new Error(`bench('${this.name}'): end() called before start()`);
    if (!wasStarted) throw new Error(`bench('${this.name}'): end() called more than once in one sample`);
    const ops = checkOperations(operations, `bench('${this.name}'): end()`);
    const ticks = this.#buf[2] - this.#buf[0];
    const ns = (ticks * 1e9) / this.#hz;
    if (!(ticks > 0))
      throw new RangeError(`bench('${this.name}'): end(): the sample's duration is zero (too few operations to time)`);
    this.#sample = sampleOf(ops, ns, clone(options?.detail));
    return this.#sample;
  }

  record(sample: { operations: number; duration_ns: bigint; detail?: unknown }): ManualSample {
    if (this.#started) throw new Error(`bench('${this.name}'): record() after start() in one sample`);
    if (this.#recorded) throw new Error(`bench('${this.name}'): record() called more than once in one sample`);
    const call = `bench('${this.name}'): record()`;
    const ops = checkOperations(sample?.operations, call);
    const d = sample.duration_ns;
    if (typeof d !== 'bigint' || d <= 0n || d > BigInt(Number.MAX_SAFE_INTEGER))
      throw new RangeError(`${call}: duration_ns must be a positive bigint of at most 2^53-1 ns`);
    const ns = Number(d);
    this.#recorded = true;
    // The batch buffer reads as one span of that many ticks, on no known CPU.
    this.#buf[0] = 0;
    this.#buf[1] = -1;
    this.#buf[2] = (ns * this.#hz) / 1e9;
    this.#buf[3] = -1;
    this.#sample = sampleOf(ops, ns, clone(sample.detail));
    return this.#sample;
  }

  done(): void {
    if (this.phase === 'warmup' && !this.#added)
      throw new Error(`bench('${this.name}'): done() during a warm-up invocation`);
    if (this.phase === 'measurement') this.#done = true;
  }

  /** After the callback returned: its one sample, or the misuse that leaves it without one. */
  finish(): { sample: ManualSample; recorded: boolean; done: boolean } {
    if (this.#sample === null)
      throw new Error(
        this.#started
          ? `bench('${this.name}'): the callback called start() but not end(operations)`
          : `bench('${this.name}'): the callback must call start() and end(operations), or record(sample), once`,
      );
    return { sample: this.#sample, recorded: this.#recorded, done: this.#done };
  }
}

function sampleOf(operations: number, ns: number, detail: unknown): ManualSample {
  return {
    operations,
    duration_ns: BigInt(Math.round(ns)),
    rate: (operations * 1e9) / ns,
    ...(detail !== undefined ? { detail } : {}),
  };
}

/** A manually timed callback and the limits its file set (node:bench's bench() options). */
export interface ManualSpec {
  fn: (context: ManualContext) => unknown;
  name: string;
  params: Readonly<Record<string, unknown>>;
  /** The most measured invocations per process. */
  samples: number;
  /** Warm-up invocations at least. */
  warmup: number;
  /** The benchmark fails past this many ms in one process (Infinity: never). */
  timeoutMs: number;
  signal?: AbortSignal;
}
