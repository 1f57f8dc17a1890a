// bench-node files under `cyclebench run`: Suite#add/run mapped (src/compat/bench-node.ts),
// `{ baseline: true }` as cyclebench's baseline; a managed timer is a manually timed kernel
// (src/compat/bench-node-timer.ts). The measured order is in bench-node.slow.test.ts.
import { describe, expect, it } from 'vitest';
import { fixture, listed, measureFile } from '../helpers/compat.js';

describe('bench-node files under cyclebench run', () => {
  it('a README-style example lists its benchmarks, the one added with { baseline: true } as baseline', async () => {
    const benchmarks = await listed(fixture('compat/bench-node-example.mjs'));
    expect(benchmarks.map((b) => [b.title, b.baseline])).toEqual([
      ['sort 10 numbers', true],
      ['sort 10,000 numbers', false],
      ['await a resolved promise', false],
    ]);
  });

  it('a managed timer is a manually timed kernel: one sample per call, its operations the count given to end()', async () => {
    const results = await measureFile(fixture('compat/bench-node-suite.mjs'), undefined, 2);
    const by = Object.fromEntries(results.map((b) => [b.name, b]));
    expect(by['Using delete property'].headline).not.toBeNull();
    const timed = by['managed timer'];
    expect(timed.error).toBeUndefined();
    expect(timed.headline).not.toBeNull();
    // Each process's samples: the operations of every sample are the count end() was given, a
    // power of two fixed after warm-up; the samples are manual ones, not batches cyclebench sized.
    for (const f of timed.forks) {
      expect(f.manual, `process ${f.index}`).toBeDefined();
      const counts = new Set(f.batches.map((b) => b.iterations));
      expect(counts.size, `process ${f.index}`).toBe(1);
      const [count] = [...counts];
      expect(Math.log2(count) % 1, `process ${f.index}: ${count}`).toBe(0);
    }
  }, 300_000);
});
