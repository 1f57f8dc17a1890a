// Matching, assumption checks (environment, contamination, checksums), in-file and saved baselines, A/A.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparisonNotes, comparisonReason } from '../../src/report/details.js';
import { aaCheck } from '../../src/compare/aa.js';
import { formatAa } from '../../src/report/aa-text.js';
import { compareChecksums, compareEnvironments } from '../../src/compare/assumptions.js';
import { BaselineError, listBaselines, loadBaseline, saveBaseline } from '../../src/compare/baselines.js';
import { compareDocuments, relativeToBaseline } from '../../src/compare/documents.js';
import { displayName, matchBenchmarks } from '../../src/compare/match.js';
import {
  ENVIRONMENT,
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

const S = { threshold: 0.01, confidence: 0.95, seed: 1, resamples: 300 };
const quiet = (seed: number, cost: number, checksum = 'c0ffee01') =>
  forks(seed, 3, { cost, between: 0.002, within: 0.005, batches: 10, checksum });

describe('matching by (group, name, args)', () => {
  it('pairs equal args regardless of key order and reports the unmatched', () => {
    const a = [bench('x', [], { args: { n: 1, m: 'a' } }), bench('y', []), bench('only-a', [])];
    const b = [bench('x', [], { args: { m: 'a', n: 1 } }), bench('y', [], { group: 'g' }), bench('y', [])];
    const m = matchBenchmarks(a, b);
    expect(m.pairs.map((p) => p.base.name)).toEqual(['x', 'y']);
    expect(m.onlyBase.map(displayName)).toEqual(['only-a']);
    expect(m.onlyContender.map(displayName)).toEqual(['g/y']);
    expect(displayName(a[0])).toBe('x [m=a, n=1]');
  });

  it('a name that carries its args already (a run row, as the registry titles it) gets them once', () => {
    expect(displayName(bench('reduce [n=16]', [], { group: 'sweep', args: { n: 16 } }))).toBe('sweep/reduce [n=16]');
    expect(displayName(bench('x [n=1, m=a]', [], { args: { n: 1, m: 'a' } }))).toBe('x [n=1, m=a]');
    // A substituted `$n` leaves the args to be named.
    expect(displayName(bench('fib(40)', [], { args: { n: 40 } }))).toBe('fib(40) [n=40]');
  });
});

describe('two runs on different V8 versions (compare --allow-env-change)', () => {
  it('are not held to the throughput yardstick, whose code differs between V8 versions', () => {
    // The same work on the same host: 18 µs on Node 24's V8, 52 µs on Node 26's.
    const sums = (seed: number, throughput: number) =>
      forks(seed, 6, { cost: 1000, between: 0.001, within: 0.002, batches: 10, checksum: 'c0ffee01' }).map((f) => ({
        ...f,
        yardstickNs: [34_000],
        throughputYardstickNs: [throughput],
      }));
    const node26 = structuredClone(ENVIRONMENT);
    node26.node = { version: 'v26.12.1', v8: '14.6.202.9-node.12' };
    const base = doc([bench('k', sums(1, 18_000))]);
    const moved = doc([bench('k', sums(2, 52_000))], node26);
    const other = compareDocuments(base, moved, { ...S, allowEnvironmentChange: true }).comparisons[0];
    expect(other.verdict).toBe('no-difference');
    // On one V8 the same move is the machine's, and it is refused.
    const same = compareDocuments(base, doc([bench('k', sums(2, 52_000))]), S).comparisons[0];
    expect(same.verdict).toBe('cannot-tell');
    expect(same.because).toMatchObject({ code: 'machine-changed', values: { yardstick: 'throughput' } });
  });
});

describe('the times beside a ratio', () => {
  it('are the values it divides, and the summary names the statistic, when a side headlines another', async () => {
    const { renderComparison } = await import('../../src/report/compare-render.js');
    const headline = (b: ReturnType<typeof bench>, statistic: 'slope' | 'mean', point: number) => ({
      ...b,
      headline: { ...b.headline!, statistic, point },
    });
    // A run (slope headline) against a file whose headline is a mean, far from the slope.
    const base = doc([headline(bench('k', quiet(1, 1000)), 'slope', 1000)]);
    const contender = doc([headline(bench('k', quiet(2, 1000)), 'mean', 1500)]);
    const r = compareDocuments(base, contender, S);
    const c = r.comparisons[0];
    expect(c.notHeadline).toBe('mean');
    expect(c.contenderNs! / c.baseNs!).toBeCloseTo(c.ratio!.point, 12);
    // The contender's headline (1500) would read as +50 % beside a ratio near 1.
    expect(c.contenderNs! / 1000).toBeLessThan(1.05);
    expect(renderComparison(r, 'text')).toContain('times and ratios compare the mean, not the headline');
    expect(JSON.parse(renderComparison(r, 'json')).comparisons[0].statistic).toBe('mean');
    // Both sides headlining the compared statistic: nothing to name.
    const same = compareDocuments(base, doc([bench('k', quiet(2, 1000))]), S);
    expect(same.comparisons[0].notHeadline).toBeUndefined();
    expect(renderComparison(same, 'text')).not.toContain('not the headline');
  });
});

describe('incomparable', () => {
  it('when the environments differ (CPU, Node, V8, pinning, ASLR)', () => {
    const other = structuredClone(ENVIRONMENT);
    other.cpu.model = 'Other CPU';
    other.node.version = 'v20.1.0';
    other.conditions.cpus = null as unknown as number[];
    other.conditions.noAslr = false;
    const e = compareEnvironments(ENVIRONMENT, other);
    expect(e.differences.map((d) => d.fact)).toEqual([
      'cpu.model',
      'node.version',
      'conditions.cpus',
      'conditions.noAslr',
    ]);
    const r = compareDocuments(doc([bench('k', quiet(1, 10))]), doc([bench('k', quiet(2, 10))], other), S);
    expect(r.comparisons[0].verdict).toBe('incomparable');
    expect(comparisonReason(r.comparisons[0])).toBe(
      'CPU model differs: Synthetic CPU @ 3.0GHz vs Other CPU; Node version differs: v20.19.0 vs v20.1.0; ' +
        'pinning differs: CPUs 3 vs not pinned; ASLR disabled differs: true vs false',
    );
    expect(r.comparisons[0].ratio).not.toBeNull();
  });
  it('pinning: two runs that each picked one CPU of the same speed are comparable; other speeds or counts are not', () => {
    const onCpu = (cpus: number[] | null, perCpu?: { cpu: number; maxMHz: number }[]) => {
      const e = structuredClone(ENVIRONMENT) as Record<string, any>;
      e.conditions.cpus = cpus;
      if (perCpu) e.frequency.perCpu = perCpu;
      return e;
    };
    const facts = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      compareEnvironments(a, b).differences.map((d) => d.fact);
    // Each run pins the idlest CPU at its start: CPU 0 in one run, CPU 1 in the next.
    expect(facts(onCpu([0]), onCpu([1]))).toEqual([]);
    const hybrid = [
      { cpu: 0, maxMHz: 5000 },
      { cpu: 1, maxMHz: 3000 },
    ];
    expect(facts(onCpu([0], hybrid), onCpu([1], hybrid))).toEqual(['conditions.cpus']);
    expect(facts(onCpu([0], hybrid), onCpu([0], hybrid))).toEqual([]);
    expect(facts(onCpu([0]), onCpu([0, 1]))).toEqual(['conditions.cpus']);
    expect(facts(onCpu([0]), onCpu(null))).toEqual(['conditions.cpus']);
  });
  it('worker start-up: ahead of the turn or at it is a condition; which CPUs it used is not', () => {
    const started = (cpus: number[] | null | undefined) => {
      const e = structuredClone(ENVIRONMENT) as Record<string, any>;
      if (cpus !== undefined) e.conditions.prestartCpus = cpus;
      return e;
    };
    const e = (a: Record<string, unknown>, b: Record<string, unknown>) => compareEnvironments(a, b);
    expect(e(started([0]), started([1])).differences).toEqual([]);
    expect(e(started([0]), started(null)).differences).toEqual([
      { fact: 'conditions.prestartCpus', base: [0], contender: null },
    ]);
    // A document written before workers could start ahead does not say: unchecked.
    expect(e(started([0]), started(undefined))).toMatchObject({
      differences: [],
      unchecked: expect.arrayContaining(['conditions.prestartCpus']),
    });
  });
  it('lists facts one side lacks as unchecked, not as differences', () => {
    expect(compareEnvironments(ENVIRONMENT, { node: ENVIRONMENT.node })).toMatchObject({
      differences: [],
      unchecked: expect.arrayContaining(['cpu.model']),
    });
  });
  it('when the checksums differ: the timing verdict stands, with a "results differ" caveat first', () => {
    const r = compareDocuments(
      doc([bench('k', quiet(1, 10, 'aaaa0001'))]),
      doc([bench('k', quiet(2, 5, 'bbbb0002'))]),
      S,
    );
    expect(r.comparisons[0].verdict).toBe('faster');
    expect(comparisonNotes(r.comparisons[0])[0]).toMatch(
      /^results differ: different result checksums \(aaaa0001 vs bbbb0002\)/,
    );
  });
  it('says the results differ in the default text output too, not only under --verbose', async () => {
    const { renderComparison } = await import('../../src/report/compare-render.js');
    const differ = compareDocuments(
      doc([bench('k', quiet(1, 10, 'aaaa0001'))]),
      doc([bench('k', quiet(2, 5, 'bbbb0002'))]),
      S,
    );
    expect(renderComparison(differ, 'text')).toContain(
      'k: results differ between the runs (different checksums): see --verbose',
    );
    const same = compareDocuments(doc([bench('k', quiet(1, 10))]), doc([bench('k', quiet(2, 5))]), S);
    expect(renderComparison(same, 'text')).not.toContain('results differ');
  });
  it('does not fingerprint a side whose processes disagree on the checksum', () => {
    const mixed = quiet(1, 10).map((f, i) => ({ ...f, checksum: `c${i}` }));
    const check = compareChecksums(bench('k', mixed), bench('k', quiet(2, 10)));
    expect(check.differs).toBe(false);
    expect(check.note).toMatchObject({ code: 'checksums-unstable', values: { sides: ['baseline'] } });
    expect(comparisonNotes({ details: [check.note!] })[0]).toMatch(/vary between the processes of the baseline$/);
  });
  it('when a run failed or was contaminated', () => {
    const failed = bench('k', [], { error: { message: 'boom', kind: 'throw' } });
    const changed = bench('k', quiet(2, 10), { flags: ['environment-changed'] });
    const row = compareDocuments(doc([failed]), doc([bench('k', quiet(2, 10))]), S).comparisons[0];
    expect(row).toMatchObject({ verdict: 'incomparable', ratio: null, cause: 'baseline' });
    expect(comparisonReason(row)).toBe('baseline failed (throw): boom');
    expect(
      comparisonReason(compareDocuments(doc([bench('k', quiet(1, 10))]), doc([changed]), S).comparisons[0]),
    ).toMatch(/contender is contaminated: the environment changed/);
  });
});

describe('in-file baselines', () => {
  it('compares every benchmark of a group with its .baseline()', () => {
    const d = doc([
      bench('base', quiet(1, 10), { group: 'g', baseline: true }),
      bench('slow', quiet(2, 12, 'other'), { group: 'g' }),
      bench('same', quiet(3, 10), { group: 'g' }),
      bench('alone', quiet(4, 10), { group: 'h' }),
    ]);
    const rows = relativeToBaseline(d, S);
    expect(rows.map((r) => [r.comparison.name, r.comparison.verdict])).toEqual([
      ['slow', 'slower'],
      ['same', 'cannot-tell'],
    ]);
    // 'same' reads [0.990, 1.003]: past -1 % by a hair, so at ±1 % it cannot tell; inside ±2 % it is no difference.
    const wider = relativeToBaseline(d, { ...S, threshold: 0.02 });
    expect(wider.map((r) => r.comparison.verdict)).toEqual(['slower', 'no-difference']);
    expect(rows[0].comparison.ratio!.point).toBeCloseTo(1.2, 1);
    expect(comparisonNotes(rows[0].comparison).join('\n')).toMatch(/different result checksums/);
  });

  it("checks the host state of the processes each side keeps: 1.2× read where the memory yardstick moved 1.4× is 'cannot tell'", () => {
    const state = (fs: ReturnType<typeof quiet>, memory: number) =>
      fs.map((f) => ({ ...f, memoryYardstickNs: [memory] }));
    const d = doc([
      bench('base', state(quiet(1, 10), 100_000), { group: 'g', baseline: true }),
      bench('slow', state(quiet(2, 12), 140_000), { group: 'g' }),
      bench('slower', state(quiet(3, 12), 101_000), { group: 'g' }),
    ]);
    const rows = relativeToBaseline(d, S);
    expect(rows.map((r) => [r.comparison.name, r.comparison.verdict])).toEqual([
      ['slow', 'cannot-tell'],
      ['slower', 'slower'],
    ]);
    expect(rows[0].comparison.because).toMatchObject({ code: 'machine-changed', values: { sameRun: true } });
  });
});

describe('saved baselines', () => {
  it('saves atomically under .cyclebench/baselines and loads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-bl-'));
    const d = doc([bench('k', quiet(1, 10))]);
    const path = saveBaseline(d, 'main', dir);
    expect(path).toBe(join(dir, '.cyclebench', 'baselines', 'main.json'));
    expect(JSON.parse(readFileSync(path, 'utf8')).schemaVersion).toBe(d.schemaVersion);
    expect(loadBaseline('main', dir).benchmarks[0].name).toBe('k');
    expect(listBaselines(dir)).toEqual(['main']);
    expect(() => loadBaseline('nope', dir)).toThrow(/no saved baseline 'nope'.*saved baselines: main/);
    expect(() => saveBaseline(d, '../evil', dir)).toThrow(BaselineError);
    writeFileSync(join(dir, '.cyclebench', 'baselines', 'bad.json'), '{nope');
    expect(() => loadBaseline('bad', dir)).toThrow(/baseline 'bad': .*not valid JSON/);
  });
});

