// Per-iteration set-up (`bench(…).setupEach(make, teardown?)`): before a batch's clock
// starts, make() is called once per iteration of the batch and its results are kept in an
// array; the loop passes fresh[i] to the i-th call (loop.ts), so a kernel that changes
// its input (an in-place sort) always gets one nobody has touched. After the clock stops,
// teardown(input) runs for each and the array is dropped. Nothing of this is timed.
// All of one batch's inputs exist at once, so the size of one input is measured first
// (heap-allocated.ts) and a batch is capped to what fits (maxIterations).
// Before the clock starts the inputs are moved out of V8's young generation, so the kernel's
// scavenges do not copy them (promote-inputs.ts), unless they are too few to matter.

import { median } from 'simple-statistics';
import type { BenchArgs, InputRng } from './inputs.js';
import { createRng } from '../statistics/rng.js';
import { FRESH_INPUTS_MAX_BYTES, FRESH_INPUTS_PROMOTE_BYTES, FRESH_INPUTS_SIZE_SAMPLE } from './defaults.js';
import { AllocationMeter, heapHeadroom, meterOwnBytes } from './heap-allocated.js';
import { promoteYoung } from './promote-inputs.js';
export { formatBytes } from '../text/format.js';

/** What `.setupEach()` registers. */
export interface EachSetup {
  /** Makes one iteration's input (may return a promise); called with the args and a seeded RNG. */
  make: (args: BenchArgs, rng: InputRng) => unknown;
  /** Called with each input after its batch's clock stopped (may return a promise). */
  teardown?: (input: unknown) => unknown;
}

const NONE: unknown[] = [];

/** A promise or any object with a then() method (what `await` waits for). */
export function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (
    (typeof v === 'object' || typeof v === 'function') &&
    v !== null &&
    typeof (v as PromiseLike<unknown>).then === 'function'
  );
}

export class FreshInputs {
  /** The current batch's inputs, read by the loop before its clock starts. */
  values: unknown[] = NONE;
  /** Inputs made ahead (the size sample), handed out first. */
  private spare: unknown[];

  constructor(
    private readonly setup: EachSetup,
    private readonly args: BenchArgs,
    private readonly rng: InputRng,
    readonly isAsync: boolean,
    sample: unknown[],
    /** Estimated bytes of one input (heap and ArrayBuffer memory made by one make() call). */
    readonly bytesPerInput: number,
    /** The largest batch whose inputs fit in the memory allowed (maxBytes). */
    readonly maxIterations: number,
    readonly maxBytes: number,
  ) {
    this.spare = sample;
  }

  /** One more input, outside any batch (the kernel's probe call). */
  async makeOne(): Promise<unknown> {
    return this.setup.make(this.args, this.rng);
  }

  /** Tears down one input made by makeOne(). */
  async teardownOne(input: unknown): Promise<void> {
    await this.setup.teardown?.(input);
  }

  /** Fills `values` with n inputs: one per iteration of the next batch. */
  async prepare(n: number): Promise<void> {
    const values = new Array<unknown>(n);
    let i = 0;
    for (; i < n && this.spare.length > 0; i++) values[i] = this.spare.pop();
    const { make } = this.setup;
    if (this.isAsync) for (; i < n; i++) values[i] = await make(this.args, this.rng);
    else for (; i < n; i++) values[i] = make(this.args, this.rng);
    this.values = values;
    if (n * this.bytesPerInput >= FRESH_INPUTS_PROMOTE_BYTES) await promoteYoung();
  }

  /** Tears the batch's inputs down (when asked to) and lets them go. */
  async release(): Promise<void> {
    const values = this.values;
    this.values = NONE;
    const { teardown } = this.setup;
    if (!teardown) return;
    for (const v of values) {
      const r = teardown(v);
      if (isThenable(r)) await r;
    }
  }
}

/** Makes a first sample of inputs (untimed) to learn one input's size, and the batch cap from it. */
export async function createFreshInputs(setup: EachSetup, args: BenchArgs, seed: number): Promise<FreshInputs> {
  const rng = createRng(seed);
  const maxBytes = Math.min(FRESH_INPUTS_MAX_BYTES, heapHeadroom() / 2);
  const meter = new AllocationMeter();
  // The meter's own allocation is not the input's.
  const own = meterOwnBytes();
  const sample: unknown[] = [];
  let isAsync = false;
  let bytes = 0;
  const perInput: number[] = [];
  // One input at a time, stopping early once the sample alone holds a tenth of what a batch
  // may: inputs too large for a batch of 10 are refused without making 8 of them.
  while (sample.length < FRESH_INPUTS_SIZE_SAMPLE && bytes < maxBytes / 10) {
    const buffersBefore = process.memoryUsage().arrayBuffers;
    meter.start();
    let v = setup.make(args, rng);
    if (isThenable(v)) {
      isAsync = true;
      v = await v;
    }
    const heap = meter.stop().bytes - own;
    const one = Math.max(0, heap) + Math.max(0, process.memoryUsage().arrayBuffers - buffersBefore);
    bytes += one;
    perInput.push(one);
    sample.push(v);
  }
  // The median input, not the mean: the first make() also allocates its own compiled code and
  // feedback on the heap, and anything else the process does meanwhile lands in one reading.
  const bytesPerInput = Math.max(8, median(perInput));
  const maxIterations = Math.max(0, Math.floor(maxBytes / bytesPerInput));
  // Handed out last-first by prepare(): reverse so the first input made is used first.
  return new FreshInputs(setup, args, rng, isAsync, sample.reverse(), bytesPerInput, maxIterations, maxBytes);
}
