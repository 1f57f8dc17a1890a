import { describe, expect, it } from 'vitest';
import { comparisonReason } from '../../src/report/details.js';
import { compareForks } from '../../src/analysis/compare.js';
import { makeForks } from '../helpers/synthetic-forks.js';

const FAST = { resamples: 200 };
const side = (seed: number, cost: number) =>
  makeForks(3, { costNs: cost, overheadNs: 300, noise: 0.02, between: 0.01, seed, k: 10 });

describe('compareForks', () => {
  it('calls a 5 % slowdown "slower" and a 5 % speed-up "faster", with the ratio CI', () => {
    const slower = compareForks(side(1, 100), side(2, 105), FAST);
    expect(slower.verdict).toBe('slower');
    expect(slower.ratio.point).toBeGreaterThan(1.02);
    expect(slower.ratio.ciLow).toBeGreaterThan(1);
    expect(compareForks(side(3, 100), side(4, 95), FAST).verdict).toBe('faster');
  });

  it('reports a significant difference below the noise threshold as no-difference "within noise"', () => {
    // Nearly noiseless processes 0.5 % apart: the CI excludes 1 but 0.5 % < 1 %.
    const b = makeForks(3, { costNs: 100, overheadNs: 10, noise: 0.0002, seed: 5 });
    const c = makeForks(3, { costNs: 100.5, overheadNs: 10, noise: 0.0002, seed: 6 });
    const r = compareForks(b, c, FAST);
    expect(r.ratio.ciLow).toBeGreaterThan(1);
    expect(r.verdict).toBe('no-difference');
    expect(comparisonReason(r)).toMatch(/within noise/);
    expect(compareForks(b, c, { ...FAST, noiseThreshold: 0.001 }).verdict).toBe('slower');
  });

  it('is incomparable when checksums differ or the environment check says so', () => {
    expect(compareForks(side(7, 100), side(8, 50), { ...FAST, checksumsDiffer: true }).verdict).toBe('incomparable');
    const r = compareForks(side(7, 100), side(8, 100), { ...FAST, incomparableReason: 'CPU governor differs' });
    expect(r.verdict).toBe('incomparable');
    expect(comparisonReason(r)).toBe('CPU governor differs');
  });

  it('A/A false-positive rate on identical distributions is close to α (seeded, 100 trials)', () => {
    // Measured: 1 of 100 called different with the Welch t-interval (8 with the percentile bootstrap).
    let wrong = 0;
    for (let s = 1; s <= 100; s++) {
      const r = compareForks(side(s, 100), side(10_000 + s, 100), { ...FAST, seed: s });
      if (r.verdict === 'faster' || r.verdict === 'slower') wrong++;
    }
    expect(wrong / 100).toBeLessThanOrEqual(0.15);
  });

  it('detects a 5 % shift in at least 90 % of seeded trials and reports a detectable difference', () => {
    let found = 0;
    let mdd = 0;
    for (let s = 1; s <= 40; s++) {
      const r = compareForks(side(s, 100), side(20_000 + s, 105), { ...FAST, seed: s });
      if (r.verdict === 'slower') found++;
      mdd = r.minimumDetectable ?? NaN;
    }
    expect(found / 40).toBeGreaterThanOrEqual(0.9);
    expect(mdd).toBeGreaterThan(0);
    expect(mdd).toBeLessThan(0.1);
  });
});
