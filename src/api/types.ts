// Public types of the registration API. A benchmark is registered once per `bench()`
// call; `.args()` expands it into one *instance* per combination of argument values,
// each with a stable id (registration order + value indexes), so the orchestrator and
// every worker process name the same instance the same way.

/** Arguments object handed to a setup function: one value per `.args()` name. */
export type BenchArgs = Record<string, unknown>;

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
export type Kernel = (state?: any) => unknown;
export type SetupOrKernel = (args: any) => unknown;
export interface BenchObject<S = any> {
  setup?: (args: any) => S | Promise<S>;
  /** The kernel: `fn(state)`, or `fn(input, state)` with `.inputs()`. */
  fn: ((state: S) => unknown) | ((input: any, state: S) => unknown);
}
export type BenchFn = SetupOrKernel | BenchObject;

/** The random source handed to an input generator: seeded (the run's --seed), so every
 *  fork and every benchmark with the same generator draws the same inputs. */
export interface InputRng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

/**
 * Where per-iteration inputs come from (`.inputs()`), materialised into a pool BEFORE
 * timing (src/engine/inputs.ts); the loop then passes `pool[k]` to the kernel as its first
 * argument, cycling through the pool:
 * - an array (or typed array): used as it is, in order;
 * - a function `(rng) => value`: called INPUT_POOL_SIZE times (a generator function
 *   `function* (rng) {…}` is called once and read like an iterable);
 * - an iterable: its first INPUT_POOL_SIZE values.
 */
export type InputSource<T = unknown> = readonly T[] | ArrayLike<T> | ((rng: InputRng) => T) | Iterable<T>;

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

/** Chainable handle returned by `bench()`; every method returns the same handle. */
export interface BenchHandle {
  /** Mark as the baseline that the other benchmarks of its group are compared with. */
  baseline(): BenchHandle;
  /** One argument with several values; several `.args()` make the cartesian product. */
  args(name: string, values: readonly unknown[]): BenchHandle;
  /** `from, from·m, from·m², …` up to and including `to` (Google Benchmark's Range). */
  range(name: string, from: number, to: number, multiplier?: number): BenchHandle;
  /** Time every call individually (latency mode; percentile ladder). */
  latency(): BenchHandle;
  /**
   * Draw the kernel's input per iteration from `source` (see InputSource). The kernel
   * receives it as its FIRST argument: write the setup form `() => (input) => …` or the
   * object form `{ setup?, fn: (input, state) => … }`.
   */
  inputs(source: InputSource): BenchHandle;
  /**
   * Per-iteration set-up, untimed: `make(args, rng)` makes a FRESH input for every iteration
   * (all of a batch's inputs are made before its clock starts), passed to the kernel as its
   * first argument like `.inputs()`; `teardown(input)` runs for each after the clock stops.
   * For kernels that change their input (an in-place sort). `make` may be async.
   */
  setupEach(make: (args: any, rng: InputRng) => unknown, teardown?: (input: any) => unknown): BenchHandle;
}
