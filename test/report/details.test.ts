// A benchmark's details are data (codes and values) made by the analysis; every line a reader
// sees is made from them by src/report/details.ts. Each code has its words, a document carries
// both the details and their words, and a file written before the details keeps its own lines.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { resultFromAnalysis } from '../../src/analysis/result.js';
import { benchmarkLines, detailText, DETAIL_TEXT, explainedFlags, wordDetails } from '../../src/report/details.js';
import { caveats } from '../../src/report/caveats.js';
import { presentRun } from '../../src/report/present.js';
import { parseResultDocument } from '../../src/results/read.js';
import { newDocument } from '../../src/results/document.js';
import { DETAIL_CODES, detail, type BenchmarkResult, type DetailData } from '../../src/results/schema.js';
import { DETAIL_EXAMPLES as EXAMPLES } from '../helpers/detail-examples.js';
import { makeFork } from '../helpers/synthetic-forks.js';
import { fixtureDoc } from '../helpers/golden.js';

describe('details: data from the analysis, words from the report', () => {
  it('every detail code has its words, and each example reads without a hole', () => {
    expect(Object.keys(DETAIL_TEXT).sort()).toEqual([...DETAIL_CODES].sort());
    for (const code of DETAIL_CODES) {
      const text = detailText(detail(code, EXAMPLES[code]));
      expect(text.length, code).toBeGreaterThan(10);
      // No hole: no value the words expected was missing (the one code whose words say "undefined" aside).
      if (code !== 'ratio-undefined') expect(text, code).not.toMatch(/undefined|NaN|\[object|null/);
      else expect(text).not.toMatch(/NaN|\[object|null/);
    }
    expect(detailText({ code: 'contamination-within-ci', values: EXAMPLES['contamination-within-ci'] })).toBe(
      'contamination within the CI: migrations in 10 % of batches (? without them)',
    );
  });

  it('a code from a newer file is shown as its code and values, not dropped', () => {
    // A file's detail of a code this build does not know: not one of the typed details, hence the assertion.
    const unknown = { code: 'brand-new', values: { n: 3 } } as unknown as DetailData;
    expect(detailText(unknown)).toBe('brand-new {"n":3}');
  });

  it('a result carries its details named, and its words are filled from them for readers of the file', () => {
    const forks = [0, 1].map((i) =>
      makeFork({
        costNs: 0.1,
        overheadNs: 20,
        noise: 0.001,
        seed: 6 + i,
        index: i,
        tweak: (b, j) => (b.gc = j % 5 === 0 ? 1 : 0),
      }),
    );
    const a = analyzeBenchmark(forks, { resamples: 200, seed: 1 });
    const base = { name: 'k', group: 'g', args: {}, baseline: false, file: null, forks, flags: [], warnings: [] };
    const b = resultFromAnalysis({ ...base, headline: null, estimates: null } as BenchmarkResult, a);
    expect(b.details!.map((d) => d.code)).toContain('optimized-away');
    for (const d of b.details!) expect(d.benchmark).toBe('g/k');
    const doc = wordDetails(newDocument({ command: [], options: {}, environment: {}, benchmarks: [b], warnings: [] }));
    const written = doc.benchmarks[0];
    expect(written.warnings.some((w) => w.startsWith('optimized-away: 0.1'))).toBe(true);
    expect({ warnings: written.warnings, notes: written.notes }).toEqual(benchmarkLines(written));
    // Read back, the reports word the details again (the same lines), never both.
    const again = parseResultDocument(JSON.parse(JSON.stringify(doc)));
    expect(benchmarkLines(again.benchmarks[0])).toEqual(benchmarkLines(written));
    expect(explainedFlags(again.benchmarks[0]).has('optimized-away')).toBe(true);
    const lines = caveats(again).filter((l) => l.includes('optimized'));
    expect(lines).toHaveLength(1);
    // --verbose shows every detail in its words; the default output counts them among the hidden details.
    const verbose = presentRun(again, { detail: 'verbose' });
    for (const d of again.benchmarks[0].details!) expect(verbose).toContain(detailText(d));
    const hidden = Number(/(\d+) details hidden/.exec(presentRun(again, { columns: 100 }))?.[1]);
    expect(hidden).toBeGreaterThanOrEqual(again.benchmarks[0].details!.length);
  });

  it('a file written before details (version 2) shows the lines it carries', () => {
    const doc = fixtureDoc();
    const b = doc.benchmarks.find((x) => x.warnings.length > 0)!;
    expect(b.details).toBeUndefined();
    expect(benchmarkLines(b).warnings).toEqual(b.warnings);
  });

  it('a malformed detail is refused with one line', () => {
    const doc = JSON.parse(JSON.stringify(fixtureDoc()));
    doc.benchmarks[0].details = [{ code: 'skewed', severity: 'loud', values: {} }];
    expect(() => parseResultDocument(doc)).toThrow(/details\[0\]\.severity must be equal to one of/);
  });

  it('analysis, comparison, engine and worker write no warning or note lines: no push of a line', () => {
    const dirs = ['analysis', 'compare', 'engine', 'worker', 'simulation'].map(
      (d) => new URL(`../../src/${d}/`, import.meta.url),
    );
    const files = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => new URL(f, dir)),
    );
    expect(files.length).toBeGreaterThan(40);
    const lineSinks = /\b(warnings|notes)\s*(\.push\(|=\s*\[|:\s*\[\s*[`'"])/;
    for (const f of files) expect(readFileSync(f, 'utf8'), f.pathname).not.toMatch(lineSinks);
    // The check would catch the old forms.
    expect('warnings.push(`low-r2: R² < ${x}`)').toMatch(lineSinks);
    expect("notes: ['a line']").toMatch(lineSinks);
  });
});
