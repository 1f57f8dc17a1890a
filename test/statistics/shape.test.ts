import { describe, expect, it } from 'vitest';
import { bimodalityCoefficient, checkShape, isMultimodal } from '../../src/statistics/shape.js';
import { createRng } from '../../src/statistics/rng.js';
import { normalQuantile } from '../../src/statistics/normal.js';

function draw(seed: number, n: number, f: (u: () => number, i: number) => number): number[] {
  const r = createRng(seed);
  const u = (): number => Math.min(1 - 1e-12, Math.max(1e-12, r.next()));
  return Array.from({ length: n }, (_, i) => f(u, i));
}

describe('bimodalityCoefficient', () => {
  it('hand-worked: ten 1s and ten 5s give 306/399', () => {
    // n = 20, mean 3, all |d| = 2: Σd² = 80, Σd⁴ = 320, G1 = 0;
    // G2 = 19/(18·17)·(20·21·320/80² - 3·19) = 19/306·(21 - 57) = -684/306;
    // 3(n-1)²/((n-2)(n-3)) = 1083/306 → BC = 1/(399/306) = 306/399 = 0.766917.
    const x = [...Array<number>(10).fill(1), ...Array<number>(10).fill(5)];
    expect(bimodalityCoefficient(x)).toBeCloseTo(306 / 399, 12);
  });

  it('uniform sample is near the 5/9 reference value (Pfister et al. 2013)', () => {
    expect(Math.abs(bimodalityCoefficient(draw(1, 2000, (u) => u())) - 5 / 9)).toBeLessThan(0.03);
  });
});

describe('isMultimodal (seeded simulation, 40 seeds each)', () => {
  const rate = (f: (u: () => number, i: number) => number): number => {
    let hits = 0;
    for (let s = 1; s <= 40; s++) if (isMultimodal(draw(s, 100, f))) hits++;
    return hits / 40;
  };

  it('rarely fires on unimodal samples, including skewed timing-like ones', () => {
    expect(rate((u) => 100 + normalQuantile(u()))).toBeLessThanOrEqual(0.05);
    expect(rate((u) => -Math.log(u()))).toBeLessThanOrEqual(0.05);
    expect(rate((u) => Math.exp(normalQuantile(u())))).toBeLessThanOrEqual(0.05);
  });

  it('finds two well separated modes', () => {
    expect(rate((u, i) => (i % 3 === 0 ? 130 : 100) * (1 + 0.03 * normalQuantile(u())))).toBeGreaterThanOrEqual(0.95);
    expect(rate((u, i) => 100 + (i % 10 === 0 ? 6 : 0) + normalQuantile(u()))).toBeGreaterThanOrEqual(0.9);
  });

  it('claims nothing on tiny or constant samples', () => {
    expect(checkShape([1, 2, 3]).multimodal).toBe(false);
    expect(checkShape(Array<number>(20).fill(4)).multimodal).toBe(false);
  });
});
