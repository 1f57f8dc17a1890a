// Public types of the registration API. A benchmark is registered once per `bench()`
// call; `.args()` expands it into one *instance* per combination of argument values,
// each with a stable id (registration order + value indexes), so the orchestrator and
// every worker process name the same instance the same way. What a kernel and its inputs
// are is defined by the engine that runs them (src/engine/kernel.ts, src/engine/inputs.ts).
import type { InputRng, InputSource } from '../engine/inputs.js';

export type { BenchFn, BenchObject, SetupOrKernel } from '../engine/kernel.js';
export type { BenchArgs, InputRng, InputSource } from '../engine/inputs.js';
export type { BenchmarkDescriptor } from '../ipc/protocol.js';

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
