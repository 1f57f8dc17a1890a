// Turning what the user registered into the function the loop calls, untimed.
//
// Rule for a plain function `f` (documented in src/api/types.ts): call `f(args)` once;
// - it returns a function            → setup form: that function is the kernel;
// - it returns a promise of a function → async setup: the resolved function is the kernel;
// - anything else                    → `f` itself is the kernel, called as `f(args)`.
// The object form `{ setup?, fn }` is unambiguous: `fn(state)` is the kernel.
// The kernel is then *probed* with one call: a returned promise selects the async loop.
// A throw or rejection here surfaces before any timing, naming the benchmark.
// With `.inputs()` the kernel is called as fn(input, state): the form is recognised by the
// same rule, the probe call gets the first input, and a plain kernel (which the rule calls
// with the args object, not an input) is refused with a hint (see src/api/types.ts).

import type { BenchArgs, BenchFn, InputSource } from '../api/types.js';
import { PLAN_SEED } from './defaults.js';
import { buildInputPool, type InputPool } from './inputs.js';

export interface KernelSpec {
  /** Called as fn(state) by the loop, or fn(input, state) when `inputs` is set. */
  fn: (...a: any[]) => unknown;
  state: unknown;
  /** Per-iteration inputs, materialised before timing (absent without `.inputs()`). */
  inputs?: InputPool;
  isAsync: boolean;
  /** How it was recognised, for the record. */
  form: 'kernel' | 'setup' | 'async-setup' | 'object';
  label: string;
}

/**
 * A generator function (`function*`, `async function*`) called as a kernel only creates a
 * generator object: the work in its body never runs, and the loop would time the creation
 * (mitata's `function* (state) { yield () => work() }` measured fib(40) faster than fib(20)).
 * So it is refused by name, never measured.
 */
export function generatorKernelError(label: string, fn: unknown): TypeError | null {
  const tag = typeof fn === 'function' ? Object.prototype.toString.call(fn) : '';
  if (tag !== '[object GeneratorFunction]' && tag !== '[object AsyncGeneratorFunction]') return null;
  return new TypeError(
    `bench('${label}'): a generator function (mitata's \`function* (state) { yield () => … }\` style) is not ` +
      'supported: only creating the generator would be timed. Write the setup form, e.g. `() => () => work()`, ' +
      'with .args() for parameters',
  );
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (
    (typeof v === 'object' || typeof v === 'function') &&
    v !== null &&
    typeof (v as PromiseLike<unknown>).then === 'function'
  );
}

export interface KernelInputs {
  source: InputSource;
  /** Seed of a generator source's RNG (default PLAN_SEED, the measure seed's default). */
  seed?: number;
}

const INPUTS_HINT =
  'with .inputs() the kernel takes the input as its first argument: write the setup form `() => (input) => …` or `{ setup?, fn: (input, state) => … }`';

/** Runs the (untimed) setup of one benchmark, materialises its inputs, and probes its kernel once. */
export async function resolveKernel(
  fn: BenchFn,
  args: BenchArgs,
  label: string,
  inputs?: KernelInputs,
): Promise<KernelSpec> {
  if (!inputs) return resolveForm(fn, args, label);
  const pool = buildInputPool(inputs.source, inputs.seed ?? PLAN_SEED);
  const spec = await resolveForm(fn, args, label, pool);
  if ('plain' in spec)
    throw new TypeError(
      `'${label}' is a plain kernel (it did not return a function), which cannot take inputs; ${INPUTS_HINT}`,
    );
  return spec;
}

async function resolveForm(fn: BenchFn, args: BenchArgs, label: string): Promise<KernelSpec>;
async function resolveForm(
  fn: BenchFn,
  args: BenchArgs,
  label: string,
  pool: InputPool,
): Promise<KernelSpec | { plain: true }>;
async function resolveForm(
  fn: BenchFn,
  args: BenchArgs,
  label: string,
  pool?: InputPool,
): Promise<KernelSpec | { plain: true }> {
  let kernel: (...a: any[]) => unknown;
  let state: unknown;
  let form: KernelSpec['form'];
  if (typeof fn === 'object') {
    state = fn.setup ? await fn.setup(args) : args;
    kernel = fn.fn;
    form = 'object';
  } else {
    let first: unknown;
    try {
      first = fn(args);
    } catch (e) {
      // A plain kernel given the args object instead of an input often throws here.
      if (pool && e instanceof Error) e.message += ` (if this is a plain kernel: ${INPUTS_HINT})`;
      throw e;
    }
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
        if (pool) return { plain: true };
        return { fn, state: args, isAsync: true, form: 'kernel', label };
      }
    } else {
      if (pool) return { plain: true };
      return { fn, state: args, isAsync: false, form: 'kernel', label };
    }
  }
  const generator = generatorKernelError(label, kernel);
  if (generator) throw generator;
  const probe = pool ? kernel(pool.values[0], state) : kernel(state);
  const isAsync = isThenable(probe);
  if (isAsync) await probe;
  return { fn: kernel, state, isAsync, form, label, ...(pool ? { inputs: pool } : {}) };
}
