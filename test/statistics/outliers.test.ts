import { describe, expect, it } from 'vitest';
import { grubbs, grubbsCritical, tukeyFences } from '../../src/statistics/outliers.js';

describe('tukeyFences', () => {
  it('classifies mild and severe outliers (hand-worked) and never drops values', () => {
    // 1..10 plus 17 and 30 (n = 12). Type-7 quartiles: Q1 at index 2.75 → 3.75, Q3 at 8.25 → 9.25,
    // IQR 5.5; mild fences [-4.5, 17.5], severe fences [-12.75, 25.75].
    // 17 is inside the mild fence; 30 is beyond the severe fence.
    const v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 17, 30];
    const f = tukeyFences(v);
    expect(f.q1).toBeCloseTo(3.75, 12);
    expect(f.q3).toBeCloseTo(9.25, 12);
    expect(f.highMild).toBeCloseTo(17.5, 12);
    expect(f.highSevere).toBeCloseTo(25.75, 12);
    expect(f.mild).toEqual([]);
    expect(f.severe).toEqual([11]);
    const g = tukeyFences([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18, -5]);
    // Q1 at 2.75 of sorted (-5,1,2,...,10,18) → 2.75, Q3 → 8.25, IQR 5.5: mild [-5.5, 16.5], severe [-13.75, 24.75]
    expect(g.mild).toEqual([10]);
    expect(g.severe).toEqual([]);
    expect(g.highCount).toBe(1);
    expect(v.length).toBe(12);
  });
});

describe('grubbs', () => {
  it('NIST/SEMATECH e-Handbook §1.3.5.17.1 example: G = 2.4687, outlier at α = 0.05', () => {
    const data = [199.31, 199.53, 200.19, 200.82, 201.92, 201.95, 202.18, 245.57];
    const r = grubbs(data, 0.05);
    // The handbook prints G truncated to 4 decimals.
    expect(Math.abs(r.g - 2.4687)).toBeLessThan(1e-4);
    expect(r.index).toBe(7);
    expect(r.value).toBe(245.57);
    expect(r.outlier).toBe(true);
  });

  it('critical values match a published two-sided table at α = 0.05', () => {
    // Source: Harvey, "Analytical Chemistry 2.1", Appendix 7 "Critical Values for Grubb's Test"
    // (LibreTexts): n = 8 → 2.126, n = 10 → 2.290, n = 15 → 2.549; α = 0.01, n = 10 → 2.482.
    // The table prints 3 decimals (truncated), so allow 1e-3.
    const table: [number, number, number][] = [
      [8, 0.05, 2.126],
      [10, 0.05, 2.29],
      [15, 0.05, 2.549],
      [10, 0.01, 2.482],
    ];
    for (const [n, alpha, g] of table) expect(Math.abs(grubbsCritical(n, alpha) - g)).toBeLessThan(1e-3);
  });

  it('finds no outlier in an evenly spread sample', () => {
    expect(grubbs([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).outlier).toBe(false);
    expect(() => grubbs([1, 2])).toThrow(RangeError);
  });
});
