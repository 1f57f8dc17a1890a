// The compare summary line says how the level was adjusted across comparisons: by default Holm
// over N holds every faster/slower row to a family-wise level; with --per-row none (each row at its
// own level), or Holm over N when a gate (--fail-on) judges the rows, so a reader knows why a row
// called slower can still pass the gate.
import { describe, expect, it } from 'vitest';
import { compareDocuments } from '../../src/compare/documents.js';
import { suiteRegressions } from '../../src/compare/suite-level.js';
import { renderComparison } from '../../src/report/compare-render.js';
import { runCli } from '../helpers/io.js';
import { makeFork } from '../helpers/synthetic-forks.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syntheticBenchmark as bench, syntheticDocument as doc, syntheticForks } from '../helpers/synthetic-results.js';

const S = { threshold: 0.01, confidence: 0.95, seed: 1 };
const side = (seed: number, n: number, slowFirst: number) =>
  doc(
    Array.from({ length: n }, (_, i) =>
      bench(`b${i}`, syntheticForks(seed * 100 + i, 3, { cost: i === 0 ? slowFirst : 10, between: 0.01 })),
    ),
  );

describe('the compare summary line', () => {
  it('says the rows are held to a family-wise level by default, in text, Markdown and JSON', () => {
    const r = compareDocuments(side(1, 4, 10), side(2, 4, 10), S);
    const line = /faster\/slower held to a family-wise 5 % by Holm across 4 comparisons/;
    expect(renderComparison(r, 'text')).toMatch(line);
    expect(renderComparison(r, 'markdown')).toMatch(line);
    expect(JSON.parse(renderComparison(r, 'json')).adjustment).toMatch(line);
  });

  it('says "no multiplicity adjustment" with --per-row and no gate, in text, Markdown and JSON', () => {
    const r = compareDocuments(side(1, 4, 10), side(2, 4, 10), { ...S, perRow: true });
    const line = /each row at its own level, no multiplicity adjustment across 4 comparisons/;
    expect(renderComparison(r, 'text')).toMatch(line);
    expect(renderComparison(r, 'markdown')).toMatch(line);
    expect(JSON.parse(renderComparison(r, 'json')).adjustment).toMatch(line);
    const one = compareDocuments(side(1, 1, 10), side(2, 1, 10), S);
    expect(renderComparison(one, 'text')).toMatch(/1 tested comparison: no multiplicity adjustment/);
  });

  it('names Holm over N with a gate, and how many slower rows it lets pass', () => {
    // Row b0 3.5 % slower, processes at -1 %, 0, +1 % on each side: Welch t ≈ 4.2 with 4 df,
    // p ≈ 0.013: slower at its own 95 %, not after Holm over 40 comparisons (first level 0.05/40).
    const spread = (seed: number, cost: number) =>
      [-0.01, 0, 0.01].map((processShift, index) =>
        makeFork({ costNs: cost, overheadNs: 40, noise: 1e-4, processShift, seed: seed + index, index }),
      );
    const rows = (seed: number, first: number) =>
      doc(Array.from({ length: 40 }, (_, i) => bench(`b${i}`, spread(seed + 10 * i, i === 0 ? first : 10))));
    const r = compareDocuments(rows(1000, 10), rows(5000, 10.35), { ...S, perRow: true });
    const gate = suiteRegressions(r.comparisons, 0.01, 0.05);
    expect(r.comparisons[0].verdict).toBe('slower');
    expect(r.comparisons[0].pValue).toBeGreaterThan(0.05 / 40);
    expect(gate.notAfterAdjustment.length).toBeGreaterThan(0);
    const text = renderComparison(r, 'text', { gate });
    expect(text).toMatch(
      /the gate adjusts by Holm across 40 comparisons \(family-wise 5 %\): \d+ slower row\(s\) do not hold after it and pass/,
    );
    expect(renderComparison(r, 'markdown', { gate })).toMatch(/the gate adjusts by Holm across 40 comparisons/);
    // A gate that fails on what it cannot tell (`,cannot-tell`) fails them: the line says so.
    expect(renderComparison(r, 'text', { gate: { ...gate, unsureFails: true } })).toMatch(
      /: \d+ slower row\(s\) do not hold after it and fail as unsure/,
    );

    // By default the same row says cannot tell, with its own p and the family in the reason.
    const held = compareDocuments(rows(1000, 10), rows(5000, 10.35), S);
    expect(held.comparisons[0].verdict).toBe('cannot-tell');
    expect(held.comparisons[0].because).toMatchObject({
      code: 'not-after-adjustment',
      values: { verdict: 'slower', family: 40, alpha: 0.05 },
    });
    expect(renderComparison(held, 'text')).toMatch(/: 1 row\(s\) significant only on their own say cannot tell/);
    expect(renderComparison(held, 'text', { verbose: true })).toMatch(
      /slower on its own \(p = 0\.0\d+\), but not among the 40 compared benchmarks \(Holm, family-wise 5 %\)/,
    );
  });

  it('the CLI prints it on stdout when --fail-on is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-adjust-'));
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(a, JSON.stringify(side(5, 3, 10)));
    writeFileSync(b, JSON.stringify(side(6, 3, 10)));
    const out = await runCli(['compare', a, b, '--fail-on', 'regression:5%', '--format', 'markdown'], dir);
    expect(out.stdout).toMatch(/held to a family-wise 5 % by Holm across 3 comparisons/);
    const gated = await runCli(
      ['compare', a, b, '--fail-on', 'regression:5%', '--per-row', '--format', 'markdown'],
      dir,
    );
    expect(gated.stdout).toMatch(/the gate adjusts by Holm across 3 comparisons \(family-wise 5 %\)/);
    const plain = await runCli(['compare', a, b, '--per-row', '--format', 'markdown'], dir);
    expect(plain.stdout).toMatch(/no multiplicity adjustment across 3 comparisons/);
  });
});
