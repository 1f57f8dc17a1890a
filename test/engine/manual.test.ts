// Manually timed kernels (node:bench's start()/end(ops) and record()) with a fake clock: the
// callback spends ticks outside and inside its timed region, so every sample's time is known
// exactly. No real timing anywhere.
import { describe, expect, it } from 'vitest';
import { resolveKernel } from '../../src/engine/kernel.js';
import type { ManualContext, ManualSpec } from '../../src/engine/manual-context.js';
import { measure } from '../../src/engine/measure.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { detailText } from '../../src/report/details.js';
import { createFakeClock, fakeNowMs, fakePlatform, FAST_MEASURE, type FakeClock } from '../helpers/fake-clock.js';

const SETUP_TICKS = 1_000_000;

function spec(fn: (b: ManualContext) => unknown, o: Partial<ManualSpec> = {}): ManualSpec {
  return { fn, name: 'm', params: {}, samples: 30, warmup: 0, timeoutMs: Infinity, ...o };
}

async function run(clock: FakeClock, s: ManualSpec, options = {}) {
  const kernel = await resolveKernel({ fn: s.fn, manual: s }, {}, 'm');
  return measure(
    kernel,
    fakePlatform(clock),
    { ...FAST_MEASURE, ...options },
    {
      nowMs: fakeNowMs(clock),
      observeGc: false,
      observeThread: false,
    },
  );
}

describe('measure() of a manually timed callback (fake clock)', () => {
  it('times only the region between start() and end(ops): one batch per invocation, iterations = ops', async () => {
    const clock = createFakeClock();
    const phases: string[] = [];
    const fork = await run(
      clock,
      spec((b) => {
        phases.push(b.phase);
        clock.spend(SETUP_TICKS); // untimed set-up
        b.start();
        clock.spend(500 * 40);
        b.end(500);
        clock.spend(SETUP_TICKS); // untimed clean-up
      }),
    );
    expect(fork.batches).toHaveLength(30);
    for (const b of fork.batches) expect([b.iterations, b.ns]).toEqual([500, 20_000]);
    expect(fork.manual).toEqual({
      warmupInvocations: fork.warmup.batches,
      samplesAllowed: 30,
      done: false,
      recorded: 0,
    });
    expect(phases.filter((p) => p === 'measurement')).toHaveLength(30);
    expect(phases.slice(0, fork.warmup.batches).every((p) => p === 'warmup')).toBe(true);
    const a = analyzeBenchmark([fork, { ...fork, index: 1 }]);
    expect(a.headline.statistic).toBe('mean');
    expect(a.headline.point).toBeCloseTo(40, 9);
    expect(a.headline.method).toMatch(/own timed samples/);
    expect(a.details.map((d) => d.code)).not.toContain('no-slope');
    // A preempted sample is left out, and the note does not claim it was measured again.
    const hit = {
      ...fork,
      batches: fork.batches.map((b, i) => (i === 0 ? { ...b, preempted: 'migration' as const } : b)),
    };
    const note = analyzeBenchmark([hit, { ...fork, index: 1 }]).details.find((d) => d.code === 'preempted')!;
    expect(detailText(note)).toMatch(
      /^1 of 60 batches \(2 %\) were preempted \(1 migration\), left out \(samples the benchmark timed itself are not measured again\)$/,
    );
  });

  it('record() gives the sample its own duration; the file-asked warm-up runs first; done() stops from the 2nd sample', async () => {
    const clock = createFakeClock();
    let calls = 0;
    const fork = await run(
      clock,
      spec(
        (b) => {
          calls++;
          clock.spend(10_000);
          b.record({ operations: 4, duration_ns: 1_000n });
          if (b.phase === 'measurement') b.done();
        },
        { warmup: 7 },
      ),
    );
    expect(fork.warmup.batches).toBeGreaterThanOrEqual(7);
    expect(fork.batches.map((b) => [b.iterations, b.ns])).toEqual([
      [4, 1000],
      [4, 1000],
    ]);
    expect(fork.manual).toMatchObject({ done: true, recorded: fork.warmup.batches + 2 });
    expect(calls).toBe(fork.warmup.batches + 2);
  });

  it('misuse fails the benchmark with node:bench rules, naming it', async () => {
    const cases: [(b: ManualContext) => unknown, RegExp][] = [
      [() => undefined, /must call start\(\) and end\(operations\), or record\(sample\), once/],
      [(b) => b.start(), /called start\(\) but not end/],
      [(b) => b.end(1), /end\(\) called before start\(\)/],
      [(b) => (b.start(), b.start()), /start\(\) called more than once/],
      [(b) => (b.start(), clock.spend(5), b.end(0)), /operations must be a positive safe integer/],
      [(b) => (b.start(), clock.spend(5), b.end(1), b.end(1)), /end\(\) called more than once/],
      [(b) => b.record({ operations: 1, duration_ns: 0n }), /duration_ns must be a positive bigint/],
      [(b) => (b.start(), b.record({ operations: 1, duration_ns: 5n })), /record\(\) after start\(\)/],
      [(b) => (b.start(), b.end(1)), /duration is zero/],
    ];
    const clock = createFakeClock();
    for (const [fn, message] of cases) await expect(run(clock, spec(fn))).rejects.toThrow(message);
  });

  it("done() in the file's own warm-up is an error; in a warm-up cyclebench added it is ignored", async () => {
    const clock = createFakeClock();
    // 1 ms samples: the fake warm-up (10 ms at least) takes a few invocations.
    const early = spec((b) => (b.start(), clock.spend(1e6), b.end(1), b.done()), { warmup: 2 });
    await expect(run(clock, early)).rejects.toThrow(/done\(\) during a warm-up invocation/);
    const fork = await run(
      clock,
      spec((b) => (b.start(), clock.spend(1e6), b.end(1), b.done())),
    );
    expect(fork.batches).toHaveLength(2);
  });

  it('refuses latency and memory modes in one line', async () => {
    const clock = createFakeClock();
    const s = spec((b) => (b.start(), clock.spend(1e6), b.end(1)));
    await expect(run(clock, s, { latency: true })).rejects.toThrow(/latency mode needs cyclebench to call the kernel/);
    await expect(run(clock, s, { memory: true })).rejects.toThrow(/memory per call needs cyclebench to call/);
  });
});
