// The paired gate over a suite (--fail-on-regression): each benchmark's sequential design at
// alpha / N (Bonferroni; src/paired/analysis.ts suiteSettings). Seeded simulation: 50 unchanged
// benchmarks at pair noise sd 3 %: the gate fails in at most 5 % of runs (2 binomial sd at the
// run count), where the unadjusted design fails in most runs.
import { describe, expect, it } from 'vitest';
import { trials } from '../helpers/trials.js';
import {
  analysePairs,
  DEFAULT_LOOKS,
  needsMorePairs,
  suiteSettings,
  type PairedSettings,
} from '../../src/paired/analysis.js';
import { sequentialRule } from '../../src/paired/render.js';
import { normalQuantile } from '../../src/statistics/normal.js';
import { createRng, type Rng } from '../../src/statistics/rng.js';

const S: PairedSettings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
const normal = (rng: Rng) => normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, rng.next())));

function verdict(rng: Rng, s: PairedSettings, draw: () => number): string {
  const logs: number[] = [];
  while (needsMorePairs(logs, logs.length, s)) logs.push(draw());
  return analysePairs(logs, s).verdict;
}

describe('paired gate over 50 benchmarks', () => {
  it('divides alpha among the benchmarks and says so under the table', () => {
    const s = suiteSettings(S, 50);
    expect(s.alpha).toBeCloseTo(0.001, 12);
    expect(s.family).toBe(50);
    expect(suiteSettings(s, 50)).toBe(s);
    expect(suiteSettings(S, 1)).toBe(S);
    expect(sequentialRule(s)).toMatch(
      /alpha 0\.001 per benchmark \(Bonferroni over 50 benchmarks: 0\.05 for the whole gate\)/,
    );
    expect(sequentialRule(S)).toMatch(/alpha 0\.05 overall/);
  });

  it('A/A at pair sd 3 %: a run of 50 fails the gate in at most 5 % of runs (most without the adjustment)', async () => {
    const RUNS = 100;
    const rng = createRng(2901);
    const adjusted = suiteSettings(S, 50);
    let failed = 0;
    let unadjusted = 0;
    await trials(RUNS, () => {
      let any = false;
      let anyRaw = false;
      for (let b = 0; b < 50; b++) {
        if (verdict(rng, adjusted, () => 0.03 * normal(rng)) === 'slower') any = true;
        if (verdict(rng, S, () => 0.03 * normal(rng)) === 'slower') anyRaw = true;
      }
      if (any) failed++;
      if (anyRaw) unadjusted++;
    });
    console.log(
      `paired gate, 50 A/A benchmarks at sd 3 %: ${failed}/${RUNS} runs fail (unadjusted: ${unadjusted}/${RUNS})`,
    );
    expect(failed / RUNS).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / RUNS));
    expect(unadjusted / RUNS).toBeGreaterThan(0.3);
  });
});
