// Per-call timing of a kernel with beforeEach/afterEach hooks, with a fake clock: the hooks
// spend ticks that no timed call may hold, and the clock's own cost per call is known, so every
// batch's ticks are asserted exactly. No real timing anywhere.
import { describe, expect, it } from 'vitest';
import { perCallDetails } from '../../src/analysis/per-call.js';
import { resolveKernel, type KernelSpec } from '../../src/engine/kernel.js';
import { makeLatencyLoop } from '../../src/engine/latency-loop.js';
import { measure, type MeasureOptions } from '../../src/engine/measure.js';
import { perCallBatches } from '../../src/engine/per-call.js';
import { detailText } from '../../src/report/details.js';
import type { ForkResult } from '../../src/results/schema.js';
import type { CounterSet } from '../../src/platform/types.js';
import { createFakeClock, fakeNowMs, fakePlatform, FAST_MEASURE, type FakeClock } from '../helpers/fake-clock.js';

const HOOK_TICKS = 100_000;

/** A kernel that spends `cost` ticks per call, with hooks that spend HOOK_TICKS each and log the order. */
function hooked(clock: FakeClock, cost: number, log: string[] | null, asyncHooks = false): KernelSpec {
  const hook = (name: string) => () => {
    log?.push(name);
    clock.spend(HOOK_TICKS);
    return asyncHooks ? Promise.resolve() : undefined;
  };
  return {
    fn: () => {
      log?.push('call');
      clock.spend(cost);
      return cost;
    },
    state: undefined,
    isAsync: false,
    form: 'object',
    label: 'hooked',
    each: { before: hook('before'), after: hook('after'), isAsync: asyncHooks },
  };
}

describe('the per-call loop with hooks', () => {
  it('runs before, the call, after, in that order, and times only the call', () => {
    const clock = createFakeClock(3);
    const buf = new Float64Array(4);
    clock.bind(buf);
    const log: string[] = [];
    const k = hooked(clock, 10, log);
    const loop = makeLatencyLoop(k.fn, undefined, clock, buf, false, { each: k.each });
    const out = new Float64Array(3);
    expect(loop(0, 3, out)).toBe(10);
    expect(Array.from(out)).toEqual([13, 13, 13]); // the call and one start/end pair, no hook
    expect(log).toEqual(Array(3).fill(['before', 'call', 'after']).flat());
  });

  it('awaits async hooks while the sync call stays inside its own timing', async () => {
    const clock = createFakeClock(0);
    const buf = new Float64Array(4);
    clock.bind(buf);
    const log: string[] = [];
    const k = hooked(clock, 7, log, true);
    const loop = makeLatencyLoop(k.fn, undefined, clock, buf, false, { each: k.each });
    const out = new Float64Array(2);
    const last = loop(0, 2, out);
    expect(last).toBeInstanceOf(Promise);
    expect(await last).toBe(7);
    expect(Array.from(out)).toEqual([7, 7]);
    expect(log).toEqual(['before', 'call', 'after', 'before', 'call', 'after']);
  });
});

describe('per-call batches', () => {
  it('a clock that advances in steps: the cost subtracted is the mean of the empty calls, so the batch keeps its calls', () => {
    // Empty calls read 63 or 84 ticks (40 % and 60 %), as this VM's TSC does: their median is 84,
    // their mean 75.6. A kernel of 10 ticks a call, less the median, would read 1.6 ticks a call.
    const clock = createFakeClock();
    const steps = [63, 84, 84, 63, 84];
    let read = 0;
    Object.defineProperty(clock, 'overhead', { get: () => steps[read++ % steps.length] });
    const buf = new Float64Array(4);
    clock.bind(buf);
    const k = hooked(clock, 10, null) as KernelSpec & { each: object };
    const batches = perCallBatches(k, { clock, buf, nowMs: fakeNowMs(clock) }, 500, 2);
    const record = batches.calibrate();
    expect(record.overheadP90Ticks).toBe(84);
    expect(record.overheadTicks).toBeCloseTo(75.6, 9);
    expect(read % steps.length).toBe(0);
    batches.loop(25);
    expect(buf[2] - buf[0]).toBeCloseTo(25 * 10, 6);
  });

  it("a batch is its calls' ticks less the calibrated cost of the clock per call", () => {
    const clock = createFakeClock(40);
    const buf = new Float64Array(4);
    clock.bind(buf);
    const k = hooked(clock, 1000, null) as KernelSpec & { each: object };
    const batches = perCallBatches(k, { clock, buf, nowMs: fakeNowMs(clock) }, 500, 2);
    const record = batches.calibrate();
    expect(record).toEqual({ overheadTicks: 40, overheadP10Ticks: 40, overheadP90Ticks: 40, calibrationCalls: 500 });
    expect(batches.wallPerCallNs()).toBe(0);
    batches.loop(25);
    expect(buf[2] - buf[0]).toBe(25 * 1000);
    // The batch's wall time per call holds the hooks and the clock's cost as well.
    expect(batches.wallPerCallNs()).toBeCloseTo(2 * HOOK_TICKS + 1000 + 40, 6);
  });
});

