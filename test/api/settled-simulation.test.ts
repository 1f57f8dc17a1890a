// The rule that adds no processes to a benchmark whose comparison with its baseline is already
// answered (src/api/more-processes.ts, SETTLED_CONFIDENCE), checked by seeded simulation over
// per-process values: 3 planned processes a side, a relative between-process sd that makes
// Stein's rule fire most of the time, the verdicts' Welch ratio intervals.
// - With the truth at 1 (A/A), the rule stops early in at most about 1 − SETTLED_CONFIDENCE of
//   trials, and the whole procedure's false verdicts rise by no more than those stops.
// - With the truth 2.5× away, it stops in most trials and every stop says 'slower'.
// Tolerance: 4,000 trials; the A/A stop rate's binomial sd at 0.5 % is 0.11 %, so 1 % is more than
// 4 sd away; the seeds are fixed, so the figures cannot vary between runs.
import { describe, expect, it } from 'vitest';
import { SETTLED_CONFIDENCE } from '../../src/api/more-processes.js';
import { processesToAdd } from '../../src/analysis/more-processes.js';
import { createRng } from '../../src/statistics/rng.js';
import { meanInterval, ratioInterval, twoStageRatioInterval } from '../../src/statistics/t-intervals.js';
import { trials } from '../helpers/trials.js';

const TRIALS = 4000;
const SD = 0.08;

function normal(rng: { next(): number }): number {
  // Box–Muller on two uniforms in (0, 1].
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const excludesOne = (i: { ciLow: number; ciHigh: number }) => i.ciLow > 1 || i.ciHigh < 1;

async function simulate(truth: number, seed: number) {
  const rng = createRng(seed);
  const draw = (cost: number) => cost * (1 + SD * normal(rng));
  let stops = 0;
  let stopsSlower = 0;
  let verdicts = 0; // faster/slower with the rule
  let verdictsWithout = 0; // the same trials without it
  await trials(TRIALS, () => {
    const base = [draw(100), draw(100), draw(100)];
    const cont = [draw(100 * truth), draw(100 * truth), draw(100 * truth)];
    // What the procedure adds, as the run does: Stein's count per side after its planned three.
    const grow = (values: number[], cost: number) => {
      const add = processesToAdd(meanInterval(values), 3, 6);
      const all = [...values, ...Array.from({ length: add }, () => draw(cost))];
      return { all, stages: all.map((_, i) => i < 3) };
    };
    const b = grow(base, 100);
    const c = grow(cont, 100 * truth);
    const final = (cValues: number[], cStages: boolean[]) =>
      twoStageRatioInterval(b.all, cValues, 0.95, [b.stages, cStages]);
    const without = final(c.all, c.stages);
    if (excludesOne(without)) verdictsWithout++;
    const contenderAsked = c.all.length > 3;
    const settled = contenderAsked && excludesOne(ratioInterval(base, cont, SETTLED_CONFIDENCE));
    if (settled) {
      stops++;
      if (ratioInterval(base, cont, SETTLED_CONFIDENCE).ciLow > 1) stopsSlower++;
      if (excludesOne(final(cont, [true, true, true]))) verdicts++;
    } else if (excludesOne(without)) verdicts++;
  });
  return { stops: stops / TRIALS, stopsSlower, verdicts: verdicts / TRIALS, without: verdictsWithout / TRIALS };
}

describe('no processes added where the comparison with the baseline is already answered', () => {
  it('A/A: it stops in well under 1 % of trials, and false verdicts rise by no more than that', async () => {
    const r = await simulate(1, 91);
    expect(r.stops).toBeLessThan(0.01);
    expect(r.verdicts).toBeLessThanOrEqual(r.without + r.stops);
    expect(r.verdicts).toBeLessThan(0.065);
  });

  it('2.5× slower: it stops in most trials, and every stop says slower', async () => {
    const r = await simulate(2.5, 92);
    expect(r.stops).toBeGreaterThan(0.5);
    expect(r.stopsSlower).toBe(Math.round(r.stops * TRIALS));
  });
});
