// The driver end to end with a fake clock: every batch's time is known exactly, so the
// recorded batches, the plan and the stop reason can be asserted exactly.
import { describe, expect, it } from 'vitest';
import { measure, type MeasureOptions } from '../../src/engine/measure.js';
import type { KernelSpec } from '../../src/engine/kernel.js';
import type { V8Tier } from '../../src/results/schema.js';
import {
  createFakeClock,
  fakeNowMs,
  fakePlatform,
  type FakeClock,
  FAST_MEASURE,
  fakeKernel,
} from '../helpers/fake-clock.js';

const fast = FAST_MEASURE;

const kernel = fakeKernel;

async function run(clock: FakeClock, k: KernelSpec, options: Partial<MeasureOptions> = {}) {
  return measure(
    k,
    fakePlatform(clock),
    { ...fast, ...options },
    { nowMs: fakeNowMs(clock), observeGc: false, observeThread: false, forkIndex: 2 },
  );
}

/** V8's view faked: every function reads `tier`. */
function v8Reading(tier: V8Tier) {
  const none = { kernel: tier, loop: tier };
  return {
    batchMarks: { before: () => {}, after: () => {} },
    warmupStart: () => {},
    samplingStart: () => {},
    samplingEnd: () => ({ warmup: none, end: none, deopts: null }),
    tierOf: () => tier,
  };
}

describe('measure (fake clock)', () => {
  it("times the yardsticks only when their warm-up reached V8's top tier (or the tier cannot be read)", async () => {
    const withTier = async (tier: V8Tier) => {
      const clock = createFakeClock(40);
      return measure(
        kernel(clock, () => 1000),
        fakePlatform(clock),
        fast,
        { nowMs: fakeNowMs(clock), observeGc: false, observeThread: false, v8: v8Reading(tier) },
      );
    };
    for (const tier of ['turbofan', 'unknown'] as const) {
      const fork = await withTier(tier);
      expect(fork.yardstickNs!.length, tier).toBeGreaterThan(0);
      expect(fork.throughputYardstickNs!.length, tier).toBe(fork.yardstickNs!.length);
    }
    // A yardstick left in a lower tier reads its code, not the host: not recorded, never judged.
    const low = await withTier('maglev');
    expect(low.batches.length).toBeGreaterThan(0);
    expect([low.yardstickNs, low.memoryYardstickNs, low.throughputYardstickNs]).toEqual([[], [], []]);
  });

  it('records exact batches: ns = iterations × cost + overhead', async () => {
    const clock = createFakeClock(40);
    const fork = await run(
      clock,
      kernel(clock, () => 1000),
    );
    expect(fork.index).toBe(2);
    expect(fork.clockHz).toBe(1e9);
    for (const b of fork.batches) {
      expect(b.ns).toBe(b.iterations * 1000 + 40);
      expect(b.ticks).toBe(b.ns);
      expect([b.cpuStart, b.cpuEnd, b.migrations, b.gc]).toEqual([0, 0, 0, 0]);
    }
  });

  it('warms up to a steady estimate and sizes d from it', async () => {
    const clock = createFakeClock(0);
    const fork = await run(
      clock,
      kernel(clock, () => 1000),
    );
    expect(fork.warmup.outcome).toBe('steady');
    expect(fork.warmup.estimateNs).toBe(1000);
    expect(fork.unit).toBe(500); // 5 ms / (10 × 1000 ns)
  });

  it('runs rounds of shuffled i·d batches and stops at the target CI on an exact line', async () => {
    const clock = createFakeClock(25);
    const fork = await run(
      clock,
      kernel(clock, () => 1000),
    );
    expect(fork.stop).toBe('target-ci');
    expect(fork.batches.length).toBe(20); // minRounds × K
    expect(fork.unit).toBe(499); // the warmup estimate includes 25 ticks of overhead per batch
    for (let r = 0; r < 2; r++) {
      const sizes = fork.batches.slice(r * 10, r * 10 + 10).map((b) => b.iterations);
      expect([...sizes].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => i * fork.unit));
    }
  });

  it('is deterministic for a seed and fork index', async () => {
    const a = createFakeClock(0);
    const b = createFakeClock(0);
    const fa = await run(
      a,
      kernel(a, () => 700),
    );
    const fb = await run(
      b,
      kernel(b, () => 700),
    );
    expect(fb.batches).toEqual(fa.batches);
    expect(fb.checksum).toBe(fa.checksum);
  });

  it('stops on the time budget when noise keeps the CI wide', async () => {
    const clock = createFakeClock(0);
    // Cost drawn uniformly from 1000–3000 ns for each stretch of 512 calls (seeded LCG):
    // batch means scatter by ~13 %, so ~80 batches cannot pin the median to 1 %.
    let calls = 0;
    let seed = 12345;
    let cost = 2000;
    const k = kernel(clock, () => {
      if ((calls++ & 511) === 0) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        cost = 1000 + (seed / 2 ** 32) * 2000;
      }
      return cost;
    });
    const fork = await run(clock, k, { timeBudgetNs: 200e6 });
    expect(fork.stop).toBe('time-budget');
  });

  it('stops at max rounds', async () => {
    const clock = createFakeClock(0);
    let calls = 0;
    const k = kernel(clock, () => ((calls++ >> 12) % 3 === 0 ? 3000 : 1000));
    const fork = await run(clock, k, { maxRounds: 3, timeBudgetNs: 1e12 });
    expect(fork.stop).toBe('max-rounds');
    expect(fork.batches.length).toBe(30);
  });

  it('reports a warmup that never settles as budget', async () => {
    const drifting = createFakeClock(0);
    let n = 0;
    const slowing = await run(
      drifting,
      kernel(drifting, () => 100 + n++ / 100),
      { warmupBudgetNs: 20e6 },
    );
    expect(slowing.warmup.outcome).toBe('budget');
    expect(slowing.warmup.durationNs).toBeGreaterThanOrEqual(20e6);
  });

  it('measures an async kernel with the async loop', async () => {
    const clock = createFakeClock(0);
    const fork = await run(
      clock,
      kernel(clock, () => 100_000, true),
      { warmupBudgetNs: 5e6, warmupMinNs: 1e6, targetLargestBatchNs: 1e6 },
    );
    // The async target batch time is at least ASYNC_TARGET_LARGEST_BATCH_NS (10 ms).
    expect(fork.unit).toBe(10);
    for (const b of fork.batches) expect(b.ns).toBe(b.iterations * 100_000);
  });

  it('uses the counters set and records scaled deltas', async () => {
    const clock = createFakeClock(0);
    let value = 0;
    const counters = {
      events: [],
      active: ['instructions' as const],
      excludeKernel: true,
      enable() {},
      disable() {},
      reset() {},
      close() {},
      read(out: Float64Array) {
        value += 100;
        out[0] = value; // +100 between the two reads of a batch
        out[1] = value * 2; // enabled grows by 200
        out[2] = value; // running grows by 100: half the time → scaled ×2
      },
    };
    const fork = await measure(
      kernel(clock, () => 1000),
      fakePlatform(clock),
      fast,
      { nowMs: fakeNowMs(clock), observeGc: false, observeThread: false, counters },
    );
    for (const b of fork.batches) {
      expect(b.counters).toEqual({ instructions: 200 });
      expect(b.countersRunning).toBe(0.5);
    }
  });
});
