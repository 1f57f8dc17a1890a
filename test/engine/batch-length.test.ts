// The largest batch is short (1 ms) unless the kernel collected garbage during warmup (5 ms):
// the headline fits the median batch per size, which carries the GC cost only when most
// batches hold a collection. Fake clock for the batch times; real allocations for the GC.
import { describe, expect, it } from 'vitest';
import { measure } from '../../src/engine/measure.js';
import { unitFor } from '../../src/engine/plan.js';
import type { KernelSpec } from '../../src/engine/kernel.js';
import { createFakeClock, fakeNowMs, fakePlatform, FAST_MEASURE } from '../helpers/fake-clock.js';

const options = {
  ...FAST_MEASURE,
  targetLargestBatchNs: 1e6,
  allocatingLargestBatchNs: 5e6,
  timeBudgetNs: 1e6,
  maxRounds: 1,
};

async function unitAndTarget(allocate: boolean) {
  const clock = createFakeClock(0);
  let held: number[] = [];
  const kernel: KernelSpec = {
    fn: () => {
      clock.spend(1000);
      // ~80 KB of garbage per call when allocating: young-generation collections within calls.
      if (allocate) held = new Array<number>(10_000).fill(held.length);
      return held.length;
    },
    state: undefined,
    isAsync: false,
    form: 'kernel',
    label: allocate ? 'allocating' : 'quiet',
  };
  const fork = await measure(kernel, fakePlatform(clock), options, {
    nowMs: fakeNowMs(clock),
    observeThread: false,
  });
  return { unit: fork.unit, estimate: fork.warmup.estimateNs };
}

describe('largest batch by kernel', () => {
  it('a kernel without garbage gets 1 ms batches', async () => {
    const { unit, estimate } = await unitAndTarget(false);
    expect(unit).toBe(unitFor(estimate, 1e6, 10));
  });

  it('a kernel that collected garbage during warmup gets 5 ms batches', async () => {
    const { unit, estimate } = await unitAndTarget(true);
    expect(unit).toBe(unitFor(estimate, 5e6, 10));
  });
});
