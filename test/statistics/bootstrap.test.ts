import { describe, expect, it } from 'vitest';
import { mean } from 'simple-statistics';
import { bootstrapCi, bootstrapRatio, hierarchicalBootstrap } from '../../src/statistics/bootstrap.js';
import { createRng } from '../../src/statistics/rng.js';
import { meanCi } from '../../src/statistics/tdist.js';
import { normalQuantile } from '../../src/statistics/normal.js';

const meanOf = (xs: number[]): number => mean(xs);
const pooledMean = (groups: number[][]): number => mean(groups.flat());

function normalSample(seed: number, n: number, mu: number, sigma: number): number[] {
  const r = createRng(seed);
  return Array.from({ length: n }, () => mu + sigma * normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, r.next()))));
}

describe('bootstrapCi', () => {
  it('is reproducible with a seed', () => {
    const x = normalSample(1, 40, 100, 5);
    const a = bootstrapCi(x, meanOf, { resamples: 500, seed: 9 });
    const b = bootstrapCi(x, meanOf, { resamples: 500, seed: 9 });
    expect(a).toEqual(b);
    expect(bootstrapCi(x, meanOf, { resamples: 500, seed: 10 }).ciLow).not.toBe(a.ciLow);
  });

  it('agrees with the t interval for the mean of a normal sample (within 20 %)', () => {
    // For n = 100 the percentile bootstrap of the mean approximates mean ± z·s/√n (Efron & Tibshirani ch. 13).
    const x = normalSample(2, 100, 50, 4);
    const ci = bootstrapCi(x, meanOf, { resamples: 2000, seed: 3 });
    const [lo, hi] = meanCi(x, 0.95);
    expect(ci.point).toBeCloseTo(mean(x), 12);
    expect((ci.ciHigh - ci.ciLow) / (hi - lo)).toBeGreaterThan(0.8);
    expect((ci.ciHigh - ci.ciLow) / (hi - lo)).toBeLessThan(1.2);
    expect(ci.confidence).toBe(0.95);
    expect(ci.method).toMatch(/percentile bootstrap/);
  });

  it('collapses to a point on a constant sample and counts non-finite replicates', () => {
    const ci = bootstrapCi([3, 3, 3, 3], meanOf, { resamples: 50 });
    expect([ci.point, ci.ciLow, ci.ciHigh]).toEqual([3, 3, 3]);
    const bad = bootstrapCi([1, 2], () => NaN, { resamples: 50 });
    expect(bad.rejected).toBe(50);
    expect(Number.isNaN(bad.ciLow)).toBe(true);
  });
});

describe('hierarchicalBootstrap', () => {
  it('captures between-group variation that a flat bootstrap misses', () => {
    // Three processes whose means differ by far more than their within-process noise.
    const groups = [normalSample(4, 30, 100, 0.5), normalSample(5, 30, 110, 0.5), normalSample(6, 30, 90, 0.5)];
    const h = hierarchicalBootstrap(groups, pooledMean, { resamples: 1000, seed: 1 });
    const flat = bootstrapCi(groups.flat(), meanOf, { resamples: 1000, seed: 1 });
    expect(h.point).toBeCloseTo(flat.point, 12);
    expect(h.ciHigh - h.ciLow).toBeGreaterThan(3 * (flat.ciHigh - flat.ciLow));
    expect(h.method).toMatch(/hierarchical.*3 processes/);
  });

  it('with one group it is an ordinary bootstrap over its items', () => {
    const h = hierarchicalBootstrap([normalSample(7, 50, 10, 1)], pooledMean, { resamples: 500, seed: 2 });
    expect(h.method).toMatch(/1 process/);
    expect(h.ciLow).toBeLessThan(h.point);
    expect(h.ciHigh).toBeGreaterThan(h.point);
  });
});

describe('bootstrapRatio', () => {
  it('recovers a 2x ratio with a CI around it', () => {
    const base = [normalSample(8, 40, 100, 1), normalSample(9, 40, 100, 1)];
    const contender = base.map((g) => g.map((v) => 2 * v));
    const r = bootstrapRatio(base, contender, pooledMean, { resamples: 500, seed: 5 });
    expect(r.point).toBeCloseTo(2, 12);
    expect(r.ciLow).toBeLessThan(2);
    expect(r.ciHigh).toBeGreaterThan(2);
    expect(r.ciHigh - r.ciLow).toBeLessThan(0.05);
  });
});
