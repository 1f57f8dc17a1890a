// Turning what the user registered into the function the loop calls, untimed.
//
// Rule for a plain function `f` (documented with BenchFn below): call `f(args)` once;
// - it returns a function            → setup form: that function is the kernel;
// - it returns a promise of a function → async setup: the resolved function is the kernel;
// - anything else                    → `f` itself is the kernel, called as `f(args)`.
// The object form `{ setup?, fn }` is unambiguous: `fn(state)` is the kernel.
// The kernel is then *probed* with one call: a returned promise selects the async loop.
// A throw or rejection here surfaces before any timing, naming the benchmark.
// With `.inputs()` the kernel is called as fn(input, state): the form is recognised by the
// same rule, the probe call gets the first input, and a plain kernel (which the rule calls
// with the args object, not an input) is refused with a hint (see BenchFn below).

import { PLAN_SEED } from './defaults.js';
import { createFreshInputs, isThenable, type EachSetup, type FreshInputs } from './fresh-inputs.js';
import { type BenchArgs, buildInputPool, type InputPool, type InputSource } from './inputs.js';
import type { EachHooks } from './latency-loop.js';
import type { ManualSpec } from './manual-context.js';

/**
 * What `bench(name, fn)` accepts as `fn`:
 * - a kernel `() => value` (timed; the return value goes through the sink);
 * - a setup function `(args) => kernel`: called once, untimed, with the args object;
 *   when it RETURNS A FUNCTION, that function is the kernel (rule: "returns a function
 *   ⇒ setup form"); an async setup resolving to a function works the same way;
 * - an object `{ setup?, fn }` (unambiguous: `fn` is always the kernel, it receives what
 *   `setup(args)` returned, or the args object when there is no setup). Use it when the
 *   kernel itself returns a function.
 * A kernel that returns a promise is measured by the async loop (each call awaited).
 */
export type SetupOrKernel = (args: any) => unknown;
export interface BenchObject<S = any> {
  setup?: (args: any) => S | Promise<S>;
  /** The kernel: `fn(state)`, or `fn(input, state)` with `.inputs()`. */
  fn: ((state: S) => unknown) | ((input: any, state: S) => unknown);
  /**
   * Run before every call of `fn`, untimed, awaited when it returns a promise (to refill state the
   * kernel consumes). With either hook each call is timed on its own (per-call.ts).
   */
  beforeEach?: (state: S) => unknown;
  /** Run after every call of `fn`, untimed, awaited when it returns a promise. */
  afterEach?: (state: S) => unknown;
  /**
   * A callback that times itself (node:bench's start()/end(), src/engine/manual.ts): when set,
   * `setup(args)` runs once, untimed, and `manual.fn` is called once per sample; `fn` is not called.
   */
  manual?: ManualSpec;
}
export type BenchFn = SetupOrKernel | BenchObject;

