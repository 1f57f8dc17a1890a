// tinybench's README example (copied unmodified) and a vitest bench file run under
// `cyclebench run` through the import mapping of src/compat/; orders asserted, never times.
import { describe, expect, it } from 'vitest';
import { QUICK, fixture, headlines, listed, measureFile } from '../helpers/compat.js';

describe('tinybench and vitest files under cyclebench run', () => {
  it("tinybench's README example: Bench name becomes the group, the 1 ms task is the slower one", async () => {
    const results = await measureFile(fixture('third-party/tinybench/readme-example.mjs'), undefined, 1, QUICK);
    expect(results.map((b) => [b.group, b.name])).toEqual([
      ['simple benchmark', 'faster task'],
      ['simple benchmark', 'slower task'],
    ]);
    const t = headlines(results);
    expect(t['slower task']).toBeGreaterThan(t['faster task']);
  });

  it('a vitest bench file (describe, setup option, bench.skip) lists its benchmarks', async () => {
    // Its measured order, fib(40) > fib(20) > fib(10), is asserted of the run of the same file
    // in test/compat/summary.test.ts (four processes a benchmark).
    const file = fixture('compat/fib.vitest.bench.ts');
    expect((await listed(file)).map((b) => `${b.group}/${b.title}`)).toEqual([
      'fibonacci/fib(10)',
      'fibonacci/fib(20)',
      'fibonacci/fib(40)',
    ]);
  });
});

describe('tinybench hooks under cyclebench run', () => {
  it('beforeAll and the Bench setup run before measuring, beforeEach/afterEach around every call (the tasks check), timed call by call', async () => {
    const results = await measureFile(fixture('compat/tinybench-hooks.mjs'), undefined, 1, QUICK);
    expect(results.map((b) => [b.name, b.error?.message])).toEqual([
      ['after beforeAll', undefined],
      ['with beforeEach', undefined],
      ['with async beforeEach', undefined],
    ]);
    const [after, each, asyncEach] = results;
    expect(after.headline?.point).toBeGreaterThan(0);
    expect(after.details?.map((d) => d.code)).not.toContain('per-call-timing');
    for (const b of [each, asyncEach]) {
      expect(b.headline).not.toBeNull();
      expect(b.forks[0].perCall?.overheadTicks).toBeGreaterThan(0);
      expect(b.details?.filter((d) => d.code === 'per-call-timing')).toHaveLength(1);
    }
  });
});

describe('CommonJS files under cyclebench run', () => {
  it("require('tinybench') in a .cjs file gets cyclebench's implementation too", async () => {
    const results = await measureFile(fixture('compat/tinybench-require.bench.cjs'), undefined, 1, QUICK);
    expect(results.map((b) => [b.group, b.name])).toEqual([
      ['required', 'sum 10'],
      ['required', 'sum 10000'],
    ]);
    const t = headlines(results);
    expect(t['sum 10000']).toBeGreaterThan(t['sum 10']);
  });
});
