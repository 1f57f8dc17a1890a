// vitest 5 benchmark files (the `bench` fixture of test(), bench.compare(), expect's
// toBeFasterThan/toBeSlowerThan) under `cyclebench run`: what loading registers (one worker, no
// measuring), and how an assertion is judged on cyclebench's comparison (seeded synthetic
// processes). The measured end-to-end runs on Node 24 are in vitest5.slow.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeChecks } from '../../src/analysis/checks.js';
import type { Check } from '../../src/results/checks.js';
import { listFile } from '../../src/orchestrator/fork.js';
import { loadPlatform } from '../../src/platform/load.js';
import { fixture, listError, listed } from '../helpers/compat.js';
import { type ForkSpec, syntheticBenchmark, syntheticDocument, syntheticForks } from '../helpers/synthetic-results.js';

describe('a vitest 5 file loaded by cyclebench', () => {
  it("registers the guide's examples by test, the first of each bench.compare() as the group's baseline", async () => {
    const benchmarks = await listed(fixture('compat/vitest5/docs-examples.bench.mjs'));
    expect(benchmarks.map((b) => [b.group, b.title, b.baseline])).toEqual([
      ['parsing performance', 'parse', false],
      ['compare JSON libraries', 'JSON.parse', true],
      ['compare JSON libraries', 'custom parser', false],
      ['compare with options', 'lib1', true],
      ['compare with options', 'lib2', false],
      ['benchmarks with setup', 'with-cache', true],
      ['benchmarks with setup', 'without-cache', false],
      ['lib1 is faster than lib2', 'lib1', true],
      ['lib1 is faster than lib2', 'lib2', false],
      ['parsing is fast enough', 'parse', false],
    ]);
  });

  it('hands the assertions to the orchestrator: two benchmarks by group/name, delta, .not; other matchers unjudged', async () => {
    const r = await listFile(loadPlatform(), fixture('compat/vitest5/docs-examples.bench.mjs'));
    if (!('benchmarks' in r)) throw new Error(JSON.stringify(r));
    const g = 'lib1 is faster than lib2';
    expect(r.checks).toEqual([
      { test: g, matcher: 'toBeFasterThan', not: false, actual: `${g}/lib1`, expected: `${g}/lib2`, delta: 0 },
      { test: g, matcher: 'toBeFasterThan', not: false, actual: `${g}/lib1`, expected: `${g}/lib2`, delta: 0.1 },
      { test: g, matcher: 'toBeSlowerThan', not: false, actual: `${g}/lib2`, expected: `${g}/lib1`, delta: 0.2 },
      { test: 'parsing is fast enough', matcher: 'toBeGreaterThan', not: false },
    ]);
    const other = await listFile(loadPlatform(), fixture('compat/vitest5/assertions-fail.bench.mjs'));
    if (!('benchmarks' in other)) throw new Error(JSON.stringify(other));
    expect(other.checks?.map((c) => [c.matcher, c.not, c.actual?.split('/')[1]])).toEqual([
      ['toBeFasterThan', false, 'lib2'],
      ['toBeFasterThan', true, 'lib1'],
      ['toBeFasterThan', false, 'a'],
    ]);
  });

  it("the guide's baselines: withBaseline() measured like bench(), bench.from() not measured and its assertion not judged", async () => {
    const file = fixture('compat/vitest5/baseline-examples.bench.mjs');
    const r = await listFile(loadPlatform(), file);
    if (!('benchmarks' in r)) throw new Error(JSON.stringify(r));
    expect(r.benchmarks.map((b) => [b.group, b.title, b.baseline])).toEqual([
      ['no performance regression', 'parse', false],
      ['compare against baseline', 'current implementation', true],
      ['compare against baseline', 'previous implementation', false],
      ['stored result', 'parse', false],
      ['against the stored result', 'parse', true],
    ]);
    expect(r.checks?.map((c) => [c.actual, c.expected])).toEqual([
      ['compare against baseline/current implementation', 'compare against baseline/previous implementation'],
      ['against the stored result/parse', 'from:parse (stored)'],
    ]);
  });

  it('nests describe() around test(): the group is "describe/test"; .skip and a body that throws', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-vitest5-'));
    const file = join(dir, 'nested.bench.mjs');
    writeFileSync(
      file,
      `import { describe, test } from 'vitest'
describe('outer', () => {
  test('inner', async ({ bench }) => { await bench('one', () => 1).run() })
  test.skip('skipped', async ({ bench }) => { await bench('never', () => 1).run() })
})
`,
    );
    expect((await listed(file)).map((b) => `${b.group}/${b.title}`)).toEqual(['outer/inner/one']);
    const broken = join(dir, 'broken.bench.mjs');
    writeFileSync(broken, `import { test } from 'vitest'\ntest('x', async () => { throw new Error('boom') })\n`);
    expect(await listError(broken)).toMatch(/vitest: test\('x'\): boom/);
  });
});

