// node:bench declarations as cyclebench registrations (src/compat/node-bench-declare.ts): suites
// become groups, params the instance's arguments, bench() options the manual kernel's limits;
// hooks run in the benchmark's process around its samples. The version gate is tested by its
// function (node:bench exists from Node 26.9 on; this suite runs on any Node).
import { beforeEach as each, describe as group, expect, it } from 'vitest';
import { instances, resetRegistry } from '../../src/api/registry.js';
import * as nb from '../../src/compat/node-bench-declare.js';
import { nodeBenchRefusal } from '../../src/compat/node-bench-version.js';
import type { BenchObject } from '../../src/engine/kernel.js';

each(() => resetRegistry('file:///x.bench.mjs'));

const cb = (b: { start(): void; end(n: number): unknown }) => (b.start(), b.end(1));

group('node:bench declarations', () => {
  it('map suites to groups, params to arguments, options to the manual limits', async () => {
    await nb.suite('URL', () => {
      void nb.describe('inner', () => {
        void nb.bench('construct', { samples: 12, warmup: 3, params: { z: true, input: 'short' } }, cb);
      });
      void nb.bench(function named(b: Parameters<typeof cb>[0]) {
        cb(b);
      });
    });
    void nb.bench('top', { timeout: 50 }, cb);
    const got = instances();
    expect(got.map((i) => [i.group, i.title, i.args])).toEqual([
      ['URL/inner', 'construct [input=short, z=true]', { input: 'short', z: true }],
      ['URL', 'named', {}],
      [null, 'top', {}],
    ]);
    const manual = got.map((i) => (i.fn as BenchObject).manual!);
    expect(manual.map((m) => [m.samples, m.warmup, m.timeoutMs])).toEqual([
      [12, 3, Infinity],
      [30, 0, Infinity],
      [30, 0, 50],
    ]);
  });

  it('skip leaves a benchmark out; only and bad limits are refused in one line', () => {
    void nb.bench.skip('a', cb);
    void nb.bench('b', { skip: 'later' }, cb);
    void nb.suite('s', { skip: true }, () => nb.bench('c', cb));
    expect(instances()).toHaveLength(0);
    expect(() => nb.bench.only('d', cb)).toThrow(/only: true.*not supported under cyclebench run.*--filter/);
    expect(() => nb.bench('e', { samples: 0 }, cb)).toThrow(/samples must be an integer from 1/);
    expect(() => nb.bench('f', { warmup: 1.5 }, cb)).toThrow(/warmup must be an integer from 0/);
    expect(() => nb.bench('g')).toThrow(/the last argument must be a function/);
  });

  it('a declaration after an await in a suite is refused, not lost', async () => {
    await expect(
      nb.suite('late', async () => {
        await Promise.resolve();
        void nb.bench('x', cb);
      }),
    ).rejects.toThrow(/in suite\('late'\) after an await/);
  });

  it('runs before/beforeEach in set-up, afterEach/after at the end, outer suites first', async () => {
    const log: string[] = [];
    nb.before(() => void log.push('root before'));
    void nb.suite('s', () => {
      nb.beforeEach((info) => void log.push(`s beforeEach ${info!.name} ${JSON.stringify(info!.params)}`));
      void nb.bench('b', { params: { k: 1 } }, cb);
      nb.before(() => void log.push('s before'));
    });
    const [inst] = instances();
    await (inst.fn as BenchObject).setup!({});
    expect(log).toEqual(['root before', 's before', 's beforeEach b {"k":1}']);
  });

  it("createRunner's declarations register too; its run() returns an empty stream, once", async () => {
    const runner = nb.createRunner({ yieldBetweenSamples: false });
    void runner.bench('example', { samples: 100 }, cb);
    const records = [];
    for await (const r of runner.run()) records.push(r);
    expect(records).toEqual([]);
    expect(() => runner.run()).toThrow(/called twice/);
    expect(() => runner.bench('late', cb)).toThrow(/after run\(\)/);
    expect(instances().map((i) => i.title)).toEqual(['example']);
    expect(() => nb.runFile()).toThrow(/runFile\(\) is not supported/);
  });
});

group('where node:bench files run', () => {
  it('from Node 26.9 on; older Nodes get one line naming the requirement', () => {
    expect(nodeBenchRefusal('v26.9.0')).toBeNull();
    expect(nodeBenchRefusal('v26.12.1')).toBeNull();
    expect(nodeBenchRefusal('v27.0.0')).toBeNull();
    expect(nodeBenchRefusal('v26.8.3')).toMatch(/^node:bench files need Node >= 26\.9 \(this is v26\.8\.3\)/);
    expect(nodeBenchRefusal('v20.20.2')).not.toContain('\n');
  });
});
