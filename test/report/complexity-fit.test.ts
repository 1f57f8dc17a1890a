// Known answers for the complexity fit (src/statistics/complexity.ts). Exact synthetic data for
// each model must choose that model with its coefficient; the small case's relative RMS was
// computed by hand below.
import { describe, expect, it } from 'vitest';
import { COMPLEXITY_MODELS, fitComplexity, fitModel } from '../../src/statistics/complexity.js';

const NS = [100, 1000, 10000, 100000];
const NS_SMALL = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

describe('fitComplexity', () => {
  for (const { model, f } of COMPLEXITY_MODELS) {
    for (const ns of [NS, NS_SMALL]) {
      it(`exact ${model} data over n=${ns[0]}…${ns[ns.length - 1]} chooses ${model}`, () => {
        const t = ns.map((n) => 3.5 * f(n));
        const fit = fitComplexity(ns, t);
        expect(fit.best.model).toBe(model);
        expect(fit.best.coefficient).toBeCloseTo(3.5, 9);
        expect(fit.best.relativeRms).toBeLessThan(1e-12);
      });
    }
  }

  it('O(n) with 1% multiplicative noise still chooses O(n)', () => {
    const noise = [1.01, 0.99, 1.005, 0.995];
    const fit = fitComplexity(
      NS,
      NS.map((n, i) => 0.92 * n * noise[i]),
    );
    expect(fit.best.model).toBe('O(n)');
    expect(fit.best.relativeRms).toBeLessThan(0.02);
  });

  it('hand-computed coefficient and relative RMS for O(n) on n = 1, 2; t = 1, 3', () => {
    // a = Σ t·n / Σ n² = (1 + 6) / (1 + 4) = 1.4; residuals -0.4, 0.2;
    // RMS = √((0.16 + 0.04) / 2) = √0.1; mean t = 2 → relative RMS = √0.1 / 2.
    const m = fitModel([1, 2], [1, 3], 'O(n)');
    expect(m.coefficient).toBeCloseTo(1.4, 12);
    expect(m.relativeRms).toBeCloseTo(Math.sqrt(0.1) / 2, 12);
  });

  it('rejects fewer than 2 distinct n, n < 1 and length mismatch', () => {
    expect(() => fitComplexity([5, 5], [1, 2])).toThrow(/2 distinct/);
    expect(() => fitComplexity([0, 5], [1, 2])).toThrow(/>= 1/);
    expect(() => fitComplexity([1, 2], [1])).toThrow(/length/);
  });
});
