// The github-action-benchmark `customSmallerIsBetter` export (src/export/github-benchmark.ts) of
// synthetic documents: the schema written from the action's README, the exact headline value,
// the interval in `range`, the verdict and flags in `extra`.
import { describe, expect, it } from 'vitest';
import { rangeText, toGithubBenchmark } from '../../src/export/github-benchmark.js';
import { errorsOf, validateGithubBenchmark } from './schemas.js';
import { compareDocuments } from '../../src/compare/documents.js';
import { DEFAULT_COMPARE_SETTINGS } from '../../src/compare/types.js';
import { displayName } from '../../src/compare/match.js';
import { pairedOutcome, rangeBounds, runDocument, simulatedDocument, statResult } from './fixtures.js';

function valid(x: unknown): void {
  expect(validateGithubBenchmark(x), errorsOf(validateGithubBenchmark)).toBe(true);
}

describe('github-action-benchmark export of a run', () => {
  const doc = runDocument();
  const out = toGithubBenchmark(doc);

  it('validates against the schema from the action’s README', () => valid(out));

  it('one entry per benchmark with figures (the failed one left out), and one for allocated bytes', () => {
    expect(out.map((e) => [e.name, e.unit])).toEqual([
      ['good/sum 100', 'ns/op'],
      ['good/sum $n [n=200]', 'ns/op'],
      ['good/sum $n [n=200] (allocated)', 'B/op'],
    ]);
  });

  it('value is the headline exactly; range carries the interval and its level', () => {
    for (const [i, b] of doc.benchmarks.slice(0, 2).entries()) {
      const e = out.filter((x) => x.unit === 'ns/op')[i];
      expect(e.value).toBe(b.headline!.point);
      expect(e.range).toMatch(/^95 % CI \[/);
      const [lo, hi] = rangeBounds(e.range);
      expect(lo).toBeCloseTo(b.headline!.ciLow, 3);
      expect(hi).toBeCloseTo(b.headline!.ciHigh, 3);
    }
  });

  it('extra carries the verdict and the flags', () => {
    expect(out[0].extra).toContain('flags: low-r2, outliers');
    expect(out[1].extra).toContain('verdict: slower against good/sum 100 (ratio 1.99 [1.95, 2.04])');
    expect(out[1].extra).toContain('flags: none');
  });

  it('with a saved baseline, extra carries the verdict against it for each benchmark compared', () => {
    const comparisons = compareDocuments(runDocument(), doc, DEFAULT_COMPARE_SETTINGS).comparisons;
    const withBase = toGithubBenchmark(doc, { baseline: { name: 'main', comparisons } });
    valid(withBase);
    // The failed benchmark and the one without figures are compared but not exported.
    const exported = comparisons.filter((c) => withBase.some((x) => x.name === displayName(c)));
    expect(exported.map(displayName)).toEqual(['good/sum 100', 'good/sum $n [n=200]']);
    for (const c of exported) {
      const e = withBase.find((x) => x.name === displayName(c))!;
      expect(e.extra).toContain(`verdict: ${c.verdict} against saved baseline 'main'`);
    }
    // Without the option no such line.
    expect(out.some((e) => /saved baseline/.test(e.extra ?? ''))).toBe(false);
  });

  it('a simulated run: instructions per op', () => {
    const sim = toGithubBenchmark(simulatedDocument());
    valid(sim);
    expect(sim).toHaveLength(1);
    expect(sim[0]).toMatchObject({ name: 'sim', unit: 'instructions/op (simulated)', value: 1234 });
    expect(sim[0].extra).toContain('flags: simulated');
    // Against its baseline, counted: more instructions, not "slower"; an undecided A/A is not "failed".
    const doc = simulatedDocument();
    doc.benchmarks[0].relative = {
      baseline: 'base',
      verdict: 'slower',
      ratio: { point: 1.01, ciLow: 1.005, ciHigh: 1.015 },
      pValue: 0.001,
    };
    doc.benchmarks[0].aa = { passed: false, verdict: 'cannot-tell' } as never;
    const extra = toGithubBenchmark(doc)[0].extra!;
    expect(extra).toContain('verdict: more instructions against base');
    expect(extra).not.toMatch(/slower/);
    expect(extra).toContain('A/A check: undecided (cannot-tell)');
  });

  it('a bound that is not finite leaves the range out', () => {
    expect(rangeText(1, Infinity, 0.95)).toBeUndefined();
    expect(rangeText(null, 2, 0.95)).toBeUndefined();
    expect(rangeText(1.23456789, 2, 0.99)).toBe('99 % CI [1.23457, 2]');
  });

  it('the schema can fail: a string value, a missing unit, a number in extra', () => {
    expect(validateGithubBenchmark([{ name: 'a', unit: 'ns', value: '1' }])).toBe(false);
    expect(validateGithubBenchmark([{ name: 'a', value: 1 }])).toBe(false);
    expect(validateGithubBenchmark([{ name: 'a', unit: 'ns', value: 1, extra: 3 }])).toBe(false);
    expect(validateGithubBenchmark({ name: 'a', unit: 'ns', value: 1 })).toBe(false);
  });
});

describe('github-action-benchmark export of a paired run and of stat', () => {
  it('a paired run: the ratio, its interval at the look’s level, the verdict and the pairs', () => {
    const out = toGithubBenchmark(pairedOutcome());
    valid(out);
    expect(out.map((e) => e.name)).toEqual(['g/faster one', 'g/same']);
    expect(out[0]).toMatchObject({ unit: 'ratio this/other', value: 0.8, range: '97.16 % CI [0.75, 0.86]' });
    expect(out[0].extra).toContain('verdict: faster (against origin/main (0123456789ab), noise threshold 1 %)');
    expect(out[0].extra).toContain('pairs: 4');
  });

  it('stat: mean wall time per command, its 95 % interval, the verdict against command 1', () => {
    const out = toGithubBenchmark(statResult());
    valid(out);
    expect(out[0]).toMatchObject({ name: 'node a.js', unit: 'ms', value: 50, range: '95 % CI [48, 52]' });
    expect(out[1].extra).toContain('verdict: slower against command 1 (CI excludes 1)');
  });

  it('stat: counts failed measured runs only, as the text report does (a failed warm-up run is in neither figure)', () => {
    const r = statResult();
    const fail = (run: number, warmup: boolean) =>
      ({ command: 0, run, warmup, kind: 'exit', exitCode: 1, signal: null, message: 'exit 1' }) as const;
    r.commands[0]!.failures = [fail(0, true), fail(3, false)];
    expect(toGithubBenchmark(r)[0]!.extra).toContain('runs: 5; failed: 1');
  });
});