export interface KernelSpec {
  /** Called as fn(state) by the loop, or fn(input, state) when `inputs` is set. */
  fn: (...a: any[]) => unknown;
  state: unknown;
  /** Per-iteration inputs, materialised before timing (absent without `.inputs()`). */
  inputs?: InputPool;
  /** Per-iteration set-up: inputs made for every iteration before each batch (absent without `.setupEach()`). */
  fresh?: FreshInputs;
  /** Hooks around every call (the object form's beforeEach/afterEach): each call is timed alone (per-call.ts). */
  each?: EachHooks;
  /** A callback that times itself, one invocation per sample (manual.ts). */
  manual?: ManualSpec;
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

export interface KernelInputs {
  /** `.inputs()`: a pool cycled through. */
  source?: InputSource;
  /** `.setupEach()`: a fresh input for every iteration. */
  setupEach?: EachSetup;
  /** Seed of a generator source's RNG (default PLAN_SEED, the measure seed's default). */
  seed?: number;
}

const INPUTS_HINT =
  'with .inputs() or .setupEach() the kernel takes the input as its first argument: write the setup form ' +
  '`() => (input) => …` or `{ setup?, fn: (input, state) => … }`';

/** Runs the (untimed) setup of one benchmark, materialises its inputs, and probes its kernel once. */
export async function resolveKernel(
  fn: BenchFn,
  args: BenchArgs,
  label: string,
  inputs?: KernelInputs,
): Promise<KernelSpec> {
  if (typeof fn === 'object' && fn.manual) {
    // Not probed: a call without its context would fail; the callback's own samples are the measurement.
    const state: unknown = fn.setup ? await fn.setup(args) : args;
    return { fn: fn.manual.fn, state, isAsync: false, form: 'object', label, manual: fn.manual };
  }
  if (inputs?.source === undefined && inputs?.setupEach === undefined) return resolveForm(fn, args, label);
  if (typeof fn === 'object' && (fn.beforeEach || fn.afterEach))
    throw new TypeError(
      `'${label}': beforeEach/afterEach and .inputs()/.setupEach() both prepare each call; use one of them`,
    );
  if (inputs.source !== undefined && inputs.setupEach !== undefined)
    throw new TypeError(`'${label}': .inputs() and .setupEach() both give the kernel its input; use one of them`);
  const seed = inputs.seed ?? PLAN_SEED;
  let pool: InputPool | undefined;
  let fresh: FreshInputs | undefined;
  let probe: unknown;
  if (inputs.source !== undefined) {
    pool = buildInputPool(inputs.source, seed);
    probe = pool.values[0];
  } else {
    fresh = await createFreshInputs(inputs.setupEach!, args, seed);
    // The probe call gets an input of its own: it may change it (sort it in place).
    probe = await fresh.makeOne();
  }
  const spec = await resolveForm(fn, args, label, { input: probe });
  await fresh?.teardownOne(probe);
  if ('plain' in spec)
    throw new TypeError(
      `'${label}' is a plain kernel (it did not return a function), which cannot take inputs; ${INPUTS_HINT}`,
    );
  return { ...spec, ...(pool ? { inputs: pool } : {}), ...(fresh ? { fresh } : {}) };
}

async function resolveForm(fn: BenchFn, args: BenchArgs, label: string): Promise<KernelSpec>;
async function resolveForm(
  fn: BenchFn,
  args: BenchArgs,
  label: string,
  probe: { input: unknown },
): Promise<KernelSpec | { plain: true }>;
async function resolveForm(
  fn: BenchFn,
  args: BenchArgs,
  label: string,
  pool?: { input: unknown },
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
  const hooks = typeof fn === 'object' ? eachHooks(fn, state, label) : undefined;
  // The probe call runs between the hooks, as every timed call will; their promises select awaiting them.
  const before = hooks?.before?.();
  if (isThenable(before)) await before;
  const probe = pool ? kernel(pool.input, state) : kernel(state);
  const isAsync = isThenable(probe);
  if (isAsync) await probe;
  const after = hooks?.after?.();
  if (isThenable(after)) await after;
  const each = hooks && { ...hooks, isAsync: isThenable(before) || isThenable(after) };
  return { fn: kernel, state, isAsync, form, label, ...(each ? { each } : {}) };
}

/** The object form's hooks bound to the kernel's state, or undefined without any. */
function eachHooks(o: BenchObject, state: unknown, label: string): Omit<EachHooks, 'isAsync'> | undefined {
  const { beforeEach, afterEach } = o;
  if (beforeEach === undefined && afterEach === undefined) return undefined;
  for (const [name, hook] of [
    ['beforeEach', beforeEach],
    ['afterEach', afterEach],
  ] as const)
    if (hook !== undefined && typeof hook !== 'function')
      throw new TypeError(`bench('${label}'): ${name} must be a function`);
  return {
    ...(beforeEach ? { before: () => beforeEach(state) } : {}),
    ...(afterEach ? { after: () => afterEach(state) } : {}),
  };
}