describe('A/A check', () => {
  it('finds no difference between two arms of one distribution and states what it could detect', () => {
    const r = aaCheck(forks(11, 6, { cost: 10, between: 0.01 }), forks(12, 6, { cost: 10, between: 0.01 }), {
      resamples: 300,
      threshold: 0.05,
    });
    expect(r.verdict).toBe('no-difference');
    expect(r.passed).toBe(true);
    expect(r.minimumDetectable).toBeGreaterThan(0.005);
    expect(r.minimumDetectable).toBeLessThan(0.06);
    expect(formatAa('k', r)).toMatch(
      /A\/A k: ok: no-difference[\s\S]*smallest difference detectable at 80 % power, α = 0\.05: \d+\.\d %/,
    );
    // At the default ±1 % the same arms' interval reaches past the threshold: undecided, not ok, not a fault.
    const strict = aaCheck(forks(11, 6, { cost: 10, between: 0.01 }), forks(12, 6, { cost: 10, between: 0.01 }), {
      resamples: 300,
    });
    expect(strict.verdict).toBe('cannot-tell');
    expect(strict.passed).toBe(false);
    expect(formatAa('k', strict)).toMatch(/^A\/A k: undecided: cannot-tell/);
    expect(formatAa('k', strict)).not.toMatch(/setup itself is biased/);
  });
});
