// "Cannot tell" is a verdict of its own, end to end: an interval that reaches beyond the noise
// threshold without settling the question never reads "no difference" or "same", in compare (text,
// Markdown, JSON), the library API, the run table, and the files written before the verdict had a name.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareResults, renderReport } from '../../src/api/tools.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import { relativeToBaseline } from '../../src/compare/documents.js';
import { parseResultDocument } from '../../src/results/read.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { intervalVerdict, unitsToResolve } from '../../src/statistics/threshold.js';
import { comparisonReason } from '../../src/report/details.js';
import { relativeCell } from '../../src/report/terminal.js';
import { runCli } from '../helpers/io.js';
import {
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

const dir = mkdtempSync(join(tmpdir(), 'cb-cannot-tell-'));
let n = 0;
const file = (d: ResultDocument): string => {
  const p = join(dir, `${n++}.json`);
  writeFileSync(p, JSON.stringify(d));
  return p;
};

describe('the interval rule', () => {
  it('no difference only inside ±threshold; a difference only beyond it; anything else cannot tell', () => {
    expect(intervalVerdict(1.004, 0.995, 1.012, 0.02)).toBe('no-difference');
    expect(intervalVerdict(1.0, 0.54, 2.27, 0.05)).toBe('cannot-tell');
    expect(intervalVerdict(0.54, 0.064, 4.57, 0.01)).toBe('cannot-tell');
    expect(intervalVerdict(1.1, 1.05, 1.15, 0.01)).toBe('slower');
    expect(intervalVerdict(0.9, 0.85, 0.95, 0.01)).toBe('faster');
    // Excludes 1, the point within ±2 %, the interval beyond it: the change may or may not exceed the threshold.
    expect(intervalVerdict(1.01, 1.002, 1.04, 0.02)).toBe('cannot-tell');
    expect(intervalVerdict(1.01, 1.002, 1.018, 0.02)).toBe('no-difference');
  });

  it('advice is capped: beyond 100 units a side it is "not reachable", never a figure', () => {
    // [0.54, 2.27] from 2 a side: about 90 a side (t with 2 df now, normal quantiles then); wider: unreachable.
    expect(unitsToResolve(1.0, 0.54, 2.27, 2, 0.05, 0.95)).toBeGreaterThan(50);
    expect(unitsToResolve(1.0, 0.3, 3.3, 2, 0.05, 0.95)).toBeNull();
    // A point beyond the threshold is not counted on: the width must reach ±threshold.
    expect(unitsToResolve(1.5, 0.9, 2.5, 3, 0.05, 0.95)).toBeNull();
    expect(unitsToResolve(1.0, 0.95, 1.05, 5, 0.0, 0.95)).toBeNull();
    const n = unitsToResolve(1.0, 0.97, 1.03, 5, 0.02, 0.95)!;
    expect(n).toBeGreaterThan(5);
    expect(n).toBeLessThanOrEqual(100);
  });
});

describe('compare of 2-process runs of identical code, 30 % process noise, --threshold 5%', () => {
  const side = (seed: number) => forks(seed, 2, { cost: 10, between: 0.3, within: 0.01, batches: 8 });

  it('every one of 20 trials cannot tell (never "no difference"), with a capped advice', () => {
    const verdicts = Array.from(
      { length: 20 },
      (_, t) =>
        verdictForForks(side(500 + 2 * t), side(501 + 2 * t), { threshold: 0.05, confidence: 0.95, seed: 1 }).verdict,
    );
    expect(verdicts.filter((v) => v === 'no-difference')).toEqual([]);
    expect(verdicts.filter((v) => v === 'cannot-tell').length).toBeGreaterThanOrEqual(19);
  });

  it('reads "cannot tell" in the text, the Markdown and the JSON of the CLI, and the gate says its policy', async () => {
    const a = file(doc([bench('k', side(11))]));
    const b = file(doc([bench('k', side(12))]));
    const json = await runCli(['compare', a, b, '--threshold', '5%', '--format', 'json'], dir);
    const row = JSON.parse(json.stdout).comparisons[0];
    expect(row.verdict).toBe('cannot-tell');
    expect(row.ratio.ciHigh / row.ratio.ciLow).toBeGreaterThan(1.1);
    const text = await runCli(['compare', a, b, '--threshold', '5%', '--fail-on', 'regression'], dir);
    expect(text.stdout).toMatch(/cannot tell/);
    expect(text.stdout).not.toMatch(/no difference/);
    expect(text.stdout).toMatch(/^k: cannot tell: the 95 % CI of the ratio \[[\d.]+, [\d.]+\] includes 1 but reaches/m);
    expect(text.stdout.replace(/\n  /g, ' ')).toMatch(
      /beyond ±5\.0 %; more than 100 processes a side would be needed: not reachable here/,
    );
    expect(text.stderr).toMatch(/1 benchmark\(s\) cannot tell \(k\): they pass the gate/);
    expect(text.code).toBe(0);
    const md = await runCli(['compare', a, b, '--threshold', '5%', '--format', 'markdown'], dir);
    expect(md.stdout).toMatch(/\| \*\*cannot tell\*\* \|/);
  });
});

describe('the library API (as a vitest test asserting a verdict would call it)', () => {
  it('ratio 0.54 with an interval from 0.06 to 4.6: cannot-tell, and its reason says why', async () => {
    // Two processes a side whose speeds differ by a factor of several: an interval over an order of magnitude.
    const a = doc([bench('k', forks(3, 2, { cost: 10, between: 0.9, within: 0.01, batches: 8 }))]);
    const b = doc([bench('k', forks(4, 2, { cost: 6, between: 0.9, within: 0.01, batches: 8 }))]);
    const r = await compareResults(a, b, { seed: 1 });
    const c = r.comparisons[0];
    expect(c.ratio!.ciHigh / c.ratio!.ciLow).toBeGreaterThan(4);
    expect(c.verdict).toBe('cannot-tell');
    expect(comparisonReason(c)).toMatch(/^cannot tell: /);
  });
});

describe('the run table and reports', () => {
  const group = () =>
    doc([
      bench('base', forks(21, 2, { cost: 10, between: 0.15, within: 0.01, batches: 8 }), {
        group: 'g',
        baseline: true,
      }),
      bench('other', forks(22, 2, { cost: 10, between: 0.15, within: 0.01, batches: 8 }), { group: 'g' }),
    ]);

  it("a wide in-file comparison reads 'cannot tell [lo, hi]', never 'same', in text, Markdown, HTML and CSV", async () => {
    const d = group();
    const row = relativeToBaseline(d, { threshold: 0.01, confidence: 0.95, seed: 1 })[0].comparison;
    expect(row.verdict).toBe('cannot-tell');
    d.benchmarks[1].relative = {
      baseline: 'g/base',
      verdict: row.verdict,
      ratio: row.ratio,
      pValue: row.pValue,
      because: row.because,
    };
    expect(relativeCell(d.benchmarks[1])).toMatch(/^[\d.]+× cannot tell \[[\d.]+, [\d.]+\]$/);
    for (const format of ['text', 'markdown', 'html'] as const) {
      const out = await renderReport(structuredClone(d), format);
      expect(out, format).toMatch(/g \/ other vs base: cannot tell, time ratio/);
      expect(out, format).not.toMatch(/\bsame \[|vs base: no difference/);
    }
  });

  it("a version-3 file's 'no-difference' whose reason says the interval was wide reads as cannot tell", () => {
    const d = group();
    d.schemaVersion = 3;
    const wide = {
      code: 'ci-includes-one',
      severity: 'warning',
      values: { confidence: 0.95, pValue: null, wide: true, threshold: 0.01 },
    } as const;
    const narrow = { ...wide, values: { ...wide.values, wide: false } };
    d.benchmarks[1].relative = {
      baseline: 'g/base',
      verdict: 'no-difference',
      ratio: { point: 0.88, ciLow: 0.59, ciHigh: 1.31 },
      pValue: null,
      because: wide,
    };
    const read = parseResultDocument(structuredClone(d));
    expect(read.benchmarks[1].relative!.verdict).toBe('cannot-tell');
    expect(relativeCell(read.benchmarks[1])).toBe('0.88× cannot tell [0.59, 1.31]');
    d.benchmarks[1].relative = { ...d.benchmarks[1].relative!, because: narrow };
    expect(parseResultDocument(structuredClone(d)).benchmarks[1].relative!.verdict).toBe('no-difference');
  });
});

describe('the vs-baseline cell says what the verdict is, with the digits it needs', () => {
  const with_ = (relative: object, flags: string[] = []) =>
    ({ name: 'x', group: null, args: {}, baseline: false, flags, relative }) as never;
  it('too few processes reads "too few" with or without a ratio, never "incomparable"', () => {
    expect(relativeCell(with_({ baseline: 'b', verdict: 'too-few', ratio: null, pValue: null }))).toBe('too few');
    expect(
      relativeCell(
        with_({ baseline: 'b', verdict: 'too-few', ratio: { point: 1.2, ciLow: 1, ciHigh: 1.4 }, pValue: null }),
      ),
    ).toBe('1.20× (too few processes for a verdict)');
  });
  it('an interval that excludes 1 never prints a bound as 1: 0.3 % more instructions reads 1.003×', () => {
    const ratio = { point: 1.0031, ciLow: 1.0024, ciHigh: 1.0038 };
    expect(relativeCell(with_({ baseline: 'b', verdict: 'slower', ratio, pValue: 0 }, ['simulated']))).toBe(
      '1.003× more [1.002, 1.004]',
    );
    const wide = { point: 1.2, ciLow: 1.1, ciHigh: 1.3 };
    expect(relativeCell(with_({ baseline: 'b', verdict: 'slower', ratio: wide, pValue: 0 }))).toBe(
      '1.20× slower [1.10, 1.30]',
    );
  });
});
