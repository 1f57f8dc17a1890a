// Latency mode in the engine with a fake clock: every call's ticks are known exactly, so
// the per-call loop, the overhead calibration and the recorded histogram can be asserted
// exactly. No real timing anywhere.
import { decodeFromCompressedBase64, type JsHistogram } from 'hdr-histogram-js';
import { describe, expect, it } from 'vitest';
import { analyzeLatency } from '../../src/analysis/latency.js';
import type { KernelSpec } from '../../src/engine/kernel.js';
import { calibrateOverhead, chunkCalls } from '../../src/engine/latency.js';
import { makeLatencyLoop } from '../../src/engine/latency-loop.js';
import { measure, type MeasureOptions } from '../../src/engine/measure.js';
import { Checksum } from '../../src/engine/sink.js';
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

/** Every recorded value of a histogram with its count. */
function values(encoded: string): Map<number, number> {
  const h = decodeFromCompressedBase64(encoded) as JsHistogram;
  const out = new Map<number, number>();
  const it = h.recordedValuesIterator;
  it.reset();
  while (it.hasNext()) {
    const v = it.next();
    out.set(v.valueIteratedTo, v.countAtValueIteratedTo);
  }
  return out;
}

describe('the per-call loop', () => {
  it('times each call on its own and writes its ticks into the preallocated array', () => {
    const clock = createFakeClock(3);
    const buf = new Float64Array(4);
    clock.bind(buf);
    const seen: unknown[] = [];
    const loop = makeLatencyLoop(
      (s: unknown) => {
        seen.push(s);
        clock.spend(10 * seen.length);
        return seen.length;
      },
      'state',
      clock,
      buf,
      false,
    );
    const out = new Float64Array(6);
    expect(loop(0, 4, out)).toBe(4); // the last value, for the sink and checksum
    expect(loop(4, 6, out)).toBe(6); // a chunk continues where the last one ended
    expect(Array.from(out)).toEqual([13, 23, 33, 43, 53, 63]); // call cost + overhead of one start/end pair
    expect(seen).toEqual(Array(6).fill('state'));
  });

  it('reads the clock around every call, and stores outside the timed region', () => {
    const clock = createFakeClock();
    const src = makeLatencyLoop(() => 1, undefined, clock, new Float64Array(4), false).toString();
    const start = src.indexOf('clock.start()');
    const call = src.indexOf('last = fn(state)');
    const end = src.indexOf('clock.end()');
    const store = src.indexOf('out[i] = buf[2] - buf[0]');
    expect(src.indexOf('for (')).toBeLessThan(start);
    expect([start < call, call < end, end < store]).toEqual([true, true, true]);
    const withInputs = makeLatencyLoop(() => 1, undefined, clock, new Float64Array(4), false, {
      inputs: [1],
    }).toString();
    expect(withInputs.indexOf('const x = pool[j]')).toBeLessThan(withInputs.indexOf('clock.start()')); // the input is fetched before the clock starts
    expect(withInputs).toContain('last = fn(x, state)');
  });

  it('awaits each async call inside its own start/end pair', async () => {
    const clock = createFakeClock(0);
    const buf = new Float64Array(4);
    clock.bind(buf);
    let running = 0;
    let maxRunning = 0;
    const loop = makeLatencyLoop(
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setImmediate(r));
        clock.spend(7);
        running--;
        return 'done';
      },
      undefined,
      clock,
      buf,
      true,
    );
    const out = new Float64Array(3);
    expect(await loop(0, 3, out)).toBe('done');
    expect(Array.from(out)).toEqual([7, 7, 7]);
    expect(maxRunning).toBe(1);
  });

  it('passes each call the next input of the pool, cycling, across chunks', () => {
    const clock = createFakeClock();
    const buf = new Float64Array(4);
    clock.bind(buf);
    const seen: unknown[] = [];
    const loop = makeLatencyLoop((x: unknown, s: unknown) => seen.push([x, s]), 'st', clock, buf, false, {
      inputs: ['a', 'b', 'c'],
    });
    const out = new Float64Array(5);
    loop(0, 2, out);
    loop(2, 5, out);
    expect(seen).toEqual([
      ['a', 'st'],
      ['b', 'st'],
      ['c', 'st'],
      ['a', 'st'],
      ['b', 'st'],
    ]);
  });
});

