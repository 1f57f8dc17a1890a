// Input distributions: the pool is materialised before any timing, every input is used,
// and the size summary has known answers (type-7 quantiles, as R's quantile() default).
import { describe, expect, it } from 'vitest';
import { analyzeLatency } from '../../src/analysis/latency.js';
import { buildInputPool, summarizeInputs } from '../../src/engine/inputs.js';
import { resolveKernel } from '../../src/engine/kernel.js';
import { makeAsyncLoop, makeSyncLoop } from '../../src/engine/loop.js';
import { measure } from '../../src/engine/measure.js';
import { createFakeClock, fakeNowMs, fakePlatform, FAST_MEASURE } from '../helpers/fake-clock.js';

const fast = FAST_MEASURE;

describe('buildInputPool', () => {
  it('uses an array as it is, and summarises numeric inputs by value', () => {
    const a = Array.from({ length: 100 }, (_, i) => i + 1);
    const pool = buildInputPool(a, 1);
    expect(pool.values).toBe(a);
    // R: quantile(1:100, c(.5, .99)) = 50.5, 99.01
    expect(pool.summary).toEqual({
      count: 100,
      source: 'array',
      type: 'number',
      sizeOf: 'value',
      size: { min: 1, p50: 50.5, p99: 99.01, max: 100, mean: 50.5 },
    });
  });

  it('calls a generator function INPUT_POOL_SIZE times with a seeded rng: same seed, same inputs', () => {
    const gen = (rng: { next(): number; int(n: number): number }) => rng.int(1000);
    const a = buildInputPool(gen, 42);
    const b = buildInputPool(gen, 42);
    const c = buildInputPool(gen, 43);
    expect(a.values.length).toBe(4096);
    expect(a.summary.source).toBe('generator');
    expect(Array.from(b.values)).toEqual(Array.from(a.values));
    expect(Array.from(c.values)).not.toEqual(Array.from(a.values));
    expect(buildInputPool(gen, 1, 8).values.length).toBe(8);
  });

  it('reads a generator function* and an iterable up to the pool size', () => {
    const infinite = function* (rng: { next(): number }) {
      for (;;) yield 'x'.repeat(1 + Math.floor(rng.next() * 10));
    };
    const p = buildInputPool(infinite, 1, 16);
    expect(p.values.length).toBe(16);
    expect(p.summary).toMatchObject({ source: 'iterable', type: 'string', sizeOf: 'length' });
    expect(buildInputPool(new Set([1, 2, 3]), 1).values).toEqual([1, 2, 3]);
  });

  it('summarises byteLength of buffers and typed arrays (payload sizes)', () => {
    const sizes = [100, 200, 300, 400, 12_000];
    const p = buildInputPool(
      sizes.map((n) => Buffer.alloc(n)),
      1,
    );
    // R: quantile(c(100,200,300,400,12000), c(.5,.99)) = 300, 11536 (400 + 0.96 × 11600)
    expect(p.summary).toMatchObject({
      sizeOf: 'byteLength',
      size: { min: 100, p50: 300, p99: 11536, max: 12_000, mean: 2600 },
    });
  });

  it('gives no size when inputs have none or mix kinds', () => {
    expect(summarizeInputs([{ a: 1 }, { a: 2 }], 'array')).toEqual({ count: 2, source: 'array', type: 'object' });
    expect(summarizeInputs([1, 'ab'], 'array')).toEqual({ count: 2, source: 'array', type: 'mixed' });
    expect(summarizeInputs([[1, 2], [3]], 'array')).toMatchObject({
      type: 'array',
      sizeOf: 'length',
      size: { min: 1, max: 2 },
    });
  });

  it('refuses an empty or unusable source', () => {
    expect(() => buildInputPool([], 1)).toThrow(/no inputs/);
    expect(() => buildInputPool(42 as never, 1)).toThrow(/must be an array/);
  });
});

describe('loops with inputs', () => {
  it('pass pool[k] as the first argument, cycle through the pool and continue across batches', () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const seen: unknown[] = [];
    const loop = makeSyncLoop((x: unknown, s: unknown) => seen.push(`${x}${s}`), '!', clock, {
      inputs: ['a', 'b', 'c'],
    });
    loop(4);
    loop(3);
    expect(seen).toEqual(['a!', 'b!', 'c!', 'a!', 'b!', 'c!', 'a!']);
    const src = loop.toString();
    expect(src).toContain('last = fn(pool[j], state); if (++j === len) j = 0;');
    expect(src.match(/clock\./g)).toHaveLength(2); // still two clock reads per batch
  });

  it('the async loop does the same', async () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const seen: number[] = [];
    const loop = makeAsyncLoop(async (x: number) => seen.push(x), undefined, clock, {
      inputs: Float64Array.from([1, 2]),
    });
    await loop(3);
    expect(seen).toEqual([1, 2, 1]);
  });
});

describe('resolveKernel with inputs', () => {
  it('setup form: the returned kernel is probed with the first input', async () => {
    const probes: unknown[] = [];
    const k = await resolveKernel(() => (x: number) => probes.push(x), {}, 'b', { source: [5, 6] });
    expect(probes).toEqual([5]);
    expect(k.inputs!.values).toEqual([5, 6]);
    expect(k.form).toBe('setup');
  });

  it('object form: fn(input, state)', async () => {
    const k = await resolveKernel({ setup: () => 10, fn: (x: number, s: number) => x + s }, {}, 'b', { source: [1] });
    expect(k.fn(2, k.state)).toBe(12);
  });

  it('refuses a plain kernel with a hint, and adds the hint to a throw from the args call', async () => {
    await expect(resolveKernel(() => 1, {}, 'b', { source: [1] })).rejects.toThrow(/plain kernel.*setup form/);
    await expect(resolveKernel((t: string) => JSON.parse(t), {}, 'b', { source: ['1'] })).rejects.toThrow(
      /if this is a plain kernel/,
    );
  });
});

describe('measure with inputs (fake clock)', () => {
  it('builds the pool outside timing, uses every input, and records the summary', async () => {
    const clock = createFakeClock(25);
    const uses = new Map<number, number>();
    // Generating an input "costs" 1 s of fake time: a batch or call that timed one would show it.
    const source = (rng: { int(n: number): number }) => {
      clock.spend(1e9);
      return 100 + rng.int(900);
    };
    const spec = await resolveKernel(
      () => (x: number) => {
        uses.set(x, (uses.get(x) ?? 0) + 1);
        clock.spend(x);
        return x;
      },
      {},
      'inputs',
      { source, seed: 3 },
    );
    const pool = Array.from(spec.inputs!.values as number[]);
    const fork = await measure(
      spec,
      fakePlatform(clock),
      { ...fast, latency: true, latencyMaxCalls: 8192 },
      { nowMs: fakeNowMs(clock), observeGc: false, observeThread: false },
    );
    for (const b of fork.batches) {
      expect(b.ns).toBeGreaterThanOrEqual(b.iterations * 100 + 25);
      expect(b.ns).toBeLessThanOrEqual(b.iterations * 999 + 25);
    }
    expect(analyzeLatency([fork])!.max).toBeLessThanOrEqual(999);
    for (const v of pool) expect(uses.get(v)).toBeGreaterThan(0);
    expect(fork.inputs).toMatchObject({ count: 4096, source: 'generator', type: 'number', sizeOf: 'value' });
    expect(fork.inputs!.size!.min).toBeGreaterThanOrEqual(100);
    expect(fork.latency!.calls).toBe(8192);
  });
});
