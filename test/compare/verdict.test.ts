// Known answers for the comparison statistics; each expected value's source is named.
import { describe, expect, it } from 'vitest';
import { comparisonReason } from '../../src/report/details.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import { syntheticForks } from '../helpers/synthetic-results.js';

const S = { threshold: 0.01, confidence: 0.95, seed: 7, resamples: 400 };
// Noise-free forks: every batch is exactly overhead + iterations × cost, so every resample's
// OLS slope is `cost` and the ratio CI collapses to the hand-computed ratio.
const exact = (seed: number, forks: number, cost: number) =>
  syntheticForks(seed, forks, { cost, between: 0, within: 0, batches: 8 });

describe('verdictForForks', () => {
  it('calls a noise-free 10 % slowdown slower with ratio exactly 1.1', () => {
    const v = verdictForForks(exact(1, 3, 10), exact(2, 3, 11), S);
    expect(v.verdict).toBe('slower');
    expect(v.ratio!.point).toBeCloseTo(1.1, 10);
    expect(v.ratio!.ciLow).toBeCloseTo(1.1, 10);
    expect(v.ratio!.ciHigh).toBeCloseTo(1.1, 10);
  });
  it('says once what to conclude when the rank test and the CI disagree', () => {
    // Large between-process noise, tiny within-process noise: the t-interval over 3 processes per
    // side does not exclude 1 (a rank test over pooled batches would call it p = 2.4e-7; with 3
    // processes a side there is no rank test on processes, so none is quoted).
    const noisy = (seed: number, cost: number) =>
      syntheticForks(seed, 3, { cost, between: 0.05, within: 0.001, batches: 10 });
    const v = verdictForForks(noisy(8, 10), noisy(108, 10.4), S);
    // The interval reaches beyond the 1 % threshold: not "the same speed" but its own verdict.
    expect(v.verdict).toBe('cannot-tell');
    expect(comparisonReason(v)).toMatch(
      /^cannot tell: the 95 % CI of the ratio \[0\.\d+, 1\.\d+\] includes 1 but reaches beyond ±1\.0 %; about \d+ processes a side would settle it$/,
    );
    // Inside a 30 % threshold the same interval is "no difference", with no rank test to quote.
    const wide = verdictForForks(noisy(8, 10), noisy(108, 10.4), { ...S, threshold: 0.3 });
    expect(wide.verdict).toBe('no-difference');
    expect(comparisonReason(wide)).toBe('the 95 % CI of the ratio includes 1');
    expect(wide.pValue).toBeGreaterThan(0.05);
  });
  it('calls a noise-free 10 % speed-up faster', () => {
    expect(verdictForForks(exact(1, 3, 10), exact(2, 3, 9), S).verdict).toBe('faster');
  });
  it('reports a significant 0.5 % change as within noise', () => {
    const v = verdictForForks(exact(1, 3, 10), exact(2, 3, 10.05), S);
    expect(v.verdict).toBe('no-difference');
    expect(comparisonReason(v)).toMatch(
      /^within noise: the change 0\.50 % does not exceed the noise threshold 1\.00 %/,
    );
    expect(verdictForForks(exact(1, 3, 10), exact(2, 3, 10.05), { ...S, threshold: 0.001 }).verdict).toBe('slower');
  });
  it('adds the exact per-process Mann–Whitney test with 4 processes per side as a second opinion', () => {
    // The row's p is the Welch test's the interval inverts; the rank test is named in the method.
    const tiny = (seed: number, cost: number) =>
      syntheticForks(seed, 4, { cost, between: 0.001, within: 0, batches: 8 }); // no ties
    const v = verdictForForks(tiny(1, 10), tiny(2, 11), S);
    expect(v.pValue).toBe(v.ciPValue);
    expect(v.pValue).toBeLessThan(1e-6);
    expect(v.method).toMatch(/second opinion: Mann–Whitney U over per-process slope \(exact\)/);
  });
  it('is reproducible with a seed', () => {
    const a = syntheticForks(3, 3, { cost: 10 });
    const b = syntheticForks(4, 3, { cost: 10 });
    expect(verdictForForks(a, b, S)).toEqual(verdictForForks(a, b, S));
  });
});
