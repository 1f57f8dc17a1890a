// The paired "no difference" rule with its cap (src/paired/analysis.ts): never said of an interval
// wider than ±threshold. Seeded simulations of the whole sequential design at the default settings
// (threshold 1 %, alpha 5 %, looks 4, 6, ..., 20 pairs), 1000 runs per condition; tolerances are 2
// binomial sd at 1000 runs (0.7 % at 5 %, 0.95 % at 90 %); the seeds are fixed.
import { describe, expect, it } from 'vitest';
import { trials } from '../helpers/trials.js';
import { analysePairs, DEFAULT_LOOKS, needsMorePairs, type PairedSettings } from '../../src/paired/analysis.js';
import { normalQuantile } from '../../src/statistics/normal.js';
import { createRng, type Rng } from '../../src/statistics/rng.js';

const S: PairedSettings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
const TRIALS = 1000;
const sd = (p: number) => 2 * Math.sqrt((p * (1 - p)) / TRIALS);
const z = (rng: Rng) => normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, rng.next())));

/** Pair noise of standard deviation `s`: normal, Student t with 3 df, or normal with 15 % of pairs hit by ±45 %. */
const NOISE: Record<string, (rng: Rng, s: number) => number> = {
  normal: (rng, s) => s * z(rng),
  't, 3 df': (rng, s) => (s / Math.sqrt(3)) * (z(rng) / Math.sqrt((z(rng) ** 2 + z(rng) ** 2 + z(rng) ** 2) / 3)),
  '15 % hit pairs': (rng, s) => s * z(rng) + (rng.next() < 0.15 ? (rng.next() < 0.5 ? 1 : -1) * Math.log(1.45) : 0),
};

async function rates(seed: number, change: number, noise: (rng: Rng) => number) {
  const rng = createRng(seed);
  const count = { 'no-difference': 0, slower: 0, faster: 0, 'cannot-tell': 0, 'too-few': 0 };
  await trials(TRIALS, () => {
    const logs: number[] = [];
    while (needsMorePairs(logs, logs.length, S)) logs.push(Math.log1p(change) + noise(rng));
    count[analysePairs(logs, S).verdict]++;
  });
  return Object.fromEntries(Object.entries(count).map(([k, v]) => [k, v / TRIALS])) as Record<
    keyof typeof count,
    number
  >;
}

describe('paired equivalence rule with a cap (seeded simulation)', () => {
  let seed = 29_000;
  for (const [name, noise] of Object.entries(NOISE))
    for (const s of [0.03, 0.08])
      it(`${name}, pair sd ${s * 100} %: a true +3 % is "no difference" ≤ 5 %; A/A is called different ≤ 5 %`, async () => {
        const moved = await rates(seed++, 0.03, (rng) => noise(rng, s));
        const aa = await rates(seed++, 0, (rng) => noise(rng, s));
        console.log(
          `${name}, sd ${s * 100} %: +3 % → no difference ${moved['no-difference']}, slower ${moved.slower}; ` +
            `A/A → different ${aa.slower + aa.faster}, no difference ${aa['no-difference']}`,
        );
        expect(moved['no-difference']).toBeLessThanOrEqual(0.05 + sd(0.05));
        expect(aa.slower + aa.faster).toBeLessThanOrEqual(0.05 + sd(0.05));
      });

  it('detects a 3 % slowdown at pair sd 3 % (normal) in at least 90 % of runs', async () => {
    const r = await rates(29_100, 0.03, (rng) => 0.03 * z(rng));
    console.log(`normal, sd 3 %: +3 % → slower ${r.slower}`);
    expect(r.slower).toBeGreaterThanOrEqual(0.9 - sd(0.9));
  });

  it('an A/A [0.61, 1.65] after 4 pairs cannot tell; it is never "no difference"', () => {
    // Four log ratios whose look-level interval at 4 pairs is about [0.6, 1.65].
    const a = analysePairs([0.08, -0.07, 0.02, -0.02], S, 4);
    expect(a.verdict).toBe('cannot-tell');
    expect(a.settled).toBe(false);
    // Even with the interval of 20 such pairs, wider than ±1 %: cannot tell.
    const xs = Array.from({ length: 20 }, (_, i) => (i % 2 ? 0.08 : -0.08));
    expect(analysePairs(xs, S, 20).verdict).toBe('cannot-tell');
  });
});
