// Paired analysis: the verdict of one look, the bounds the looks spend, and an unbounded
// interval. The design's error rates over thousands of simulated runs are in
// analysis.slow.test.ts (the slow tier, test/README.md).
import { describe, expect, it } from 'vitest';
import {
  analysePairs,
  DEFAULT_LOOKS,
  lookAlpha,
  needsMorePairs,
  pairLogRatios,
  type PairedSettings,
} from '../../src/paired/analysis.js';
import { spendingBounds } from '../../src/paired/spending.js';

const S: PairedSettings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };

describe('one look', () => {
  it('pairs with a non-positive or non-finite side are left out; ln(b/a) otherwise', () => {
    const logs = pairLogRatios([
      { a: 10, b: 11 },
      { a: 0, b: 5 },
      { a: NaN, b: 5 },
      { a: 10, b: 10 },
    ]);
    expect(logs).toEqual([Math.log(1.1), 0]);
  });

  it('a consistent 5 % slowdown over 6 pairs is slower and settled at the spending bound of the look', () => {
    const a = analysePairs(
      [0.05, 0.048, 0.052, 0.049, 0.051, 0.05].map((x) => x),
      S,
    );
    expect(a.verdict).toBe('slower');
    expect(a.settled).toBe(true);
    expect(a.confidence).toBeCloseTo(1 - lookAlpha(6, S), 12);
    // Looks at 4 and 6 of 20 pairs spend little: the nominal level at 6 is far below alpha.
    expect(lookAlpha(6, S)).toBeLessThan(0.001);
    expect(lookAlpha(20, S)).toBeGreaterThan(0.025);
    expect(a.ratio!.ciLow).toBeGreaterThan(1);
  });

  it('a 90 % interval inside ±threshold settles "no difference"; a wide one cannot tell', () => {
    const tight = analysePairs([0.001, -0.001, 0.0005, -0.0005, 0, 0.0002], S);
    expect(tight).toMatchObject({ verdict: 'no-difference', settled: true });
    const wide = analysePairs([0.05, -0.05, 0.04, -0.03, 0.02, -0.04], S);
    expect(wide).toMatchObject({ verdict: 'cannot-tell', settled: false });
    expect(wide.pairsForThreshold!).toBeGreaterThan(6);
    expect(wide.minimumDetectable!).toBeGreaterThan(0.01);
  });

  it('a difference that excludes 1 but does not exceed the threshold is no difference', () => {
    const a = analysePairs([0.005, 0.0052, 0.0049, 0.0051, 0.005, 0.0048], S);
    expect(a.verdict).toBe('no-difference');
    expect(a.ratio!.ciLow).toBeGreaterThan(1);
  });

  it('a change within neither band after the last look cannot tell, never "no difference"', () => {
    // A mean log ratio of 0.05 (about +5 %) with pairs ±0.11 around it, 20 pairs: the final
    // interval includes 1, and the 90 % one reaches past the band 20 pairs resolve: the run cannot
    // tell, and must not say "no difference".
    const xs = Array.from({ length: 20 }, (_, i) => 0.05 + (i % 2 ? 0.11 : -0.11));
    const a = analysePairs(xs, S, 20);
    expect(a.ratio!.ciLow).toBeLessThan(1);
    expect(a.verdict).toBe('cannot-tell');
    expect(a.settled).toBe(false);
  });

  it('fewer than 2 usable pairs: too-few', () => {
    expect(analysePairs([0.1], S).verdict).toBe('too-few');
  });

  it('more pairs are needed between looks, never after the last look', () => {
    expect(needsMorePairs([], 0, S)).toBe(true);
    expect(needsMorePairs([0.1, 0.1, 0.1], 3, S)).toBe(true);
    expect(needsMorePairs(new Array(20).fill(0.1), 20, S)).toBe(false);
    expect(needsMorePairs([0.05, 0.048, 0.052, 0.049, 0.051, 0.05], 6, S)).toBe(false);
  });
});

describe('alpha spending bounds', () => {
  it("five equally spaced looks at alpha 5 % give the published O'Brien-Fleming-type bounds", () => {
    // Lan-DeMets O'Brien-Fleming-type spending, two-sided alpha 0.05, K = 5 (Jennison & Turnbull 2000,
    // ch. 7; gsDesign sfLDOF): 4.877, 3.357, 2.680, 2.290, 2.031.
    const z = spendingBounds([0.2, 0.4, 0.6, 0.8, 1], 0.05).map((b) => b.z);
    [4.877, 3.357, 2.68, 2.29, 2.031].forEach((want, i) => expect(z[i]).toBeCloseTo(want, 2));
  });

  it('one look is the fixed-sample test; the spent alpha reaches alpha at the last look', () => {
    expect(spendingBounds([1], 0.05)[0].z).toBeCloseTo(1.96, 3);
    const b = spendingBounds([0.3, 0.7, 1], 0.01);
    expect(b[2].spent).toBe(0.01);
    expect(b[0].z).toBeGreaterThan(b[1].z);
  });
});

describe('an unbounded interval', () => {
  it('two pairs between looks give no bounded interval: too few pairs, no advice', () => {
    const a = analysePairs([0.01, 0.3], { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS }, 2);
    expect(a.verdict).toBe('too-few');
    expect(a.ratio).toBeNull();
    expect(a.pairsForThreshold).toBeNull();
  });
});
