// Per-iteration set-up (.setupEach()): every iteration gets a fresh input made before its
// batch's clock starts, in-process and in worker processes; pooled inputs a kernel changes
// are flagged. Real clock: only what each iteration received is asserted, never a time.
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { bench, run, runFiles } from '../../src/index.js';
import { instances, resetRegistry, toDescriptor } from '../../src/api/registry.js';
import { createJsPlatform } from '../../src/platform/js.js';
import { captureIo } from '../helpers/io.js';

const tiny = { warmupBudgetNs: 20e6, warmupMinNs: 5e6, timeBudgetNs: 40e6, targetLargestBatchNs: 1e6, print: false };
const N = 64;

function isSorted(a: readonly number[]): boolean {
  for (let i = 1; i < a.length; i++) if (a[i - 1] > a[i]) return false;
  return true;
}

const unsorted = (_args: unknown, rng: { next(): number }): number[] => Array.from({ length: N }, () => rng.next());

beforeEach(() => resetRegistry());

describe('.setupEach() in-process', () => {
  it('gives every iteration of a sync kernel an unsorted array, and tears each one down', async () => {
    const seen = { calls: 0, sorted: 0, teardowns: 0 };
    bench('sort', () => (a: number[]) => {
      seen.calls++;
      if (isSorted(a)) seen.sorted++;
      return a.sort((x, y) => x - y);
    }).setupEach(unsorted, (a: number[]) => {
      if (!isSorted(a)) throw new Error('teardown got an input the kernel did not sort');
      seen.teardowns++;
    });
    const result = await run({ ...tiny, platform: createJsPlatform('test') });
    expect(result.benchmarks[0].error).toBeUndefined();
    // Enough calls that an input reused once would be seen sorted; how many fit the time budget
    // depends on the load (71 at load 17), so no higher bar.
    expect(seen.calls).toBeGreaterThan(10);
    expect(seen.sorted).toBe(0);
    expect(seen.teardowns).toBe(seen.calls);
    expect(result.benchmarks[0].forks[0].freshInputBytes).toBeGreaterThan(N * 8);
  });

  it('hands make() the .args() values of its instance', async () => {
    const lengths = new Map<number, Set<number>>();
    bench('len $n', ({ n }: { n: number }) => (a: number[]) => {
      lengths.set(n, (lengths.get(n) ?? new Set()).add(a.length));
      return a.length;
    })
      .args('n', [3, 5])
      .setupEach(({ n }: { n: number }) => new Array<number>(n).fill(1));
    await run({ ...tiny, platform: createJsPlatform('test') });
    expect([...lengths].map(([n, seen]) => [n, [...seen]])).toEqual([
      [3, [3]],
      [5, [5]],
    ]);
  });

  it('awaits an async set-up and an async kernel', async () => {
    const seen = { calls: 0, sorted: 0 };
    bench('async sort', () => async (a: number[]) => {
      seen.calls++;
      if (isSorted(a)) seen.sorted++;
      return a.sort((x, y) => x - y);
    }).setupEach(async (args, rng) => unsorted(args, rng));
    const result = await run({ ...tiny, platform: createJsPlatform('test') });
    expect(result.benchmarks[0].headline).not.toBeNull();
    expect(seen.calls).toBeGreaterThan(10);
    expect(seen.sorted).toBe(0);
  });

  it('the reused .inputs() pool is flagged inputs-changed when the kernel sorts it', async () => {
    let sorted = 0;
    const pool = Array.from({ length: 16 }, () => unsorted(null, { next: Math.random }));
    bench('pooled sort', () => (a: number[]) => {
      if (isSorted(a)) sorted++;
      return a.sort((x, y) => x - y);
    }).inputs(pool);
    const result = await run({ ...tiny, platform: createJsPlatform('test') });
    const b = result.benchmarks[0];
    expect(sorted).toBeGreaterThan(0);
    expect(b.flags).toContain('inputs-changed');
    expect(b.forks[0].inputsChanged).toEqual({ changed: 16, checked: 16 });
    expect(b.warnings.some((w) => w.startsWith('inputs-changed: ') && w.includes('.setupEach()'))).toBe(true);
  });

  it('an unchanged pool is not flagged', async () => {
    bench('pooled sum', () => (a: number[]) => a.reduce((s, x) => s + x, 0)).inputs([[1, 2, 3]]);
    const result = await run({ ...tiny, platform: createJsPlatform('test') });
    expect(result.benchmarks[0].flags).not.toContain('inputs-changed');
    expect(result.benchmarks[0].forks[0].inputsChanged).toBeUndefined();
  });

  it('refuses bad arguments, a second call, and .inputs() with .setupEach(), by name', async () => {
    expect(() => bench('a', () => () => 0).setupEach(5 as never)).toThrow(/make and teardown must be functions/);
    expect(() =>
      bench('b', () => () => 0)
        .setupEach(() => 1)
        .setupEach(() => 2),
    ).toThrow(/given twice/);
    expect('setupEach' in toDescriptor(instances()[0])).toBe(false);
    resetRegistry();
    bench('both', () => (x: number) => x)
      .inputs([1])
      .setupEach(() => 1);
    const result = await run({ ...tiny, platform: createJsPlatform('test') });
    expect(result.benchmarks[0].error?.message).toMatch(/'both': .inputs\(\) and .setupEach\(\) both give/);
  });

  it('latency mode: every timed call gets its own unsorted array too', async () => {
    const seen = { calls: 0, sorted: 0 };
    bench('sort', () => (a: number[]) => {
      seen.calls++;
      if (isSorted(a)) seen.sorted++;
      return a.sort((x, y) => x - y);
    })
      .setupEach(unsorted)
      .latency();
    const result = await run({ ...tiny, latencyMaxCalls: 2000, platform: createJsPlatform('test') });
    const b = result.benchmarks[0];
    expect(b.error).toBeUndefined();
    expect(b.latency?.count).toBeGreaterThan(0);
    expect(seen.sorted).toBe(0);
    expect(seen.calls).toBeGreaterThan(b.latency!.count);
  });
});

describe('.setupEach() in worker processes', () => {
  it('every iteration of sync and async kernels gets an unsorted array; the reused pool does not', async () => {
    const q = captureIo(process.env);
    const { document } = await runFiles({
      files: fileURLToPath(new URL('../fixtures/engine/sort-in-place.bench.mjs', import.meta.url)),
      forks: 1,
      cpu: false,
      print: false,
      counters: false,
      timeBudgetNs: 0.1e9,
      // Every iteration's input is made outside the clock, so a warm-up spends many times its
      // budget on make(): 20 ms of it (the engine's is up to 500 ms) still calls every kernel.
      warmupBudgetNs: 20e6,
      io: { ...q, cwd: process.cwd() },
    });
    const [sync, async, pool] = document.benchmarks;
    // The fixture's kernels throw on a sorted array: no error means no iteration got one.
    expect(sync.error).toBeUndefined();
    expect(sync.headline?.point).toBeGreaterThan(0);
    expect(async.error).toBeUndefined();
    expect(async.headline?.point).toBeGreaterThan(0);
    expect(pool.error?.message).toMatch(/already sorted array/);
  });
});