describe('judging an assertion on the comparison', () => {
  const group = 't';
  const doc = (a: ForkSpec, b: ForkSpec, forks = 6) =>
    syntheticDocument([
      syntheticBenchmark('a', syntheticForks(1, forks, a), { group }),
      syntheticBenchmark('b', syntheticForks(2, forks, b), { group }),
    ]);
  const check = (matcher: string, not = false, delta = 0): Check => ({
    test: group,
    matcher,
    not,
    actual: 't/a',
    expected: 't/b',
    delta,
  });
  const status = (d: ReturnType<typeof doc>, c: Check) => judgeChecks(d, [c], { seed: 1 })[0]!;

  it('a 2× faster benchmark: toBeFasterThan passes (also with delta 0.3), toBeSlowerThan and .not fail', () => {
    const d = doc({ cost: 50 }, { cost: 100 });
    expect(status(d, check('toBeFasterThan')).status).toBe('passed');
    expect(status(d, check('toBeFasterThan', false, 0.3)).status).toBe('passed');
    expect(status(d, check('toBeFasterThan', true)).status).toBe('failed');
    expect(status(d, check('toBeSlowerThan')).status).toBe('failed');
    const out = status(d, check('toBeFasterThan'));
    expect(out.verdict).toBe('faster');
    expect(out.ratio!.ciHigh).toBeLessThan(0.6);
  });

  it('faster, but not by the delta asked: 2× faster with delta 0.7 fails (the whole interval is above 0.3×)', () => {
    expect(status(doc({ cost: 50 }, { cost: 100 }), check('toBeFasterThan', false, 0.7)).status).toBe('failed');
  });

  it('the same work: toBeFasterThan fails (no difference), its .not passes', () => {
    const same = { cost: 100, between: 0.002, within: 0.002 };
    const d = doc(same, same, 8);
    expect(status(d, check('toBeFasterThan')).verdict).toBe('no-difference');
    expect(status(d, check('toBeFasterThan')).status).toBe('failed');
    expect(status(d, check('toBeFasterThan', true)).status).toBe('passed');
  });

  it('an interval that cannot tell fails neither way, .not included', () => {
    const d = doc({ cost: 95, between: 0.3 }, { cost: 100, between: 0.3 }, 2);
    expect(status(d, check('toBeFasterThan')).verdict).toBe('cannot-tell');
    expect(status(d, check('toBeFasterThan')).status).toBe('cannot-tell');
    expect(status(d, check('toBeFasterThan', true)).status).toBe('cannot-tell');
  });

  it("uses the table's comparison with the baseline, inverted when the assertion names them the other way", () => {
    const d = doc({ cost: 50 }, { cost: 100 });
    const [a, b] = d.benchmarks;
    a!.baseline = true;
    b!.relative = { baseline: 't/a', verdict: 'slower', ratio: { point: 2, ciLow: 1.9, ciHigh: 2.1 }, pValue: 0.001 };
    const out = status(d, check('toBeFasterThan'));
    expect(out).toMatchObject({ status: 'passed', verdict: 'faster' });
    expect(out.ratio).toMatchObject({ point: 0.5, ciLow: 1 / 2.1, ciHigh: 1 / 1.9 });
  });

  it('not judged: another matcher, a bench.from() result, or a benchmark that was not measured', () => {
    const d = doc({ cost: 50 }, { cost: 100 });
    const out = judgeChecks(
      d,
      [
        { test: group, matcher: 'toBeGreaterThan', not: false },
        { ...check('toBeFasterThan'), expected: 'from:v1' },
        { ...check('toBeFasterThan'), expected: 't/gone' },
      ],
      {},
    );
    expect(out.map((o) => o.status)).toEqual(['not-judged', 'not-judged', 'not-judged']);
    expect(out[1]!.reason).toMatch(/bench\.from\(\)/);
  });
});
