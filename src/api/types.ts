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
  fn: (state: S) => unknown;
}
export type BenchFn = SetupOrKernel | BenchObject;

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
}
