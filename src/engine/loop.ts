// The timed loop, generated per benchmark with `new Function`.
//
// Why generated: a shared loop `for (...) fn()` has ONE call site whose feedback sees
// every benchmark's function; after the second it goes polymorphic and stops inlining,
// which changes what is measured. A fresh function per benchmark has its own feedback,
// so its call site stays monomorphic. The source carries a unique comment, because V8's
// compilation cache for `new Function` would otherwise hand back the same script.
//
// Two clock reads per batch (clock.start()/clock.end(), which write into the Float64Array
// bound to the clock), none per iteration. The sink is `last = fn(state)`: every return
// value feeds a loop phi that is returned after the loop, so no iteration's value is dead
// (see sink.ts for why this, and for the measured alternatives).
//
// With inputs (`.inputs()`, see inputs.ts) the call is `fn(pool[j], state)` and `j` steps
// through the pool with `if (++j === len) j = 0` — no division, constant cost, and `j`
// lives in a register during the batch (it is copied from and back to the closure's `k`
// outside the timed loop, so successive batches keep cycling and every input is used).
//
// With per-iteration set-up (`.setupEach()`, see fresh-inputs.ts) the call is
// `fn(fresh[i], state)`: `fresh` is the batch's own array of n inputs, read from the box
// before the clock starts; one load per iteration, like the pool.

import type { Clock } from '../platform/types.js';

/** Runs `n` timed iterations; resolves/returns the last value the kernel returned. */
export type SyncLoop = (n: number) => unknown;
export type AsyncLoop = (n: number) => Promise<unknown>;

export interface LoopOptions {
  /** Consume each value through the sink (default true; false only for overhead benchmarks). */
  sink?: boolean;
  /** Shown in the generated source (stack traces, profiles). */
  label?: string;
  /** Per-iteration inputs: the kernel is called as fn(input, state). */
  inputs?: ArrayLike<unknown>;
  /** Per-iteration set-up: the kernel is called as fn(box.values[i], state); box.values holds ≥ n inputs. */
  fresh?: { values: ArrayLike<unknown> };
}

let generated = 0;

/** The generated source's first lines: strict mode and a unique comment (defeats V8's `new Function` cache). */
export function header(label: string | undefined, what = 'timed loop'): string {
  const safe = (label ?? '').replace(/[^\x20-\x7e]|\*\//g, '?').slice(0, 80);
  return `'use strict';\n// cyclebench ${what} #${++generated}: ${safe}\n`;
}

function body(call: string, sink: boolean): string {
  return sink ? `last = ${call};` : `${call};`;
}

/** Pool cursor declarations of a factory (the closure's `k` persists across calls). */
export const POOL_CURSOR = `let k = 0;\nconst len = pool.length;\n`;

function source(async: boolean, opts: LoopOptions): string {
  const sink = opts.sink !== false;
  const inputs = opts.inputs !== undefined;
  const fresh = !inputs && opts.fresh !== undefined;
  const args = inputs ? 'pool[j], state' : fresh ? 'fresh[i], state' : 'state';
  const call = async ? `await fn(${args})` : `fn(${args})`;
  const step = inputs ? ' if (++j === len) j = 0;' : '';
  return (
    header(opts.label) +
    (inputs ? POOL_CURSOR : '') +
    `return ${async ? 'async ' : ''}function cyclebenchLoop(n) {\n` +
    `  let last;\n` +
    (inputs ? `  let j = k;\n` : '') +
    (fresh ? `  const fresh = pool.values;\n` : '') +
    `  clock.start();\n` +
    `  for (let i = 0; i < n; i++) { ${body(call, sink)}${step} }\n` +
    `  clock.end();\n` +
    (inputs ? `  k = j;\n` : '') +
    `  return last;\n` +
    `};\n`
  );
}

type Factory<L> = (fn: unknown, state: unknown, clock: Clock, pool: unknown) => L;

/** Compiles the loop of `source` and binds it to the kernel, its state, the clock and the input pool. */
function makeLoop<L>(
  isAsync: boolean,
  fn: (...a: any[]) => unknown,
  state: unknown,
  clock: Clock,
  opts: LoopOptions,
): L {
  const factory = new Function('fn', 'state', 'clock', 'pool', source(isAsync, opts)) as Factory<L>;
  return factory(fn, state, clock, opts.inputs ?? opts.fresh);
}

/** A dedicated sync loop calling `fn(state)` (or `fn(input, state)`); the clock must already be bound. */
export function makeSyncLoop(
  fn: (...a: any[]) => unknown,
  state: unknown,
  clock: Clock,
  opts: LoopOptions = {},
): SyncLoop {
  return makeLoop<SyncLoop>(false, fn, state, clock, opts);
}

/** A dedicated async loop: each call is awaited before the next starts. */
export function makeAsyncLoop(
  fn: (...a: any[]) => unknown,
  state: unknown,
  clock: Clock,
  opts: LoopOptions = {},
): AsyncLoop {
  return makeLoop<AsyncLoop>(true, fn, state, clock, opts);
}
