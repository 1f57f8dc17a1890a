import { describe, expect, it } from 'vitest';
import { planRng, roundSizes, unitFor } from '../../src/engine/plan.js';

describe('unitFor', () => {
  it('chooses d so the largest batch (K·d) takes about the target time', () => {
    // 5 ms target, K = 10, 100 ns/iter → K·d·100 = 5e6 → d = 5000
    expect(unitFor(100, 5e6, 10)).toBe(5000);
    expect(unitFor(3, 1e6, 10)).toBe(33333);
  });
  it('never goes below 1 for slow kernels', () => {
    expect(unitFor(1e9, 5e6, 10)).toBe(1);
  });
  it('bounds d for zero or negative estimates', () => {
    expect(unitFor(0, 5e6, 10)).toBe(10_000_000);
    expect(unitFor(-1, 5e6, 10)).toBe(10_000_000);
    expect(unitFor(0, 1e12, 10)).toBe(Math.floor(2 ** 31 / 10));
  });
});

describe('roundSizes', () => {
  it('is a permutation of i·d for i = 1..K', () => {
    const sizes = roundSizes(7, 10, planRng(1, 0));
    expect([...sizes].sort((a, b) => a - b)).toEqual([7, 14, 21, 28, 35, 42, 49, 56, 63, 70]);
  });
  it('is deterministic for a seed and fork index, and differs across forks', () => {
    const a = roundSizes(1, 20, planRng(42, 0));
    expect(roundSizes(1, 20, planRng(42, 0))).toEqual(a);
    expect(roundSizes(1, 20, planRng(42, 1))).not.toEqual(a);
  });
  it('shuffles (not the identity order for a 20-element round)', () => {
    const sizes = roundSizes(1, 20, planRng(3, 0));
    expect(sizes).not.toEqual([...sizes].sort((a, b) => a - b));
  });
});
