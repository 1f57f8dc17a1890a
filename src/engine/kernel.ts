// Turning what the user registered into the function the loop calls, untimed.
//
// Rule for a plain function `f` (documented in src/api/types.ts): call `f(args)` once;
// - it returns a function            → setup form: that function is the kernel;
// - it returns a promise of a function → async setup: the resolved function is the kernel;
// - anything else                    → `f` itself is the kernel, called as `f(args)`.
// The object form `{ setup?, fn }` is unambiguous: `fn(state)` is the kernel.
// The kernel is then *probed* with one call: a returned promise selects the async loop.
// A throw or rejection here surfaces before any timing, naming the benchmark.

import type { BenchArgs, BenchFn } from '../api/types.js';

export interface KernelSpec {
  /** Called as fn(state) by the loop. */
  fn: (state: any) => unknown;
  state: unknown;
  isAsync: boolean;
  /** How it was recognised, for the record. */
  form: 'kernel' | 'setup' | 'async-setup' | 'object';
  label: string;
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as PromiseLike<unknown>).then === 'function';
}

/** Runs the (untimed) setup of one benchmark and probes its kernel once. */
export async function resolveKernel(fn: BenchFn, args: BenchArgs, label: string): Promise<KernelSpec> {
  let kernel: (state: any) => unknown;
  let state: unknown;
  let form: KernelSpec['form'];
  if (typeof fn === 'object') {
    state = fn.setup ? await fn.setup(args) : args;
    kernel = fn.fn;
    form = 'object';
  } else {
    const first = fn(args);
    if (typeof first === 'function') {
      kernel = first as (s: unknown) => unknown;
      state = undefined;
      form = 'setup';
    } else if (isThenable(first)) {
      const resolved = await first;
      if (typeof resolved === 'function') {
        kernel = resolved as (s: unknown) => unknown;
        state = undefined;
        form = 'async-setup';
      } else {
        // `fn` is an async kernel and this call was its first (probe) call.
        return { fn, state: args, isAsync: true, form: 'kernel', label };
      }
    } else {
      return { fn, state: args, isAsync: false, form: 'kernel', label };
    }
  }
  const probe = kernel(state);
  const isAsync = isThenable(probe);
  if (isAsync) await probe;
  return { fn: kernel, state, isAsync, form, label };
}
