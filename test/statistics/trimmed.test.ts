// Yuen's trimmed mean: values from Wilcox's definition worked by hand, and the property it is
// used for (one wild value on each side moves neither the estimate nor its standard error).
import { describe, expect, it } from 'vitest';
import { trimmedMean } from '../../src/statistics/trimmed.js';

describe('trimmedMean (Yuen)', () => {
  it('10 values, 20 %: drops 2 at each end, winsorized spread, h - 1 degrees of freedom', () => {
    // sorted 1..10: kept 3..8 (mean 5.5); winsorized 3,3,3,4,5,6,7,8,8,8: mean 5.5, s_w^2 = 42.5 / 9.
    const r = trimmedMean([10, 1, 9, 2, 8, 3, 7, 4, 6, 5]);
    expect(r.mean).toBeCloseTo(5.5, 12);
    expect(r.trimmed).toBe(2);
    expect(r.df).toBe(5);
    expect(r.se).toBeCloseTo(Math.sqrt((9 * (42.5 / 9)) / (6 * 5)), 12);
  });

  it('below 5 values nothing is trimmed: the plain mean and its standard error', () => {
    const r = trimmedMean([1, 2, 4, 9]);
    expect(r.trimmed).toBe(0);
    expect(r.mean).toBe(4);
    const sd = Math.sqrt([1, 2, 4, 9].reduce((s, v) => s + (v - 4) ** 2, 0) / 3);
    expect(r.se).toBeCloseTo(sd / 2, 12);
  });

  it('a wild value at each end changes neither the estimate nor the standard error', () => {
    const base = [0.02, 0.03, 0.025, 0.035, 0.028, 0.031, 0.027, 0.033];
    const wild = [...base.slice(0, 6), 0.5, -0.45];
    // The same ranks as the wild values, just beyond the kept ones: the winsorized sample is the same.
    const a = trimmedMean([...base.slice(0, 6), 0.036, 0.019]);
    const b = trimmedMean(wild);
    expect(b.mean).toBeCloseTo(a.mean, 12);
    expect(b.se).toBeCloseTo(a.se, 12);
  });
});
