// Known answers for the power of the Welch test (src/statistics/welch-power.ts). The detection
// rate of the printed detectable difference through the verdict itself is simulated in
// test/compare/simulation.slow.test.ts.
import { describe, expect, it } from 'vitest';
import { normalQuantile } from '../../src/statistics/normal.js';
import { welchDetectableDifference, welchPower } from '../../src/statistics/welch-power.js';

describe('welchPower', () => {
  it('is the test’s size at no difference: about α, never above it by more than the integration error', () => {
    // With equal n and equal variances Welch's test is conservative (its df is at most 2n − 2): 2.5 % at 2 a side.
    for (const n of [2, 3, 5, 10]) {
      const size = welchPower(0, n);
      expect(size, `n = ${n}`).toBeGreaterThan(0.02);
      expect(size, `n = ${n}`).toBeLessThan(0.052);
    }
  });

  it('reaches the normal-approximation rule for many processes', () => {
    // n = 200: df ≈ 398, so the rule (z₀.₉₇₅ + z₀.₈)·s·√(2/n) on the log scale holds to < 1 %.
    const z = normalQuantile(0.975) + normalQuantile(0.8);
    const expected = Math.expm1(z * 0.03 * Math.sqrt(2 / 200));
    expect(welchDetectableDifference(0.03, 200) / expected).toBeGreaterThan(0.99);
    expect(welchDetectableDifference(0.03, 200) / expected).toBeLessThan(1.01);
  });

  it('asks more of few processes than the 2n − 2 df rule, which overstated power at 2–5 per side', () => {
    // The 2n − 2 df rule's difference had power 0.40 / 0.65 / 0.75 at 2 / 3 / 5 per side under this test.
    for (const [n, rule] of [
      [2, 0.1609],
      [3, 0.0911],
      [5, 0.0606],
    ] as const) {
      const lambda = Math.log1p(rule) / (0.03 * Math.sqrt(2 / n));
      expect(welchPower(lambda, n), `n = ${n}`).toBeLessThan(0.77);
      expect(welchDetectableDifference(0.03, n), `n = ${n}`).toBeGreaterThan(rule);
    }
  });

  it('grows with the power asked and the CV, is NaN below 2 processes and refuses a bad CV', () => {
    expect(welchDetectableDifference(0.03, 5, 0.05, 0.9)).toBeGreaterThan(welchDetectableDifference(0.03, 5));
    expect(welchDetectableDifference(0.06, 5)).toBeGreaterThan(welchDetectableDifference(0.03, 5));
    expect(welchDetectableDifference(0, 5)).toBe(0);
    expect(welchDetectableDifference(0.03, 1)).toBeNaN();
    expect(() => welchDetectableDifference(Number.NaN, 5)).toThrow(RangeError);
  });
});
