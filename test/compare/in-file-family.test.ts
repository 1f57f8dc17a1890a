// A run's comparisons with its `.baseline()`s are printed together, so they are held to a
// family-wise level by Holm, as `compare` holds its rows (src/compare/documents.ts
// relativeToBaseline). Seeded simulation: a group of a baseline and K alternatives that are the
// same kernel, 3 processes each, 5 % process noise. At each row's own level some row reads
// faster or slower in 57 of 400 runs with K = 6 and 95 of 400 with K = 10 (measured before the
// adjustment); held by Holm, in 7 of 400 for each (bound: 5 % + 2 binomial sd). The seeds are fixed, so the counts
// cannot vary between runs.
import { describe, expect, it } from 'vitest';
import { relativeToBaseline } from '../../src/compare/documents.js';
import { comparisonReason } from '../../src/report/details.js';
import { comparisonFindings } from '../../src/analysis/findings.js';
import { findingText } from '../../src/report/findings.js';
import { trials } from '../helpers/trials.js';
import {
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

const S = { threshold: 0.01, confidence: 0.95, seed: 1 };
const RUNS = 400;

const group = (run: number, k: number, costs: (i: number) => number = () => 10) =>
  doc(
    Array.from({ length: k + 1 }, (_, i) =>
      bench(`b${i}`, forks(run * 100 + i + 1, 3, { cost: costs(i), between: 0.05, within: 0.005, batches: 4 }), {
        group: 'g',
        baseline: i === 0,
      }),
    ),
  );
const called = (rows: ReturnType<typeof relativeToBaseline>) =>
  rows.some((r) => r.comparison.verdict === 'faster' || r.comparison.verdict === 'slower');

describe("a run's .baseline() comparisons, held to a family-wise level (seeded simulation)", () => {
  for (const k of [6, 10]) {
    it(`${k} alternatives that are the baseline's kernel: a faster/slower row in at most 5 % of runs`, async () => {
      let held = 0;
      let own = 0;
      await trials(RUNS, (r) => {
        const d = group(r, k);
        if (called(relativeToBaseline(d, S))) held++;
        if (called(relativeToBaseline(d, { ...S, perRow: true }))) own++;
      });
      console.log(`${k} identical alternatives: faster/slower in ${held}/${RUNS} runs (each on its own: ${own})`);
      const sd = Math.sqrt((0.05 * 0.95) / RUNS);
      expect(held / RUNS).toBeLessThanOrEqual(0.05 + 2 * sd);
      // Each at its own level: well above it (the reason for the adjustment).
      expect(own / RUNS).toBeGreaterThan(0.1);
    });
  }

  it('a 2× alternative is still slower; a row significant only on its own says why it cannot tell', () => {
    const rows = relativeToBaseline(
      group(7, 6, (i) => (i === 1 ? 20 : 10)),
      S,
    );
    expect(rows[0]!.comparison.verdict).toBe('slower');
    // Find a seed where some identical alternative is significant on its own but not after Holm.
    let found: ReturnType<typeof relativeToBaseline>[number] | undefined;
    for (let r = 0; r < RUNS && !found; r++)
      found = relativeToBaseline(group(r, 6), S).find((x) => x.comparison.because?.code === 'not-after-adjustment');
    expect(found).toBeDefined();
    expect(found!.comparison.verdict).toBe('cannot-tell');
    // The run's default output says it in one line (a finding): "cannot tell" beside an interval
    // that excludes 1 would otherwise stand unexplained.
    const c = found!.comparison;
    const own = c.because!.code === 'not-after-adjustment' ? c.because!.values.verdict : '';
    const held = bench('b', [], {
      group: 'g',
      relative: { baseline: found!.baseline, verdict: c.verdict, ratio: c.ratio, pValue: c.pValue, because: c.because },
    });
    const [finding] = comparisonFindings(held);
    expect(findingText(finding!)).toBe(
      `${own} than g/b0 on its own, not among the run's 6 comparisons with a baseline (Holm): cannot tell`,
    );
    expect(comparisonReason(found!.comparison)).toMatch(
      /^(faster|slower) on its own \(p = 0\.\d+\), but not among the run's 6 comparisons with a \.baseline\(\) \(Holm, family-wise 5 %\)$/,
    );
  });
});