describe('timer overhead calibration', () => {
  it('is the median of empty calls through the same loop shape; p10/p90 give the jitter', () => {
    const clock = createFakeClock(42);
    const buf = new Float64Array(4);
    clock.bind(buf);
    const ctx = { clock, buf, hz: 1e9, checksum: new Checksum(), nowMs: fakeNowMs(clock), resolutionTicks: 1 };
    expect(calibrateOverhead(ctx, 1000, 2)).toEqual({ median: 42, p10: 42, p90: 42, typicalMean: 42 });
  });

  it('sizes chunks to about 10 ms of calls, at least one', () => {
    const cfg = { chunkNs: 10e6, maxChunkCalls: 16384 };
    expect(chunkCalls(1000, cfg)).toBe(10000);
    expect(chunkCalls(1, cfg)).toBe(16384);
    expect(chunkCalls(50e6, cfg)).toBe(1);
    expect(chunkCalls(Number.NaN, cfg)).toBe(16384);
  });
});

describe('measure in latency mode (fake clock)', () => {
  async function run(clock: FakeClock, k: KernelSpec, options: Partial<MeasureOptions>) {
    return measure(
      k,
      fakePlatform(clock),
      { ...fast, latency: true, ...options },
      { nowMs: fakeNowMs(clock), observeGc: false, observeThread: false },
    );
  }

  it('keeps the batches, then records every call: raw ticks in the histogram, the overhead beside it', async () => {
    const clock = createFakeClock(40);
    const fork = await run(
      clock,
      kernel(clock, (i) => (i % 10 === 9 ? 1500 : 1000)),
      { latencyMaxCalls: 5000 },
    );
    expect(fork.batches.length).toBeGreaterThan(0); // warmup and batches still run: the headline stays
    const lat = fork.latency!;
    expect(lat).toMatchObject({
      calls: 5000,
      stop: 'calls',
      overheadTicks: 40,
      overheadP10Ticks: 40,
      overheadP90Ticks: 40,
      tickNs: 1,
      resolutionTicks: 1,
      significantDigits: 3,
      gc: null,
    });
    const recorded = values(lat.histogram);
    // Which calls are slow depends on how many calls warmup and batches made; the split is 1 in 10.
    expect([...recorded.keys()].sort((a, b) => a - b)).toEqual([1040, 1540]);
    expect(recorded.get(1040)! + recorded.get(1540)!).toBe(5000);
    expect(recorded.get(1540)).toBe(500);
    const ladder = analyzeLatency([fork])!;
    expect(ladder.count).toBe(5000);
    expect(ladder.ladder.map((r) => [r.label, r.ns])).toEqual([
      ['p50', 1000],
      ['p90', 1000],
      ['p99', 1500],
      ['p99.9', 1500],
      ['p99.99', 1500],
    ]);
    expect([ladder.min, ladder.max, ladder.overheadNs]).toEqual([1000, 1500, 40]);
  });

  it('stops at the time budget before the call limit', async () => {
    const clock = createFakeClock(0);
    const fork = await run(
      clock,
      kernel(clock, () => 1000),
      { latencyMaxCalls: 1e6, timeBudgetNs: 30e6 },
    );
    expect(fork.latency!.stop).toBe('time-budget');
    expect(fork.latency!.calls).toBeGreaterThanOrEqual(30_000); // 30 ms of 1 µs calls
    expect(fork.latency!.calls).toBeLessThan(1e6);
    expect(fork.latency!.durationNs).toBeGreaterThanOrEqual(30e6);
  });

  it('measures async kernels per call', async () => {
    const clock = createFakeClock(5);
    const fork = await run(
      clock,
      kernel(clock, () => 100_000, true),
      {
        warmupBudgetNs: 5e6,
        warmupMinNs: 1e6,
        targetLargestBatchNs: 1e6,
        timeBudgetNs: 50e6,
        latencyMaxCalls: 200,
      },
    );
    expect(fork.latency!.calls).toBe(200);
    // One bucket holding 100 005 ticks (buckets are 32 ticks wide up there at 3 significant digits).
    const h = decodeFromCompressedBase64(fork.latency!.histogram) as JsHistogram;
    expect([
      h.totalCount,
      h.lowestEquivalentValue(h.maxValue) <= 100_005,
      h.maxValue >= 100_005,
      h.valueFromIndex(h.countsArrayIndex(100_005)),
    ]).toEqual([200, true, true, h.lowestEquivalentValue(h.maxValue)]);
  });

  it('records nothing extra without latency mode', async () => {
    const clock = createFakeClock(0);
    const fork = await measure(
      kernel(clock, () => 1000),
      fakePlatform(clock),
      fast,
      { nowMs: fakeNowMs(clock), observeGc: false, observeThread: false },
    );
    expect(fork.latency).toBeUndefined();
    expect(fork.inputs).toBeUndefined();
  });
});
