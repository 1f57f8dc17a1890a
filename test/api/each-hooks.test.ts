// The object form's beforeEach/afterEach through the library API, in-process (real clock: only
// structure and the hooks' order are asserted, no timings), and in latency mode.
import { beforeEach, describe, expect, it } from 'vitest';
import { bench, run } from '../../src/index.js';
import { resetRegistry } from '../../src/api/registry.js';
import { createJsPlatform } from '../../src/platform/js.js';
import type { Io } from '../../src/cli/io.js';

const tiny = { warmupBudgetNs: 20e6, warmupMinNs: 5e6, timeBudgetNs: 40e6, targetLargestBatchNs: 1e6 };
const io = (): Io => ({ stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: process.cwd() });

beforeEach(() => resetRegistry());

describe('bench(name, { setup, fn, beforeEach, afterEach }) with run()', () => {
  it('runs the hooks around every call, times each call alone and says so, in latency mode too', async () => {
    let order = 'ok';
    let calls = 0;
    let state: 'fresh' | 'used' | 'cleared' = 'cleared';
    bench('refilled', {
      setup: () => ({ a: [] as number[] }),
      beforeEach: (s: { a: number[] }) => {
        if (state !== 'cleared') order = `beforeEach found ${state}`;
        s.a = [3, 1, 2];
        state = 'fresh';
      },
      fn: (s: { a: number[] }) => {
        if (state !== 'fresh') order = `call found ${state}`;
        state = 'used';
        calls++;
        return s.a.sort();
      },
      afterEach: async () => {
        if (state !== 'used') order = `afterEach found ${state}`;
        state = 'cleared';
      },
    }).latency();
    const result = await run({ ...tiny, io: io(), print: false, platform: createJsPlatform('test') });
    const [b] = result.benchmarks;
    expect(b.error).toBeUndefined();
    expect(order).toBe('ok');
    expect(calls).toBeGreaterThan(100);
    expect(b.forks[0].perCall?.calibrationCalls).toBeGreaterThan(0);
    expect(b.forks[0].latency?.calls).toBeGreaterThan(0);
    expect(b.details?.filter((d) => d.code === 'per-call-timing')).toHaveLength(1);
    expect(Number.isFinite(b.headline?.point)).toBe(true);
  });
});
