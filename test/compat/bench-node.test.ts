// bench-node files under `cyclebench run`: Suite#add/run mapped (src/compat/bench-node.ts),
// `{ baseline: true }` as cyclebench's baseline; a managed timer fails alone in one line
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

  it('a managed timer fails alone, in one line naming bench-node and the port guide; the other benchmark runs', async () => {
    const results = await measureFile(fixture('compat/bench-node-suite.mjs'), undefined, 1);
    const by = Object.fromEntries(results.map((b) => [b.name, b]));
    expect(by['Using delete property'].headline).not.toBeNull();
    expect(by['managed timer'].headline).toBeNull();
    expect(by['managed timer'].error?.message).toContain(
      "bench-node: a managed timer (timer.start()/timer.end()) in add('managed timer') is not supported " +
        'under cyclebench run (port it as docs/migration.md shows)',
    );
  }, 120_000);
});
