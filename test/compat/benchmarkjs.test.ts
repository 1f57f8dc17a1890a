// benchmark.js files under `cyclebench run`: Suite#add/on/run, deferred benchmarks and
// Benchmark.options mapped (src/compat/benchmarkjs.ts), each suite's first benchmark its group's
// baseline. Suites laid out as uuid's and nanoid's (fixtures with local stand-ins for the
// libraries). Orders are asserted only through cyclebench's verdicts, and only between kernels
// whose costs differ tenfold or more under benchmark.js too; never times.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { cli, fixture, listed, measureFile } from '../helpers/compat.js';

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

  it('uuid layout, measured: uuid.v4() (a cached random batch) is faster than uuid.v1() (fresh random bytes each call)', async () => {
    // Four processes a side: with two, one disagreeing process leaves the interval wide (df = 1).
    const results = await measureFile(suite('uuid-node.js'), '^suite 2/uuid\\.v[14]\\(\\)$', 4);
    const by = Object.fromEntries(results.map((b) => [b.name, b]));
    expect(Object.keys(by)).toEqual(['uuid.v1()', 'uuid.v4()']);
    expect(by['uuid.v1()'].baseline).toBe(true);
    expect(by['uuid.v4()'].relative).toMatchObject({ baseline: 'suite 2/uuid.v1()', verdict: 'faster' });
  }, 300_000);

  it("nanoid's layout (CommonJS, deferred benchmarks), end to end through the CLI: the deferred ones are slower than crypto.randomUUID", async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'cb-benchmarkjs-')), 'run.json');
    const filter = '^(crypto\\.randomUUID|nanoid/async|async secure-random-string)$';
    const args = ['run', suite('nanoid-suite.cjs'), '--filter', filter, '--forks', '4', '--time', '0.2'];
    const r = await cli([...args, '--no-pin', '--no-counters', '--json', json], { COLUMNS: '80' }, 300_000);
    expect(r.timedOut).toBe(false);
    expect(r.stderr).not.toMatch(/failed|could not load/);
    expect(r.stdout).toMatch(/vs baseline/);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    const by = Object.fromEntries(doc.benchmarks.map((b) => [b.name, b]));
    expect(by['crypto.randomUUID'].baseline).toBe(true);
    for (const name of ['nanoid/async', 'async secure-random-string']) {
      expect(by[name].error).toBeFalsy();
      expect(by[name].relative).toMatchObject({ baseline: 'crypto.randomUUID', verdict: 'slower' });
    }
  }, 300_000);
});
