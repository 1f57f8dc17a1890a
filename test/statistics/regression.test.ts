import { describe, expect, it } from 'vitest';
import { ols, olsThroughOrigin } from '../../src/statistics/regression.js';

// Source: NIST StRD Linear Regression, "Norris" (lower difficulty), certified values,
// https://www.itl.nist.gov/div898/strd/lls/data/Norris.shtml
const norrisX = [
  0.2, 337.4, 118.2, 884.6, 10.1, 226.5, 666.3, 996.3, 448.6, 777.0, 558.2, 0.4, 0.6, 775.5, 666.9, 338.0, 447.5, 11.6,
  556.0, 228.1, 995.8, 887.6, 120.2, 0.3, 0.3, 556.8, 339.1, 887.2, 999.0, 779.0, 11.1, 118.3, 229.2, 669.1, 448.9, 0.5,
];
const norrisY = [
  0.1, 338.8, 118.1, 888.0, 9.2, 228.1, 668.5, 998.5, 449.1, 778.9, 559.2, 0.3, 0.1, 778.1, 668.8, 339.3, 448.9, 10.8,
  557.7, 228.3, 998.0, 888.8, 119.6, 0.3, 0.6, 557.6, 339.3, 888.0, 998.5, 778.9, 10.2, 117.6, 228.9, 668.4, 449.2, 0.2,
];

describe('ols', () => {
  it('reproduces NIST StRD Norris certified values', () => {
    const f = ols(norrisX, norrisY);
    expect(f.n).toBe(36);
    expect(f.intercept).toBeCloseTo(-0.262323073774029, 10);
    expect(f.slope).toBeCloseTo(1.00211681802045, 12);
    expect(f.interceptStdErr).toBeCloseTo(0.232818234301152, 10);
    expect(f.slopeStdErr).toBeCloseTo(0.429796848199937e-3, 12);
    expect(f.residualStdDev).toBeCloseTo(0.884796396144373, 10);
    expect(f.r2).toBeCloseTo(0.999993745883712, 12);
  });

  it('R² is 1 - SSres/SStot (hand-worked; criterion.rs bug P28 not copied)', () => {
    // x = 1..5, y = 2,4,5,4,5: slope 0.6, intercept 2.2; SStot = 6, SSres = 2.4 → R² = 0.6.
    const f = ols([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]);
    expect(f.slope).toBeCloseTo(0.6, 12);
    expect(f.intercept).toBeCloseTo(2.2, 12);
    expect(f.r2).toBeCloseTo(0.6, 12);
  });

  it('handles a constant y and rejects a degenerate x (P27)', () => {
    const f = ols([1, 2, 3], [5, 5, 5]);
    expect(f.slope).toBe(0);
    expect(f.r2).toBe(1);
    expect(() => ols([2, 2, 2], [1, 2, 3])).toThrow(RangeError);
    expect(() => ols([1, 2], [1])).toThrow(RangeError);
    expect(Number.isNaN(ols([1, 2], [3, 5]).slopeStdErr)).toBe(true);
  });
});

describe('olsThroughOrigin', () => {
  it('reproduces NIST StRD NoInt1 and NoInt2 certified values', () => {
    // NoInt1: x = 60..70, y = 130..140; B1 = 2.07438016528926, sd 0.165289256198347E-01,
    // residual sd 3.56753034006338, R² (uncentred) 0.999365492298663.
    const x1 = Array.from({ length: 11 }, (_, i) => 60 + i);
    const f1 = olsThroughOrigin(
      x1,
      x1.map((v) => v + 70),
    );
    expect(f1.slope).toBeCloseTo(2.07438016528926, 12);
    expect(f1.slopeStdErr).toBeCloseTo(0.0165289256198347, 12);
    expect(f1.residualStdDev).toBeCloseTo(3.56753034006338, 10);
    expect(f1.r2).toBeCloseTo(0.999365492298663, 12);
    // NoInt2: x = 4,5,6, y = 3,4,4; B1 = 0.727272727272727, sd 0.420827318078432E-01,
    // residual sd 0.369274472937998, R² 0.993348115299335.
    const f2 = olsThroughOrigin([4, 5, 6], [3, 4, 4]);
    expect(f2.slope).toBeCloseTo(0.727272727272727, 12);
    expect(f2.slopeStdErr).toBeCloseTo(0.0420827318078432, 12);
    expect(f2.residualStdDev).toBeCloseTo(0.369274472937998, 12);
    expect(f2.r2).toBeCloseTo(0.993348115299335, 12);
  });
});
