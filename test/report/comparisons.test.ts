// The comparisons a written report shows are the run's own, and the numbers a report prints keep
// what the document holds (fractional bytes, a 99.5 % level, a baseline with the same parameters).
import { describe, expect, it } from 'vitest';
import { baselineOf, comparisonsFor } from '../../src/report/comparisons.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { readResultFile } from '../../src/results/read.js';
import type { BenchmarkResult, ResultDocument } from '../../src/results/schema.js';
import { formatBytes, sig } from '../../src/text/format.js';
import { FIXTURE_DIR } from '../helpers/golden.js';

const V3 = `${FIXTURE_DIR}example-v3.json`;

describe('comparisons in written reports', () => {
  it("a document's own verdicts are shown, judged as the run judged them (its noise threshold)", () => {
    const doc = readResultFile(V3);
    const reduce = doc.benchmarks.find((b) => b.name === 'reduce')!;
    // As a run with --threshold 20% records it: within its noise threshold, so no difference;
    // src/compare's defaults (±1 %) would call the same interval 'cannot tell'.
    reduce.relative = {
      baseline: 'array sum/for loop',
      verdict: 'no-difference',
      ratio: { point: 1.023, ciLow: 0.962, ciHigh: 1.089 },
      pValue: 0.4,
      because: { code: 'within-noise', severity: 'info', values: { change: 0.023, threshold: 0.2 } },
    };
    const row = comparisonsFor(doc).find((r) => r.name === 'reduce')!;
    expect(row).toMatchObject({ baseline: 'for loop', verdict: 'no-difference', ratio: 1.023, ciLow: 0.962 });
    expect(row.reason).toMatch(/noise threshold 20\.00 %/);
  });

  it('a document without them gets verdicts from src/compare', () => {
    const doc = readResultFile(V3);
    for (const b of doc.benchmarks) delete b.relative;
    const rows = comparisonsFor(doc);
    expect(rows.map((r) => r.name)).toEqual([
      'reduce',
      'Float64Array loop',
      'copy + sort',
      'copy',
      'sort in place (reused pool)',
      '10,000 numbers',
    ]);
  });

  it("the baseline of a benchmark is its group's one with the same parameters", () => {
    const row = (name: string, n: number, baseline: boolean) =>
      ({ group: 'sweep', name, args: { n }, baseline }) as unknown as BenchmarkResult;
    const doc = { benchmarks: [row('reduce', 16, true), row('reduce', 1024, true), row('loop', 1024, false)] };
    expect(baselineOf(doc as ResultDocument, doc.benchmarks[2])).toBe(doc.benchmarks[1]);
    expect(baselineOf(doc as ResultDocument, doc.benchmarks[0])).toBeNull();
  });
});

describe('numbers as the document holds them', () => {
  it('bytes below a KiB keep their fraction; whole bytes stay whole', () => {
    expect(formatBytes(0.6876)).toBe('0.688 B');
    expect(formatBytes(0.2)).toBe('0.200 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.50 KiB');
  });

  it('a figure too small for six decimals is written with an exponent, not as zero', () => {
    expect(sig(2.3e-14, 2)).toBe('2.3e-14');
    expect(sig(0.000123, 3)).toBe('0.000123');
  });

  it('a 99.5 % interval is called 99.5 %, not 100 %', () => {
    const doc = readResultFile(V3);
    for (const b of doc.benchmarks) if (b.headline) b.headline.confidence = 0.995;
    const out = renderTerminal(doc);
    expect(out).toContain('±99.5% CI by');
    expect(out).not.toContain('100% CI');
  });
});