describe('measure() of a kernel with hooks (fake clock)', () => {
  const run = (clock: FakeClock, k: KernelSpec, options: Partial<MeasureOptions> = {}) =>
    measure(
      k,
      fakePlatform(clock),
      { ...FAST_MEASURE, ...options },
      {
        nowMs: fakeNowMs(clock),
        observeGc: false,
        observeThread: false,
      },
    );

  it("records the clock's cost and every batch reads the calls alone, the hooks left out", async () => {
    const clock = createFakeClock(25);
    const fork = await run(clock, hooked(clock, 2000, null));
    expect(fork.perCall?.overheadTicks).toBe(25);
    expect(fork.loopFloorNs).toBeUndefined();
    expect(fork.batches.length).toBeGreaterThan(0);
    for (const b of fork.batches) expect(b.ns).toBe(b.iterations * 2000);
  });

  it('async hooks make the batches async and still leave them out', async () => {
    const clock = createFakeClock(25);
    const fork = await run(clock, hooked(clock, 3000, null, true), { timeBudgetNs: 0.2e9 });
    expect(fork.batches.length).toBeGreaterThan(0);
    for (const b of fork.batches) expect(b.ns).toBe(b.iterations * 3000);
  });

  it('leaves hardware counters unread (they would count the hooks) and says so', async () => {
    const clock = createFakeClock(25);
    let reads = 0;
    const counters = { active: ['instructions'], read: () => void reads++ } as unknown as CounterSet;
    const k = hooked(clock, 2000, null);
    const fork = await measure(k, fakePlatform(clock), FAST_MEASURE, {
      nowMs: fakeNowMs(clock),
      observeGc: false,
      observeThread: false,
      counters,
    });
    expect(reads).toBe(0);
    expect(fork.batches.every((b) => b.counters === undefined)).toBe(true);
    expect(fork.details?.map((d) => [d.code, d.severity])).toContainEqual(['counters-unavailable', 'info']);
  });

  it("sizes its batches by a call's time with its hooks and clock reads, even when every call reads 0", async () => {
    // A call no slower than the clock's calibrated cost reads 0 once that cost is taken out, so the
    // warm-up's estimate is 0 ns; batches sized by it would hold 10^7 calls of 200 µs each (the
    // hooks), a round of hours. The kernel counts its calls and refuses to go past CAP.
    const CAP = 100_000;
    const clock = createFakeClock(25);
    const k = hooked(clock, 0, null);
    let calls = 0;
    const capped: KernelSpec = {
      ...k,
      fn: () => {
        if (++calls > CAP) throw new Error(`ran past ${CAP} calls`);
        return k.fn(undefined);
      },
    };
    const fork = await run(clock, capped);
    expect(fork.warmup.estimateNs).toBe(0);
    // 2 hooks × HOOK_TICKS + the clock's 25 per call: the largest batch of FAST_MEASURE (5 ms)
    // holds 10 × 2 calls of 200.025 µs.
    expect(fork.unit).toBe(2);
    expect(fork.batches.length).toBeGreaterThan(0);
    for (const b of fork.batches) expect(b.ns).toBe(0);
    expect(calls).toBeLessThan(CAP);
  });

  it('refuses memory per call, which would count the hooks, in one line', async () => {
    const clock = createFakeClock(25);
    await expect(run(clock, hooked(clock, 2000, null), { memory: true })).rejects.toThrow(
      "'hooked': memory per call would include its beforeEach/afterEach hooks, which run around every call; " +
        'measure it without that option',
    );
  });
});

describe('the object form with beforeEach/afterEach', () => {
  it('binds the hooks to the state, runs them around the probe call, and tells async hooks apart', async () => {
    const log: string[] = [];
    const spec = await resolveKernel(
      {
        setup: () => ({ data: [] as number[] }),
        fn: (s: { data: number[] }) => log.push(`call ${s.data.length}`),
        beforeEach: (s: { data: number[] }) => void s.data.push(1),
        afterEach: async (s: { data: number[] }) => void log.push(`after ${s.data.length}`),
      },
      {},
      'object',
    );
    expect(log).toEqual(['call 1', 'after 1']);
    expect(spec.each?.isAsync).toBe(true);
    spec.each!.before!();
    expect(spec.fn(spec.state)).toBe(3);
    expect(log[2]).toBe('call 2');
  });

  it('refuses hooks beside .inputs() and a hook that is not a function', async () => {
    const fn = { fn: (x: unknown) => x, beforeEach: () => undefined };
    await expect(resolveKernel(fn, {}, 'both', { source: [1, 2] })).rejects.toThrow(
      "'both': beforeEach/afterEach and .inputs()/.setupEach() both prepare each call; use one of them",
    );
    await expect(resolveKernel({ fn: () => 1, afterEach: 3 as never }, {}, 'bad')).rejects.toThrow(
      "bench('bad'): afterEach must be a function",
    );
  });
});

describe('what the result says', () => {
  const fork = (hz: number, perCall?: ForkResult['perCall']) => ({ clockHz: hz, perCall }) as ForkResult;

  it("one info detail with the clock's cost in ns (median over processes), none without per-call timing", () => {
    const rec = (t: number) => ({
      overheadTicks: t,
      overheadP10Ticks: t - 2,
      overheadP90Ticks: t + 4,
      calibrationCalls: 9,
    });
    const [d] = perCallDetails([fork(2e9, rec(60)), fork(2e9, rec(80)), fork(2e9, rec(100))]);
    expect(d).toEqual({
      code: 'per-call-timing',
      severity: 'info',
      values: { overheadNs: 40, jitterNs: 3, processes: 3 },
    });
    expect(detailText(d)).toMatch(/^each call timed on its own, its beforeEach\/afterEach hooks outside the timing/);
    expect(perCallDetails([fork(2e9)])).toEqual([]);
  });
});
