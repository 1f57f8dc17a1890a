import { describe, expect, it } from 'vitest';
import { probit } from 'simple-statistics';
import { normalCdf, normalQuantile } from '../../src/statistics/normal.js';
import { meanCi, tCdf, tQuantile } from '../../src/statistics/tdist.js';

describe('normal', () => {
  it('quantiles match Abramowitz & Stegun Table 26.5 / standard z-tables', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.95)).toBeCloseTo(1.644854, 6);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829, 6);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 6);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959964, 6);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it('quantile far in the tail (scipy 1.17.1 norm.ppf(1e-5) = -4.264890793922825)', () => {
    expect(normalQuantile(1e-5)).toBeCloseTo(-4.2648907939, 7);
  });

  it("is why we do not use simple-statistics' probit: it is off by > 1e-3 at 0.975", () => {
    expect(Math.abs(probit(0.975) - 1.959964)).toBeGreaterThan(1e-3);
  });

  it('CDF matches A&S Table 26.1: Φ(1.96) = 0.9750021, Φ(-3) = 0.0013499', () => {
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021, 6);
    expect(normalCdf(-3)).toBeCloseTo(0.0013499, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
  });
});

describe('Student t', () => {
  it('quantiles match a standard t-table (e.g. Montgomery & Runger, Appendix Table V)', () => {
    // Table values are printed to 3 decimals.
    const table: [number, number, number][] = [
      [0.975, 1, 12.706],
      [0.975, 2, 4.303],
      [0.975, 5, 2.571],
      [0.975, 10, 2.228],
      [0.975, 30, 2.042],
      [0.95, 5, 2.015],
      [0.995, 30, 2.75],
      [0.9995, 1, 636.619],
    ];
    for (const [p, df, t] of table) expect(Math.abs(tQuantile(p, df) - t)).toBeLessThan(6e-4);
  });

  it('matches scipy 1.17.1 (stats.t) to 10 digits, including non-integer df', () => {
    // python3 -c "from scipy import stats; print(stats.t.ppf(.975,10), stats.t.ppf(.975,2.5), stats.t.cdf(2,5))"
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.228138851986274, 10);
    expect(tQuantile(0.975, 2.5)).toBeCloseTo(3.5746548420036817, 10);
    expect(tCdf(2, 5)).toBeCloseTo(0.9490302605850708, 10);
  });

  it('is symmetric and consistent with its CDF', () => {
    expect(tQuantile(0.025, 7)).toBeCloseTo(-tQuantile(0.975, 7), 12);
    for (const df of [1, 3, 9.5, 100]) {
      for (const p of [0.01, 0.3, 0.9, 0.999]) expect(tCdf(tQuantile(p, df), df)).toBeCloseTo(p, 10);
    }
    expect(tQuantile(0.975, Infinity)).toBeCloseTo(1.959964, 6);
  });

  it('meanCi: hand-worked 95 % CI for 2,4,4,4,5,5,7,9', () => {
    // mean 5, s = √(32/7), se = √(4/7) = 0.7559289; t-table t_{0.975,7} = 2.365 (2.364624 to 6 digits)
    // → 5 ± 2.364624·0.7559289 = 5 ± 1.787488 = [3.212512, 6.787488].
    const [lo, hi] = meanCi([2, 4, 4, 4, 5, 5, 7, 9], 0.95);
    expect(lo).toBeCloseTo(3.212512, 5);
    expect(hi).toBeCloseTo(6.787488, 5);
  });

  it('meanCi is undefined (NaN) with one value and rejects a bad confidence', () => {
    expect(meanCi([1])).toEqual([NaN, NaN]);
    expect(() => meanCi([1, 2], 1)).toThrow(RangeError);
  });
});
