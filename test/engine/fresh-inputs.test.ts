// Per-iteration set-up in the driver with a fake clock: a batch never holds more fresh
// inputs than fit in memory (maxIterations), and a plan that cannot fit is refused in one line.
import { describe, expect, it } from 'vitest';
import { forkLines } from '../../src/report/details.js';
import { measure } from '../../src/engine/measure.js';
import { createFreshInputs, FreshInputs } from '../../src/engine/fresh-inputs.js';
import { createRng } from '../../src/statistics/rng.js';
import { createFakeClock, fakeKernel, fakeNowMs, fakePlatform, FAST_MEASURE } from '../helpers/fake-clock.js';

function fresh(maxIterations: number, made: unknown[] = []): FreshInputs {
  const make = (): unknown => {
    const v = { n: made.length };
    made.push(v);
    return v;
  };
  return new FreshInputs({ make }, {}, createRng(1), false, [], 64, maxIterations, 64 * maxIterations);
}

async function measureWith(f: FreshInputs, seen: unknown[] = []) {
  const clock = createFakeClock(0);
  const k = fakeKernel(clock, () => 1000);
  const inner = k.fn;
  const kernel = { ...k, fresh: f, fn: (input: unknown, s: unknown) => (seen.push(input), inner(s)) };
  return measure(kernel, fakePlatform(clock), FAST_MEASURE, {
    nowMs: fakeNowMs(clock),
    observeGc: false,
    observeThread: false,
  });
}

describe('fresh inputs in the driver', () => {
  it('calls the kernel with each input once, in the order made', async () => {
    const made: unknown[] = [];
    const seen: unknown[] = [];
    await measureWith(fresh(1e9, made), seen);
    expect(seen.length).toBeGreaterThan(1000);
    expect(seen).toEqual(made);
  });

  it('caps every batch at maxIterations and says so', async () => {
    const fork = await measureWith(fresh(30));
    expect(Math.max(...fork.batches.map((b) => b.iterations))).toBeLessThanOrEqual(30);
    expect(fork.unit).toBe(3);
    expect(forkLines(fork).some((w) => /batches capped at 30 iterations/.test(w))).toBe(true);
  });

  it('refuses a plan whose smallest round cannot hold its inputs, before timing anything', async () => {
    await expect(measureWith(fresh(9))).rejects.toThrow(
      /the smallest plan needs 10 fresh inputs at once \(~64 B each\), more than the 576 B one batch may hold/,
    );
  });

  it('stops sampling at the first input too large for a batch of 10 (128 MiB of ArrayBuffer)', async () => {
    let made = 0;
    const f = await createFreshInputs(
      {
        make: () => {
          made++;
          return new Float64Array((128 * 1024 * 1024) / 8);
        },
      },
      {},
      1,
    );
    expect(made).toBe(1);
    expect(f.bytesPerInput).toBeGreaterThanOrEqual(128 * 1024 * 1024);
    expect(f.maxIterations).toBeLessThan(10);
  });

  it('measures the size of one input from a sample (a 1,000-element array: ~8 KB)', async () => {
    const f = await createFreshInputs({ make: () => new Array(1000).fill(0) }, {}, 1);
    // 1,000 tagged 8-byte slots plus headers; the sample's own bookkeeping adds a little.
    expect(f.bytesPerInput).toBeGreaterThan(7_000);
    expect(f.bytesPerInput).toBeLessThan(12_000);
  });
});
