// The per-call loop of latency mode, generated per benchmark with `new Function` for the
// same reason as loop.ts (its own call-site feedback, so the call stays monomorphic).
//
// Each call is timed on its own: clock.start() / call / clock.end(), then the elapsed
// ticks (buf[2] − buf[0] of the Float64Array bound to the clock) go into a preallocated
// Float64Array: no allocation and no arithmetic beyond one subtraction per call, and both
// happen after clock.end(). The input for the call (with `.inputs()`) is fetched BEFORE
// clock.start(), so drawing it is never timed; with `.setupEach()` it is the chunk's own
// fresh input i − from, made before the chunk (fresh-inputs.ts). The sink is the same loop phi as in
// loop.ts (`last = fn(…)`, returned after the loop).
//
// The loop runs one chunk [from, to) per invocation, so the driver (latency.ts) can check
// its budget and yield to the event loop between chunks, never inside a timed call.
//
// Per-call hooks (`each`, per-call.ts): `before()` runs before clock.start() and `after()`
// after the call's ticks are stored, so neither is timed; they are awaited when `each.isAsync`
// (tinybench awaits its beforeEach/afterEach), which makes the loop async even for a sync kernel
// while the kernel's own call stays un-awaited inside the timed region.

import type { Clock } from '../platform/types.js';
import { header, POOL_CURSOR } from './loop.js';

/** Times calls from..to-1, writing each call's ticks into out[i]; returns the last value. */
export type SyncLatencyLoop = (from: number, to: number, out: Float64Array) => unknown;
export type AsyncLatencyLoop = (from: number, to: number, out: Float64Array) => Promise<unknown>;

export interface LatencyLoopOptions {
  label?: string;
  /** Per-call inputs: the kernel is called as fn(input, state). */
  inputs?: ArrayLike<unknown>;
  /** Per-iteration set-up: box.values holds the chunk's inputs, call i gets values[i − from]. */
  fresh?: { values: ArrayLike<unknown> };
  /** Per-call hooks, run outside the timed region of every call. */
  each?: EachHooks;
}

/** What runs around every call, untimed (per-call.ts). */
export interface EachHooks {
  before?: () => unknown;
  after?: () => unknown;
  /** A hook returned a promise: both are awaited. */
  isAsync: boolean;
}

function source(async: boolean, opts: LatencyLoopOptions): string {
  const inputs = opts.inputs !== undefined;
  const fresh = !inputs && opts.fresh !== undefined;
  const call = `${async ? 'await ' : ''}fn(${inputs || fresh ? 'x, state' : 'state'})`;
  const each = opts.each;
  const hook = (name: 'before' | 'after') => (each?.[name] ? `    ${each.isAsync ? 'await ' : ''}${name}();\n` : '');
  const asyncLoop = async || each?.isAsync === true;
  return (
    header(opts.label, 'latency loop') +
    (inputs ? POOL_CURSOR : '') +
    `return ${asyncLoop ? 'async ' : ''}function cyclebenchLatencyLoop(from, to, out) {\n` +
    `  let last;\n` +
    (inputs ? `  let j = k;\n` : '') +
    (fresh ? `  const fresh = pool.values;\n` : '') +
    `  for (let i = from; i < to; i++) {\n` +
    (inputs ? `    const x = pool[j]; if (++j === len) j = 0;\n` : '') +
    (fresh ? `    const x = fresh[i - from];\n` : '') +
    hook('before') +
    `    clock.start();\n` +
    `    last = ${call};\n` +
    `    clock.end();\n` +
    `    out[i] = buf[2] - buf[0];\n` +
    hook('after') +
    `  }\n` +
    (inputs ? `  k = j;\n` : '') +
    `  return last;\n` +
    `};\n`
  );
}

type Factory<L> = (
  fn: unknown,
  state: unknown,
  clock: Clock,
  buf: Float64Array,
  pool: unknown,
  before: unknown,
  after: unknown,
) => L;

/** The loop makeLatencyLoop builds: async for an async kernel, sync for a sync one. */
type LatencyLoopOf<A extends boolean> = A extends true ? AsyncLatencyLoop : SyncLatencyLoop;

/** A dedicated per-call loop; `buf` must be the array bound to `clock`. */
export function makeLatencyLoop<A extends boolean>(
  fn: (...a: any[]) => unknown,
  state: unknown,
  clock: Clock,
  buf: Float64Array,
  isAsync: A,
  opts: LatencyLoopOptions = {},
): LatencyLoopOf<A> {
  const params = ['fn', 'state', 'clock', 'buf', 'pool', 'before', 'after'];
  const factory = new Function(...params, source(isAsync, opts)) as Factory<LatencyLoopOf<A>>;
  return factory(fn, state, clock, buf, opts.inputs ?? opts.fresh, opts.each?.before, opts.each?.after);
}
