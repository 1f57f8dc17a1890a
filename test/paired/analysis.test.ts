// Paired analysis: the verdict of one look, and the sequential design's error rates checked
// by seeded simulation (deterministic: the same seed gives the same count every run).
import { describe, expect, it } from 'vitest';
import {
  analysePairs,
  DEFAULT_LOOKS,
  lookAlpha,
  needsMorePairs,
  pairLogRatios,
  type PairedSettings,
} from '../../src/paired/analysis.js';
import { normalQuantile } from '../../src/statistics/normal.js';
import { createRng, type Rng } from '../../src/statistics/rng.js';
import { tQuantile } from '../../src/statistics/tdist.js';
import { spendingBounds } from '../../src/paired/spending.js';
import { trials } from '../helpers/trials.js';

const S: PairedSettings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };

const normal = (rng: Rng) => normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, rng.next())));

/** One simulated paired run: pairs drawn until the design stops; returns the final verdict. */
function simulate(rng: Rng, draw: (rng: Rng) => number): { verdict: string; pairs: number } {
  const logs: number[] = [];
  while (needsMorePairs(logs, logs.length, S)) logs.push(draw(rng));
  return { verdict: analysePairs(logs, S).verdict, pairs: logs.length };
}

async function rates(seed: number, count: number, draw: (rng: Rng) => number) {
  const rng = createRng(seed);
  let different = 0;
  let slower = 0;
  let pairs = 0;
  await trials(count, () => {
    const r = simulate(rng, draw);
    if (r.verdict === 'faster' || r.verdict === 'slower') different++;
    if (r.verdict === 'slower') slower++;
    pairs += r.pairs;
  });
  return { different: different / count, slower: slower / count, meanPairs: pairs / count };
}

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

  it('an 80 % interval inside ±threshold settles "no difference"; a wide one cannot tell', () => {
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
    // interval includes 1, and the 80 % one reaches past the band 20 pairs resolve: the run cannot
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

describe('the sequential design, simulated (seeded)', () => {
  const TRIALS = 4000;
  // Allowed excess over alpha: 3 binomial standard errors at 4000 trials (~1 %). The counts
  // are deterministic under the seed, so this tolerance is about the claim, not flakiness.
  const SLACK = 3 * Math.sqrt((0.05 * 0.95) / TRIALS);

  it('A/A with normal pair noise (sd 2 %): called different at most alpha', async () => {
    const r = await rates(11, TRIALS, (rng) => 0.02 * normal(rng));
    expect(r.different).toBeLessThanOrEqual(0.05 + SLACK);
  });

  it('A/A with heavy-tailed pair noise (10 % of pairs hit by a 30 % slow episode on one side)', async () => {
    const r = await rates(
      12,
      TRIALS,
      (rng) => 0.02 * normal(rng) + (rng.next() < 0.1 ? (rng.next() < 0.5 ? 0.3 : -0.3) : 0),
    );
    expect(r.different).toBeLessThanOrEqual(0.05 + SLACK);
  });

  it('a 3 % slowdown with pair noise sd 2 % is called slower at least 80 % of the time, early on average', async () => {
    const r = await rates(13, TRIALS, (rng) => Math.log(1.03) + 0.02 * normal(rng));
    expect(r.slower).toBeGreaterThanOrEqual(0.8);
    expect(r.meanPairs).toBeLessThan(DEFAULT_LOOKS[DEFAULT_LOOKS.length - 1]);
  });

  it('a change of twice the threshold (2 %) is called "no difference" in under 8 % of runs', async () => {
    const r = await rates(15, TRIALS, (rng) => Math.log(1.02) + 0.02 * normal(rng));
    expect(1 - r.different).toBeLessThan(0.08);
  });

  it('A/A stops early for "no difference" when the noise allows: under 15 of 20 pairs on average at sd 2 %', async () => {
    expect((await rates(16, TRIALS, (rng) => 0.02 * normal(rng))).meanPairs).toBeLessThan(15);
  });

  it("at a busy machine's noise (sd 3 %): A/A at most alpha, a 3 % slowdown found in 90 %", async () => {
    // No early "no difference" from a band wider than the threshold: A/A runs most of its 20 pairs here.
    const aa = await rates(17, TRIALS, (rng) => 0.03 * normal(rng));
    expect(aa.meanPairs).toBeGreaterThan(14);
    expect(aa.different).toBeLessThanOrEqual(0.05 + SLACK);
    expect((await rates(18, TRIALS, (rng) => Math.log(1.03) + 0.03 * normal(rng))).slower).toBeGreaterThanOrEqual(0.9);
  });

  it('15 % of pairs with one side slowed 45 % (a busy machine): a 3 % slowdown is still found in 85 %', async () => {
    const wild = (rng: Rng) => (rng.next() < 0.15 ? (rng.next() < 0.5 ? 0.45 : -0.45) : 0);
    expect((await rates(20, TRIALS, (rng) => Math.log(1.03) + 0.016 * normal(rng) + wild(rng))).slower).toBeGreaterThan(
      0.85,
    );
    expect((await rates(21, TRIALS, (rng) => 0.016 * normal(rng) + wild(rng))).different).toBeLessThanOrEqual(
      0.05 + SLACK,
    );
  });

  it('far above the threshold (sd 100 %, nothing filtered by it) A/A is called different at most alpha', async () => {
    // The bounds spend 0.75 alpha: with all of it the t form overshoots (6.5 %, docs/decisions.md).
    const r = await rates(19, 2 * TRIALS, (rng) => normal(rng));
    expect(r.different).toBeLessThanOrEqual(0.05 + SLACK / Math.SQRT2);
  });

  it('the same looks at the fixed-sample level (no spending) would call A/A different above alpha', async () => {
    const rng = createRng(14);
    let different = 0;
    await trials(TRIALS, () => {
      const logs: number[] = [];
      for (const look of S.looks) {
        while (logs.length < look) logs.push(0.02 * normal(rng));
        const m = logs.reduce((x, y) => x + y, 0) / look;
        const sd = Math.sqrt(logs.reduce((x, y) => x + (y - m) ** 2, 0) / (look - 1));
        if (Math.abs(m) / (sd / Math.sqrt(look)) > tQuantile(0.975, look - 1)) {
          different++;
          break;
        }
      }
    });
    expect(different / TRIALS).toBeGreaterThan(0.05 + SLACK);
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
