// A fake clock for exact engine tests: time advances only when a fake kernel "spends"
// ticks, so every batch's elapsed ticks are known in advance (ticks = ns, hz = 1e9).
import type { Clock, ClockInfo } from '../../src/platform/types.js';
import { hrtimeClockInfo } from '../../src/platform/hrtime-info.js';
import type { KernelSpec } from '../../src/engine/kernel.js';
import type { MeasureOptions, MeasurePlatform } from '../../src/engine/measure.js';

export interface FakeClock extends Clock {
  /** Advance time by `ticks` (what a kernel iteration costs). */
  spend(ticks: number): void;
  /** Ticks added by every start/end pair (fixed timer overhead → the intercept). */
  overhead: number;
  ticks(): number;
}

export function createFakeClock(overhead = 0): FakeClock {
  let t = 0;
  let buf: Float64Array = new Float64Array(4);
  // process.hrtime's description, except that the fake clock reports the CPU of each reading.
  const info: ClockInfo = { ...hrtimeClockInfo(null, 1), reportsCpu: true };
  const clock: FakeClock = {
    overhead,
    info: () => info,
    bind(b) {
      buf = b;
    },
    start() {
      buf[0] = t;
      buf[1] = 0;
    },
    end() {
      t += clock.overhead;
      buf[2] = t;
      buf[3] = 0;
    },
    now: () => t,
    spend(ticks) {
      t += ticks;
    },
    ticks: () => t,
  };
  return clock;
}

export function fakePlatform(clock: FakeClock): MeasurePlatform {
  return { clock };
}

/** Wall clock (ms) that follows the fake clock, so budgets are exact too. */
export function fakeNowMs(clock: FakeClock): () => number {
  return () => clock.ticks() / 1e6;
}

/** Measure options sized for fake-clock tests: exact, and quick in real time. */
export const FAST_MEASURE: Partial<MeasureOptions> = {
  warmupBudgetNs: 50e6,
  warmupMinNs: 10e6,
  timeBudgetNs: 1e9,
  targetLargestBatchNs: 5e6,
  batchesPerRound: 10,
  minRounds: 2,
  maxRounds: 50,
  targetCi: 0.01,
  seed: 7,
};

/** A kernel whose i-th call spends cost(i) ticks of the fake clock. */
export function fakeKernel(clock: FakeClock, cost: (i: number) => number, isAsync = false): KernelSpec {
  let i = 0;
  const fn = isAsync ? async () => clock.spend(cost(i++)) : () => (clock.spend(cost(i++)), i);
  return { fn, state: undefined, isAsync, form: 'kernel', label: 'fake' };
}
