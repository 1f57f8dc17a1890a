// The empty-loop floor: measured with the real clock it is a finite per-iteration time;
// with a clock that does not advance with work it gives up instead of looping on; and the
// analysis flags a benchmark within one cycle of it as optimized-away.
import { describe, expect, it } from 'vitest';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { detailLines } from '../../src/report/details.js';
import { measureLoopFloor } from '../../src/engine/floor.js';
import { loadPlatform } from '../../src/platform/load.js';
import { makeFork } from '../helpers/synthetic-forks.js';
import { measure } from '../../src/engine/measure.js';
import { createFakeClock, FAST_MEASURE, fakeNowMs } from '../helpers/fake-clock.js';

describe('empty-loop floor', () => {
  it('is a finite, non-negative per-iteration time with the real clock', () => {
    const { clock } = loadPlatform();
    const buf = new Float64Array(4);
    clock.bind(buf);
    const floor = measureLoopFloor({ clock, buf, hz: clock.info().hz });
    expect(floor).not.toBeNull();
    expect(Number.isFinite(floor!)).toBe(true);
    expect(floor!).toBeGreaterThanOrEqual(0);
  });

  it('still measures when its first batch was switched out (1.5 ms longer, below the 2 ms batch target)', () => {
    const real = loadPlatform().clock;
    const buf = new Float64Array(4);
    let ends = 0;
    const slowFirst = {
      ...real,
      bind: (b: Float64Array) => real.bind(b),
      start: () => real.start(),
      end: () => {
        real.end();
        if (ends++ === 0) buf[2] += 1.5e-3 * real.info().hz;
      },
    };
    slowFirst.bind(buf);
    const floor = measureLoopFloor({ clock: slowFirst, buf, hz: real.info().hz });
    expect(floor).not.toBeNull();
    expect(floor!).toBeGreaterThanOrEqual(0);
  });

  it('gives up (null) when the clock does not advance with the work', () => {
    const clock = createFakeClock(25);
    const buf = new Float64Array(4);
    clock.bind(buf);
    expect(measureLoopFloor({ clock, buf, hz: 1e9 })).toBeNull();
  });

  it('uses the inputs pool when given one (same loop shape as the kernel)', () => {
    const { clock } = loadPlatform();
    const buf = new Float64Array(4);
    clock.bind(buf);
    expect(measureLoopFloor({ clock, buf, hz: clock.info().hz }, { inputs: [1, 2, 3] })).not.toBeNull();
  });
});

describe('optimized-away against the floor', () => {
  const forks = (costNs: number, floor: number | undefined) =>
    [0, 1, 2].map((i) => ({
      ...makeFork({ costNs, overheadNs: 40, noise: 0.002, index: i, seed: 5 + i }),
      ...(floor === undefined ? {} : { loopFloorNs: floor }),
    }));

  it('flags a kernel within one cycle of the empty loop (0.9 ns vs floor 0.6 ns + cycle 0.4 ns)', () => {
    const a = analyzeBenchmark(forks(0.9, 0.6), { cycleNs: 0.4, resamples: 200 });
    expect(a.flags).toContain('optimized-away');
    expect(detailLines(a.details).warnings.find((w) => w.startsWith('optimized-away'))).toMatch(
      /within one CPU cycle \(0\.400 ns\) of the empty loop's own 0\.600 ns/,
    );
  });

  it('does not flag a kernel more than one cycle above the floor (1.2 ns)', () => {
    expect(analyzeBenchmark(forks(1.2, 0.6), { cycleNs: 0.4, resamples: 200 }).flags).not.toContain('optimized-away');
  });

  it('without a floor (older files, async kernels) only the one-cycle rule applies', () => {
    expect(analyzeBenchmark(forks(0.9, undefined), { cycleNs: 0.4, resamples: 200 }).flags).not.toContain(
      'optimized-away',
    );
    expect(analyzeBenchmark(forks(0.3, undefined), { cycleNs: 0.4, resamples: 200 }).flags).toContain('optimized-away');
  });

  it('takes the lowest floor over processes: a disturbed one reads only higher', () => {
    const f = forks(0.9, 0.6);
    f[0].loopFloorNs = 5; // disturbed processes do not move the floor
    f[1].loopFloorNs = 14;
    const a = analyzeBenchmark(f, { cycleNs: 0.4, resamples: 200 });
    expect(detailLines(a.details).warnings.find((w) => w.startsWith('optimized-away'))).toMatch(
      /empty loop's own 0\.600 ns/,
    );
    // Two of three floors inflated past a 14 ns kernel: it is not called optimized away.
    const real = forks(14, 0.6);
    real[0].loopFloorNs = 14.5;
    real[1].loopFloorNs = 13.9;
    expect(analyzeBenchmark(real, { cycleNs: 0.4, resamples: 200 }).flags).not.toContain('optimized-away');
  });
});

describe('a kernel that returns nothing, a few cycles above the empty loop', () => {
  // An allocation that is dropped measured 1.53 ns here (floor ~0.6 ns, cycle 0.41 ns): the
  // compiler removed it. Returning the object measured 5.26 ns.
  const forks = (costNs: number, returnsNothing: boolean) =>
    [0, 1, 2].map((i) => ({
      ...makeFork({ costNs, overheadNs: 40, noise: 0.002, index: i, seed: 9 + i }),
      loopFloorNs: 0.6,
      ...(returnsNothing ? { returnsNothing: true } : {}),
    }));

  it('flags 1.53 ns when every value was undefined, naming the likely cause', () => {
    const a = analyzeBenchmark(forks(1.53, true), { cycleNs: 0.41, resamples: 200 });
    expect(a.flags).toContain('optimized-away');
    expect(detailLines(a.details).warnings.find((w) => w.startsWith('optimized-away'))).toMatch(
      /returns nothing .* within 4 cycles/,
    );
  });

  it('does not flag the same time when the kernel returns its value, nor 5.26 ns returning nothing', () => {
    expect(analyzeBenchmark(forks(1.53, false), { cycleNs: 0.41, resamples: 200 }).flags).not.toContain(
      'optimized-away',
    );
    expect(analyzeBenchmark(forks(5.26, true), { cycleNs: 0.41, resamples: 200 }).flags).not.toContain(
      'optimized-away',
    );
  });

  it('the engine records returnsNothing only when every returned value was undefined', async () => {
    const clock = createFakeClock(0);
    const run = (fn: () => unknown) =>
      measure({ fn, state: undefined, isAsync: false, form: 'kernel', label: 'k' }, { clock }, FAST_MEASURE, {
        nowMs: fakeNowMs(clock),
        observeGc: false,
        observeThread: false,
      });
    expect((await run(() => void clock.spend(100))).returnsNothing).toBe(true);
    expect((await run(() => (clock.spend(100), 1))).returnsNothing).toBeUndefined();
  });
});
