// Suite-level error control of the compare gate (src/compare/suite-level.ts): Holm's procedure,
// and a seeded simulation of 50 identical benchmarks, 3 processes a side, 3 % process noise, gated
// with --fail-on regression:1%. Each benchmark alone is called slower about 2.5 % of the time, so
// without the adjustment 1 - 0.975^50 ≈ 70 % of runs of unchanged code fail; with it at most α = 5 %.
// Tolerance: 2 binomial sd at the run count (the seed is fixed, so the count cannot vary).
import { describe, expect, it } from 'vitest';
import { trials } from '../helpers/trials.js';
import { compareDocuments } from '../../src/compare/documents.js';
import { suiteRegressions } from '../../src/compare/suite-level.js';
import { holmRejects } from '../../src/statistics/holm.js';
import { decideGate, regressions } from '../../src/compare/gate.js';
import {
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

describe("Holm's step-down procedure", () => {
  it('rejects the i-th smallest p while p ≤ α / (m − i), and stops at the first that is not', () => {
    // α = 0.05, m = 4: levels 0.0125, 0.0167, 0.025, 0.05.
    expect(holmRejects([0.01, 0.04, 0.015, 0.03], 0.05)).toEqual([true, false, true, false]);
    expect(holmRejects([0.01, 0.011, 0.012, 0.013], 0.05)).toEqual([true, true, true, true]);
    expect(holmRejects([0.03, 0.001, NaN], 0.05)).toEqual([false, true, false]);
    expect(holmRejects([], 0.05)).toEqual([]);
  });
});

describe('50 identical benchmarks through the compare gate (seeded simulation)', () => {
  const RUNS = 60;
  const BENCHMARKS = 50;
  const side = (seed: number) =>
    doc(
      Array.from({ length: BENCHMARKS }, (_, i) =>
        bench(`b${i}`, forks(seed * 1000 + i, 3, { cost: 10, between: 0.03, within: 0.005, batches: 4 })),
      ),
    );

  it('fail in at most 5 % of runs after Holm (and in most runs without it)', async () => {
    let failed = 0;
    let unadjusted = 0;
    let family = 0;
    await trials(RUNS, (r) => {
      const result = compareDocuments(side(2 * r + 1), side(2 * r + 2), {
        threshold: 0.01,
        confidence: 0.95,
        seed: 1,
        perRow: true,
      });
      if (
        decideGate(result, { threshold: 0.01, confidence: 0.95, failOnCannotTell: false, allowEnvChange: false }).failed
      )
        failed++;
      if (regressions(result.comparisons, 0.01).length > 0) unadjusted++;
      family = suiteRegressions(result.comparisons, 0.01, 0.05).family;
    });
    expect(family).toBe(BENCHMARKS);
    const sd = Math.sqrt((0.05 * 0.95) / RUNS);
    expect(failed / RUNS).toBeLessThanOrEqual(0.05 + 2 * sd);
    expect(unadjusted / RUNS).toBeGreaterThan(0.4);
    console.log(
      `compare gate, 50 identical benchmarks: ${failed}/${RUNS} runs fail (unadjusted: ${unadjusted}/${RUNS})`,
    );
  });
});

describe('four unchanged benchmarks compared (seeded simulation): the printed verdicts', () => {
  // Two runs of one unchanged file of four benchmarks, 3 processes a side, 5 % process noise. At
  // each row's own level a faster/slower row appears in about 1 - 0.95^4 ≈ 18.5 % of runs (less
  // the rows within the ±1 % threshold); held to a family-wise level by default, in at most 5 %.
  const RUNS = 400;
  const side = (seed: number) =>
    doc(
      Array.from({ length: 4 }, (_, i) =>
        bench(`b${i}`, forks(seed * 10 + i, 3, { cost: 10, between: 0.05, within: 0.005, batches: 4 })),
      ),
    );
  const S = { threshold: 0.01, confidence: 0.95, seed: 1 };
  const called = (r: ReturnType<typeof compareDocuments>) =>
    r.comparisons.some((c) => c.verdict === 'faster' || c.verdict === 'slower');

  it('a faster/slower row in at most 5 % of runs by default, and in over 10 % with --per-row', async () => {
    let held = 0;
    let perRow = 0;
    await trials(RUNS, (r) => {
      const [a, b] = [side(2 * r + 7001), side(2 * r + 7002)];
      if (called(compareDocuments(a, b, S))) held++;
      if (called(compareDocuments(a, b, { ...S, perRow: true }))) perRow++;
    });
    const sd = Math.sqrt((0.05 * 0.95) / RUNS);
    expect(held / RUNS).toBeLessThanOrEqual(0.05 + 2 * sd);
    expect(perRow / RUNS).toBeGreaterThan(0.1);
    console.log(
      `compare, 4 unchanged benchmarks: a faster/slower row in ${held}/${RUNS} runs (per row: ${perRow}/${RUNS})`,
    );
  });
});
