import { describe as suite, expect, it } from 'vitest';
import { describe } from '../../src/statistics/describe.js';

suite('describe', () => {
  it('matches hand-computed values for 2,4,4,4,5,5,7,9', () => {
    // Source: worked by hand. Sum 40 → mean 5; Σ(x-5)² = 32 → sample sd √(32/7) = 2.138089935;
    // type-7 quantiles (R default): p25 at index 1.75 → 4, p75 at 5.25 → 5 + 0.25·2 = 5.5,
    // p99 at 6.93 → 7 + 0.93·2 = 8.86; |x - 4.5| sorted = .5,.5,.5,.5,.5,2.5,2.5,4.5 → MAD 0.5.
    const d = describe([9, 2, 4, 4, 5, 4, 5, 7]);
    expect(d.n).toBe(8);
    expect(d.min).toBe(2);
    expect(d.max).toBe(9);
    expect(d.mean).toBe(5);
    expect(d.median).toBe(4.5);
    expect(d.p25).toBeCloseTo(4, 12);
    expect(d.p75).toBeCloseTo(5.5, 12);
    expect(d.p99).toBeCloseTo(8.86, 12);
    expect(d.iqr).toBeCloseTo(1.5, 12);
    expect(d.mad).toBe(0.5);
    expect(d.stddev).toBeCloseTo(2.138089935299395, 12);
    expect(d.cv).toBeCloseTo(2.138089935299395 / 5, 12);
    expect(d.stderr).toBeCloseTo(Math.sqrt(4 / 7), 12); // √(32/7)/√8
  });

  it('NIST StRD univariate NumAcc1: mean 10000002, sd 1 (certified)', () => {
    // Source: NIST StRD, Univariate Summary Statistics, NumAcc1 (certified values).
    const d = describe([10000001, 10000003, 10000002]);
    expect(d.mean).toBe(10000002);
    expect(d.stddev).toBeCloseTo(1, 12);
  });

  it('does not mutate its input and handles n = 1', () => {
    const v = [3, 1, 2];
    describe(v);
    expect(v).toEqual([3, 1, 2]);
    const one = describe([7]);
    expect(one.stddev).toBeNaN(); // undefined with one value
    expect(one.p99).toBe(7);
  });

  it('rejects empty or non-finite input (P27)', () => {
    expect(() => describe([])).toThrow(RangeError);
    expect(() => describe([1, NaN])).toThrow(RangeError);
  });
});
