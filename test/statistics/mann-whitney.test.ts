import { describe, expect, it } from 'vitest';
import { mannWhitney } from '../../src/statistics/mann-whitney.js';

describe('mannWhitney', () => {
  it('exact: complete separation of 3 vs 3 gives p = 2/C(6,3) = 0.1 (hand count; R wilcox.test W = 0, p = 0.1)', () => {
    const r = mannWhitney([1, 2, 3], [4, 5, 6]);
    expect(r.ux).toBe(0);
    expect(r.uy).toBe(9);
    expect(r.method).toBe('exact');
    expect(r.pValue).toBeCloseTo(0.1, 12);
    expect(r.rankBiserial).toBe(-1);
  });

  it('exact: interleaved 1,3,5,7,9 vs 2,4,6,8,10 → U = 10, p = 0.6905 (scipy 1.17.1 mannwhitneyu exact: 0.6904761904761905)', () => {
    // Hand count of U_x: 3>2 (1) + 5>2,4 (2) + 7>… (3) + 9>… (4) = 10; P(U <= 10) = 87/252 of the C(10,5) = 252 splits, two-sided p = 174/252.
    const r = mannWhitney([1, 3, 5, 7, 9], [2, 4, 6, 8, 10]);
    expect(r.ux).toBe(10);
    expect(r.pValue).toBeCloseTo(0.6904761904761905, 10);
    expect(r.commonLanguage).toBeCloseTo(0.4, 12);
  });

  it('with ties: tie- and continuity-corrected normal approximation (scipy 1.17.1 asymptotic, use_continuity: U = 13, p = 0.029472892)', () => {
    const r = mannWhitney([1, 2, 2, 3, 4, 5, 5, 6], [3, 3, 4, 6, 7, 8, 8, 9, 10]);
    expect(r.ux).toBe(13);
    expect(r.method).toMatch(/normal approximation/);
    expect(r.pValue).toBeCloseTo(0.029472892, 6); // erf accuracy ~1e-7
  });

  it('is symmetric in its samples and returns p = 1 for identical constant samples', () => {
    const a = mannWhitney([1, 4, 9, 11], [2, 3, 5, 20, 30]);
    const b = mannWhitney([2, 3, 5, 20, 30], [1, 4, 9, 11]);
    expect(a.pValue).toBeCloseTo(b.pValue, 12);
    expect(a.ux).toBe(b.uy);
    expect(mannWhitney([5, 5, 5], [5, 5]).pValue).toBe(1);
  });
});
