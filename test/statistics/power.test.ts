import { describe, expect, it } from 'vitest';
import {
  minimumDetectableDifference,
  requiredSampleSize,
  requiredSampleSizeNormal,
} from '../../src/statistics/power.js';

describe('sample size', () => {
  it("Triola's IQ example: σ = 15, E = 3, 95 % → n = 97", () => {
    // Source: Triola, "Elementary Statistics", §7-3 (determining sample size to estimate a mean):
    // n = (1.96·15/3)² = 96.04 → 97. As relative numbers: CV 0.15, half-width 0.03 (mean 100).
    expect(requiredSampleSizeNormal(0.15, 0.03, 0.95)).toBe(97);
    expect(requiredSampleSize(0.15, 0.03, 0.95)).toBeGreaterThanOrEqual(97);
    expect(requiredSampleSize(0.15, 0.03, 0.95)).toBeLessThanOrEqual(100);
  });

  it("reduces to the seeds' rule N = ⌈(100σ/m)²⌉ at z = 1 (68.27 %) and 1 %", () => {
    // CV 5 % → (100·0.05)² = 25.
    expect(requiredSampleSizeNormal(0.05, 0.01, 0.6826894921)).toBe(25);
  });

  it('the t correction makes small samples honest', () => {
    // CV 1 %, target 1 %, 95 %: z rule gives ⌈3.84⌉ = 4, but t_{0.975,3}/2 = 1.59 > 1;
    // N = 7: t_{0.975,6} = 2.447 (t-table), 2.447/√7 = 0.925 ≤ 1, and N = 6: 2.571/√6 = 1.05 > 1.
    expect(requiredSampleSizeNormal(0.01, 0.01)).toBe(4);
    expect(requiredSampleSize(0.01, 0.01)).toBe(7);
  });
});

describe('minimum detectable difference', () => {
  it("inverts Lehr's rule n = 16σ²/Δ² (van Belle, Statistical Rules of Thumb, rule 2.3)", () => {
    // n = 16 per group, CV 1 → δ = (1.959964 + 0.841621)·√(2/16) = 0.990510.
    expect(minimumDetectableDifference(1, 16)).toBeCloseTo(0.99051, 5);
    // CV 2 %, 10 per group → 2.801585·0.02·√0.2 = 0.025058.
    expect(minimumDetectableDifference(0.02, 10)).toBeCloseTo(0.025058, 5);
  });
});
