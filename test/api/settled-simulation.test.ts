// The rule that adds no processes to a benchmark whose comparison with its baseline is already
// answered (src/api/more-processes.ts, SETTLED_CONFIDENCE), checked by seeded simulation over
// per-process values: 3 planned processes a side, up to 3 added to a side whose 95 % interval is
// wider than ±10 % (Stein's rule), the verdicts' Welch ratio intervals (two-stage where processes
// were added), the threshold left out (it only turns a verdict into 'no difference').
// Two hosts: processes spread normally (8 %), and processes that fall into a second, 1.3× slower
// state a third of the time, unmarked (the memory spells of docs/measurements.md whose yardstick
// stays under the slow-state factor).
// What is checked, with the truth at 1 (A/A): how often the rule stops a benchmark, and how often a
// stop turns what would have been a right answer into a false verdict (the harm); at 2.5×: that it
// saves processes in some of the trials where the contender would have got them (it needs a
// baseline that agrees with itself, so the saving is modest: 20 % of those trials on the normal
// host, 6.5 % with two states), that every stop says 'slower', and that the benchmark's own 95 %
// interval still covers its truth in the trials that stopped.
// Tolerance: 4,000 trials a case; a rate of 0.5 % has a binomial sd of 0.11 %, so the bounds below
// are more than 4 sd from the rates they guard; the seeds are fixed, so the figures cannot vary.
import { describe, expect, it } from 'vitest';
import { SETTLED_CONFIDENCE } from '../../src/api/more-processes.js';
import { processesToAdd } from '../../src/analysis/more-processes.js';
import { createRng } from '../../src/statistics/rng.js';
import { meanInterval, ratioInterval, twoStageRatioInterval } from '../../src/statistics/t-intervals.js';
import { trials } from '../helpers/trials.js';

const TRIALS = 4000;

function normal(rng: { next(): number }): number {
  // Box–Muller on two uniforms in (0, 1].
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const excludesOne = (i: { ciLow: number; ciHigh: number }) => i.ciLow > 1 || i.ciHigh < 1;

type Host = 'normal' | 'two states';

async function simulate(truth: number, host: Host, seed: number) {
  const rng = createRng(seed);
  const draw = (cost: number) =>
    host === 'normal'
      ? cost * (1 + 0.08 * normal(rng))
      : cost * (rng.next() < 1 / 3 ? 1.3 : 1) * (1 + 0.02 * normal(rng));
  let asked = 0; // trials where the contender would get processes without the rule
  let stops = 0;
  let stopsSlower = 0;
  let harm = 0; // a stop whose verdict was false where the run without the rule was not
  let stoppedCovered = 0; // stops whose contender interval (3 processes) covers its truth
  await trials(TRIALS, () => {
    const base = [draw(100), draw(100), draw(100)];
    const cont = [draw(100 * truth), draw(100 * truth), draw(100 * truth)];
    // A side whose interval is wider than ±10 % gets Stein's count, as the run does.
    const grow = (values: number[], cost: number) => {
      const add = processesToAdd(meanInterval(values), 3, 6);
      const all = [...values, ...Array.from({ length: add }, () => draw(cost))];
      return { all, stages: all.map((_, i) => i < 3), asked: add > 0 };
    };
    const b = grow(base, 100);
    const c = grow(cont, 100 * truth);
    const without = twoStageRatioInterval(b.all, c.all, 0.95, [b.stages, c.stages]);
    if (c.asked) asked++;
    // The rule: the contender asked, the baseline did not, and the planned sides are far apart.
    if (!c.asked || b.asked || !excludesOne(ratioInterval(base, cont, SETTLED_CONFIDENCE))) return;
    stops++;
    if (ratioInterval(base, cont, SETTLED_CONFIDENCE).ciLow > 1) stopsSlower++;
    const wrong = (i: { ciLow: number; ciHigh: number }) => (truth === 1 ? excludesOne(i) : i.ciHigh < 1);
    if (wrong(ratioInterval(base, cont, 0.95)) && !wrong(without)) harm++;
    const own = meanInterval(cont, 0.95);
    if (own.ciLow <= 100 * truth && 100 * truth <= own.ciHigh) stoppedCovered++;
  });
  return {
    stops: stops / TRIALS,
    ofAsked: stops / asked,
    stopsSlower,
    harm: harm / TRIALS,
    stoppedCoverage: stoppedCovered / stops,
  };
}

describe('no processes added where the comparison with the baseline is already answered', () => {
  for (const [host, seed, saves] of [
    ['normal', 91, 0.1],
    ['two states', 93, 0.03],
  ] as const) {
    it(`A/A on a host with ${host}: it stops in under 0.5 % of trials, and the harm stays below 0.5 %`, async () => {
      const r = await simulate(1, host, seed);
      expect(r.stops).toBeLessThan(0.005);
      expect(r.harm).toBeLessThan(0.005);
    });

    it(`2.5× slower on a host with ${host}: it saves processes in some trials, always saying slower`, async () => {
      const r = await simulate(2.5, host, seed + 1);
      expect(r.ofAsked).toBeGreaterThan(saves);
      expect(r.stopsSlower).toBe(Math.round(r.stops * TRIALS));
      expect(r.harm).toBe(0);
      // The stopped benchmark's own interval, over its 3 processes, still covers its truth.
      expect(r.stoppedCoverage).toBeGreaterThan(0.93);
    });
  }
});
