// benchmark.js files under `cyclebench run`: Suite#add/on/run, deferred benchmarks and
// Benchmark.options mapped (src/compat/benchmarkjs.ts), each suite's first benchmark its group's
// baseline. Suites laid out as uuid's and nanoid's (fixtures with local stand-ins for the
// libraries): what each registers. The measured orders are in benchmarkjs.slow.test.ts.
import { describe, expect, it } from 'vitest';
import { fixture, listed } from '../helpers/compat.js';

const suite = (name: string) => fixture(`compat/benchmarkjs/${name}`);

describe('benchmark.js files under cyclebench run', () => {
  it("uuid's layout (an ES module entry handing Benchmark to a function, two nameless suites): a group per suite, its first benchmark the baseline", async () => {
    const benchmarks = await listed(suite('uuid-node.js'));
    expect(benchmarks.map((b) => [b.group, b.title, b.baseline])).toEqual([
      [null, 'uuid.stringify()', true],
      [null, 'uuid.parse()', false],
      ['suite 2', 'uuid.v1()', true],
      ['suite 2', 'uuid.v1() fill existing array', false],
      ['suite 2', 'uuid.v4()', false],
      ['suite 2', 'uuid.v4() fill existing array', false],
      ['suite 2', 'uuid.v3()', false],
      ['suite 2', 'uuid.v5()', false],
      ['suite 2', 'uuid.v7() with defined time', false],
    ]);
  });

  it('CommonJS and ES module suites with Benchmark.options, a deferred benchmark and a named suite are listed', async () => {
    expect((await listed(fixture('compat/benchmarkjs-suite.cjs'))).map((b) => `${b.group}/${b.title}`)).toEqual([
      'uuid-style/join 10',
      'uuid-style/join 20',
      'uuid-style/deferred',
    ]);
    expect((await listed(fixture('compat/benchmarkjs-suite.mjs'))).map((b) => b.title)).toEqual(['short', 'long']);
  });

  it("benchmark.js's argument forms, a Benchmark run alone and one added as an instance are each registered once", async () => {
    const benchmarks = await listed(fixture('compat/benchmarkjs-forms.cjs'));
    expect(benchmarks.map((b) => [b.group, b.title, b.baseline])).toEqual([
      [null, 'alone', false],
      ['forms', 'fromFunctionName', true],
      ['forms', 'options object', false],
      ['forms', 'name and options', false],
      ['forms', 'fnAndOptions', false],
      ['forms', 'instance', false],
    ]);
  });
});
