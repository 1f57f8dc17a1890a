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

import type { Clock } from '../platform/types.js';

/** Runs `n` timed iterations; resolves/returns the last value the kernel returned. */
export type SyncLoop = (n: number) => unknown;
export type AsyncLoop = (n: number) => Promise<unknown>;

export interface LoopOptions {
  /** Consume each value through the sink (default true; false only for overhead benchmarks). */
  sink?: boolean;
  /** Shown in the generated source (stack traces, profiles). */
  label?: string;
}

let generated = 0;

function header(label: string | undefined): string {
  const safe = (label ?? '').replace(/[^\x20-\x7e]|\*\//g, '?').slice(0, 80);
  return `'use strict';\n// cyclebench timed loop #${++generated}: ${safe}\n`;
}

function body(call: string, sink: boolean): string {
  return sink ? `last = ${call};` : `${call};`;
}

function source(async: boolean, opts: LoopOptions): string {
  const sink = opts.sink !== false;
  const call = async ? 'await fn(state)' : 'fn(state)';
  return (
    header(opts.label) +
    `return ${async ? 'async ' : ''}function cyclebenchLoop(n) {\n` +
    `  let last;\n` +
    `  clock.start();\n` +
    `  for (let i = 0; i < n; i++) { ${body(call, sink)} }\n` +
    `  clock.end();\n` +
    `  return last;\n` +
    `};\n`
  );
}

type Factory<L> = (fn: unknown, state: unknown, clock: Clock) => L;

/** A dedicated sync loop calling `fn(state)`; the clock must already be bound. */
export function makeSyncLoop(fn: (s: any) => unknown, state: unknown, clock: Clock, opts: LoopOptions = {}): SyncLoop {
  const factory = new Function('fn', 'state', 'clock', source(false, opts)) as Factory<SyncLoop>;
  return factory(fn, state, clock);
}

/** A dedicated async loop: each call is awaited before the next starts. */
export function makeAsyncLoop(fn: (s: any) => unknown, state: unknown, clock: Clock, opts: LoopOptions = {}): AsyncLoop {
  const factory = new Function('fn', 'state', 'clock', source(true, opts)) as Factory<AsyncLoop>;
  return factory(fn, state, clock);
}
