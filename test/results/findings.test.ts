// Typed findings: derived from what a document holds, carried by version-2 documents, and
// given to version-1 files on reading. example-v1.json is a real run of examples/ written
// by the version-1 writer (batches trimmed to 10 per process to keep the fixture small).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { benchmarkFindings, comparisonFindings } from '../../src/analysis/findings.js';
import { runCli } from '../helpers/io.js';
import { findingText, FINDING_TEXT } from '../../src/report/findings.js';
import { parseResultDocument, readResultFile } from '../../src/results/read.js';
import { FINDING_CODES, SCHEMA_VERSION, type BenchmarkResult } from '../../src/results/schema.js';
import { FIXTURE_DIR } from '../helpers/golden.js';
import { formatPct, relHalfWidth } from '../../src/text/format.js';

const V1 = `${FIXTURE_DIR}example-v1.json`;

async function cli(...argv: string[]) {
  return runCli(argv, FIXTURE_DIR);
}

describe('findings', () => {
  it('a version-1 file is read with findings derived from its flags', () => {
    const raw = JSON.parse(readFileSync(V1, 'utf8'));
    expect(raw.schemaVersion).toBe(1);
    expect(raw.benchmarks[0].findings).toBeUndefined();
    const doc = readResultFile(V1);
    expect(doc.schemaVersion).toBe(1);
    expect(SCHEMA_VERSION).toBe(5);
    for (const b of doc.benchmarks) {
      const codes = b.findings!.map((f) => f.code);
      expect(codes.includes('noisy')).toBe(b.flags.includes('target-ci-not-reached'));
      expect(codes.includes('contended')).toBe(b.flags.includes('contended'));
      for (const f of b.findings!) expect(f.benchmark).toBe(b.group ? `${b.group}/${b.name}` : b.name);
    }
    const reduce = doc.benchmarks.find((b) => b.name === 'reduce')!;
    const noisy = reduce.findings!.find((f) => f.code === 'noisy')!;
    expect(noisy.values.halfWidth).toBeCloseTo(0.041, 3);
    // The v1 run pinned its processes (CPU 1): more processes are the advice, not --cpu.
    expect(findingText(noisy)).toBe('noisy: ±4.1 %, CPU shared — close other programs or use --forks 13');
  });

  it("the noisy line's ±% is the table's, to the last digit", () => {
    const b = structuredClone(readResultFile(V1).benchmarks.find((x) => x.name === 'reduce')!);
    // Half-widths on both sides of x.x5 %, where a copy rounded to 4 figures printed 0.1 lower.
    for (let i = 0; i < 2000; i++) {
      const hw = 0.74 + i * 0.0000137;
      b.headline = { ...b.headline!, point: 1, ciLow: 1 - hw, ciHigh: 1 + hw };
      const noisy = benchmarkFindings(b).find((f) => f.code === 'noisy')!;
      const table = formatPct(relHalfWidth(1, 1 - hw, 1 + hw)).replace('%', ' %');
      expect(findingText(noisy)).toContain(`±${table}`);
    }
  });

  it('changed reused inputs and processes that disagree are findings with their own advice', () => {
    const doc = readResultFile(V1);
    const b = structuredClone(doc.benchmarks.find((x) => x.name === 'reduce')!);
    b.flags = [...b.flags, 'inputs-changed', 'multimodal'];
    b.details = [
      {
        code: 'processes-added',
        severity: 'info',
        benchmark: 'x',
        values: { planned: 3, processes: 6, halfWidth: 0.12, above: 0.1 },
      },
    ];
    b.forks = [...b.forks, ...b.forks];
    const fs = benchmarkFindings(b);
    // Most important first: changed inputs, then two speeds, before the noise they cause.
    expect(fs.map((f) => f.code).slice(0, 3)).toEqual(['inputs-changed', 'multimodal', 'noisy']);
    expect(findingText(fs[0])).toMatch(/use \.setupEach\(\)$/);
    expect(findingText(fs[2])).toMatch(/^processes disagree: ±4\.1 % over 6 processes \(3 added\)/);
  });

  it('a version-2 document round-trips with its findings', () => {
    const doc = readResultFile(V1);
    const again = parseResultDocument(JSON.parse(JSON.stringify(doc)));
    expect(again.benchmarks.map((b) => b.findings)).toEqual(doc.benchmarks.map((b) => b.findings));
  });

  it('a malformed finding is refused with one line', () => {
    const doc = JSON.parse(JSON.stringify(readResultFile(V1)));
    doc.benchmarks[0].findings = [{ code: 'noisy', severity: 'loud', benchmark: 'x', values: {} }];
    expect(() => parseResultDocument(doc)).toThrow(/findings\[0\]\.severity must be equal to one of/);
  });

  it('every code has a text, and a failed benchmark has exactly the failed finding', () => {
    expect(Object.keys(FINDING_TEXT).sort()).toEqual([...FINDING_CODES].sort());
    const failed = { name: 'x', group: null, flags: [], forks: [], error: { message: 'boom', kind: 'throw' } };
    expect(benchmarkFindings(failed as unknown as BenchmarkResult)).toEqual([
      { code: 'failed', severity: 'error', benchmark: 'x', values: { kind: 'throw', message: 'boom' } },
    ]);
  });

  it('a rank test that disagrees with the CI is one finding with one plain conclusion', () => {
    const b = {
      name: 'c',
      group: 'g',
      headline: { confidence: 0.95 },
      relative: { baseline: 'base', verdict: 'no-difference', ratio: { point: 1.01, ciLow: 0.99, ciHigh: 1.03 } },
    } as unknown as BenchmarkResult;
    b.relative!.pValue = 0.01;
    const [f] = comparisonFindings(b);
    expect(f.code).toBe('tests-disagree');
    expect(findingText(f)).toBe(
      'vs base: treat as the same speed (the rank test leans to a difference); add --forks to settle it',
    );
    // The verdict's detail says the interval reaches beyond the noise threshold: it cannot tell.
    b.relative!.because = {
      code: 'ci-includes-one',
      severity: 'info',
      values: { confidence: 0.95, pValue: 0.01, wide: true, threshold: 0.01 },
    };
    expect(findingText(comparisonFindings(b)[0])).toBe(
      'vs base: cannot tell (the interval reaches beyond ±1 % and the rank test leans to a difference); ' +
        'add --forks to settle it',
    );
    // The rank test agreed: the detail holds no p-value of its own, whatever the interval's test said.
    b.relative!.pValue = 0.5;
    b.relative!.because = { code: 'ci-includes-one', severity: 'info', values: { confidence: 0.95, pValue: null } };
    expect(comparisonFindings(b)).toEqual([]);
    // A faster or slower verdict the rank test does not confirm: its detail carries the rank test's
    // p-value, while `pValue` is the interval's own test, which agrees with the interval.
    b.relative = {
      ...b.relative!,
      verdict: 'slower',
      ratio: { point: 1.05, ciLow: 1.02, ciHigh: 1.08 },
      pValue: 0.001,
      because: { code: 'rank-test-unsure', severity: 'warning', values: { verdict: 'slower', pValue: 0.2 } },
    };
    expect(findingText(comparisonFindings(b)[0])).toBe(
      'vs base: probably slower (1.05×), but the rank test is not sure; confirm with more --forks',
    );
  });

  it('a contended result says which cause set it: preempted batches, processes in another host state, or both', () => {
    const b = structuredClone(readResultFile(V1).benchmarks.find((x) => x.name === 'reduce')!);
    const total = b.forks.flatMap((f) => f.batches).length;
    for (const f of b.forks) for (const x of f.batches) delete x.preempted;
    b.flags = ['contended'];
    b.details = [
      {
        code: 'slow-processes',
        severity: 'warning',
        benchmark: 'reduce',
        values: { slow: 2, of: 3, factors: [1.4, 1.5], leftOut: false },
      },
    ];
    const contended = () => findingText(benchmarkFindings(b).find((f) => f.code === 'contended')!);
    expect(contended()).toBe(
      'CPU shared: 2 of 3 processes ran in another host state, too many to leave out — close other programs',
    );
    b.forks[0].batches[0].preempted = 'migration';
    expect(contended()).toBe(
      'CPU shared: 2 of 3 processes ran in another host state, too many to leave out; ' +
        `1 of ${total} batches preempted (replaced) — close other programs`,
    );
    b.details = [];
    expect(contended()).toBe(`CPU shared: 1 of ${total} batches preempted (replaced) — close other programs`);
    // Preempted batches that were not replaced are not called replaced.
    const pre = (extra: object) => ({
      code: 'preempted' as const,
      severity: 'warning' as const,
      benchmark: 'reduce',
      values: {
        preempted: 15,
        total: 18,
        involuntarySwitch: 15,
        migration: 0,
        offCpu: 0,
        unreplaced: 0,
        planned: 18,
        contended: true,
        ...extra,
      },
    });
    b.details = [pre({ kept: true })];
    expect(contended()).toBe(
      'CPU shared: 15 of 18 batches preempted (in the figure: no process had clean batches to use instead) — close other programs',
    );
    b.details = [pre({ unreplaced: 9, planned: 63, total: 78, preempted: 24 })];
    expect(contended()).toBe(
      'CPU shared: 24 of 78 batches preempted (9 of 63 planned batches never ran clean) — close other programs',
    );
    // Processes that all ran in a faster state, nothing preempted: a host that changed state.
    b.forks[0].batches[0].preempted = undefined;
    b.details = [
      {
        code: 'slow-processes',
        severity: 'warning',
        benchmark: 'reduce',
        values: { slow: 2, of: 3, factors: [0.7, 0.71], leftOut: false },
      },
    ];
    expect(contended()).toBe(
      'host changed state: 2 of 3 processes ran in another (faster) host state, too many to leave out — see --verbose',
    );
  });

  it('each finding quotes the counts its own detail was judged by', () => {
    const reduce = () => structuredClone(readResultFile(V1).benchmarks.find((x) => x.name === 'reduce')!);
    const text = (b: BenchmarkResult, code: string) => findingText(benchmarkFindings(b).find((f) => f.code === code)!);

    // Warm-up ends at --warmup-ms, not --time.
    const warm = reduce();
    warm.flags = ['warmup-not-steady'];
    for (const f of warm.forks) f.warmup = { ...f.warmup!, outcome: 'budget' };
    expect(text(warm, 'warmup-not-steady')).toBe(
      `warmup did not settle in ${warm.forks.length} of ${warm.forks.length} processes — raise --warmup-ms`,
    );
    // A process left out (another host state) is not counted among those the estimate rests on.
    warm.forks[0].hostState = 1.5;
    expect(text(warm, 'warmup-not-steady')).toMatch(/in 2 of 2 processes/);

    // The flag is raised by the process whose fit is poor: its R², not the mean over processes.
    const lin = reduce();
    lin.flags = ['low-r2'];
    lin.details = [
      {
        code: 'low-r2',
        severity: 'warning',
        benchmark: 'reduce',
        values: { threshold: 0.9, of: 3, processes: [1], r2: [0.849] },
      },
    ];
    expect(text(lin, 'low-r2')).toMatch(/\(R² 0\.849\)/);

    // A contamination the analysis counted over the batches it used.
    const gc = reduce();
    gc.flags = ['page-faults'];
    gc.details = [
      {
        code: 'contamination',
        severity: 'warning',
        benchmark: 'reduce',
        values: { kind: 'page-faults', batches: 41, of: 84, statistic: 'slope', cleanNs: 76.11, change: -0.108 },
      },
    ];
    expect(text(gc, 'contamination')).toBe('page faults in 41 of 84 batches moved the result');
    // Too few clean batches to estimate without them: how far they moved it is not known.
    gc.details[0].values = { ...gc.details[0].values, cleanNs: null, change: null } as never;
    expect(text(gc, 'contamination')).toBe(
      'page faults in 41 of 84 batches — too few clean batches to tell their effect',
    );

    // Processes added only to replace one in another host state: not "processes disagree".
    const added = reduce();
    added.flags = ['target-ci-not-reached'];
    const detail = (halfWidth: number) => ({
      code: 'processes-added' as const,
      severity: 'info' as const,
      benchmark: 'reduce',
      values: { planned: 2, processes: 3, halfWidth, above: 0.1, kept: 2, replaced: 1 },
    });
    added.details = [detail(0.04)];
    added.forks[2].hostState = 1.4;
    expect(text(added, 'noisy')).toMatch(/^noisy: /);
    added.details = [detail(0.25)];
    // Over the 2 of the 3 processes the estimate rests on (one left out in another host state).
    expect(text(added, 'noisy')).toMatch(/^processes disagree: ±\S+ % over 2 of 3 processes \(1 added\)/);
  });

  it('advises more processes only when a practical number would do', () => {
    const noisy = (needed: number) =>
      findingText({
        code: 'noisy',
        severity: 'warning',
        benchmark: 'k',
        values: { contended: false, halfWidth: 0.4, target: 0.01, processes: 3, needed },
      });
    expect(noisy(19)).toMatch(/ or --forks 19$/);
    expect(noisy(11828)).toMatch(/processes disagree: see --verbose$/);
    expect(noisy(11828)).not.toContain('--forks');
  });

  it('compare and report read the version-1 fixture', async () => {
    const report = await cli('report', V1);
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('array sum');
    const compare = await cli('compare', V1, V1, '--format', 'json');
    expect(compare.stderr).toBe('');
    expect(JSON.parse(compare.stdout).comparisons).toHaveLength(7);
  });
});
