// The two-stage rule for more processes (src/analysis/more-processes.ts), checked by seeded
// simulation: per-process values drawn around a known cost with a relative between-process sd;
// after 3 processes, a CI half-width above DISAGREE_ABOVE adds Stein's count (1 to 3 more), and the final interval is
// the two-stage one of src/analysis/headline-ci.ts. Its coverage must stay near its 95 % level
// whether the rule rarely, half the time or almost always fires, while the plain t-interval over
// all of them falls to ~92 % when the rule fires often (the reason for the two-stage interval).
// Tolerance: 4,000 trials, binomial sd 0.34 % at 95 %: the window [0.935, 0.975] is more than
// 4 sd from 0.95 either side; the seeds are fixed, so the figures cannot vary between runs.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/statistics/rng.js';
import { meanInterval } from '../../src/statistics/t-intervals.js';
import { perProcessInterval } from '../../src/analysis/headline-ci.js';
import {
  DISAGREE_ABOVE,
  maxProcesses,
  processesDisagree,
  processesToAdd,
  spreadChoseCount,
} from '../../src/analysis/more-processes.js';
import { trials } from '../helpers/trials.js';

const COST = 100;
const TRIALS = 4000;

function normal(rng: { next(): number }): number {
  // Box–Muller on two uniforms in (0, 1].
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

async function simulate(sd: number, seed: number): Promise<{ coverage: number; plain: number; fired: number }> {
  const rng = createRng(seed);
  const draw = () => COST * (1 + sd * normal(rng));
  let covered = 0;
  let coveredPlain = 0;
  let fired = 0;
  await trials(TRIALS, () => {
    const values = [draw(), draw(), draw()];
    const stages = [true, true, true];
    const add = processesToAdd(meanInterval(values), 3, 6);
    if (add > 0) fired++;
    for (let i = 0; i < add; i++) {
      values.push(draw());
      stages.push(false);
    }
    const ci = perProcessInterval(values, 0.95, stages);
    const plain = meanInterval(values);
    if (plain.ciLow <= COST && COST <= plain.ciHigh) coveredPlain++;
    if (ci.ciLow <= COST && COST <= ci.ciHigh) covered++;
  });
  return { coverage: covered / TRIALS, plain: coveredPlain / TRIALS, fired: fired / TRIALS };
}

describe('more processes when the planned ones disagree', () => {
  for (const [sd, firesAbout] of [
    [0.02, 'rarely'],
    [0.05, 'about half the time'],
    [0.12, 'almost always'],
  ] as const)
    it(`keeps the interval's coverage near 95 % when the rule fires ${firesAbout} (sd ${sd * 100} %)`, async () => {
      const { coverage, plain, fired } = await simulate(sd, 7 + sd * 1000);
      expect(coverage).toBeGreaterThanOrEqual(0.935);
      expect(coverage).toBeLessThanOrEqual(0.975);
      if (firesAbout === 'almost always') expect(plain).toBeLessThan(0.935);
      if (firesAbout === 'rarely') expect(fired).toBeLessThan(0.05);
      if (firesAbout === 'about half the time') expect(fired).toBeGreaterThan(0.25);
      if (firesAbout === 'almost always') expect(fired).toBeGreaterThan(0.8);
    });

  it('fires above the threshold only, and never without an interval', () => {
    const half = DISAGREE_ABOVE * 100;
    expect(processesDisagree({ point: 100, ciLow: 100 - half - 0.1, ciHigh: 100 + half + 0.1 })).toBe(true);
    expect(processesDisagree({ point: 100, ciLow: 100 - half + 0.1, ciHigh: 100 + half - 0.1 })).toBe(false);
    expect(processesDisagree(null)).toBe(false);
    expect(processesDisagree({ point: 100, ciLow: NaN, ciHigh: NaN })).toBe(true);
  });

  it("adds Stein's count for ±10 %: one process for a near miss, a whole pass for a wide one, never past the maximum", () => {
    const at = (half: number) => ({ point: 100, ciLow: 100 - half, ciHigh: 100 + half });
    expect(processesToAdd(at(9.9), 3, 6)).toBe(0);
    expect(processesToAdd(at(10.5), 3, 6)).toBe(1); // ⌈3 · 1.1025⌉ = 4
    expect(processesToAdd(at(12), 3, 6)).toBe(2); // ⌈3 · 1.44⌉ = 5
    expect(processesToAdd(at(13), 3, 6)).toBe(3); // ⌈3 · 1.69⌉ = 6
    expect(processesToAdd(at(40), 3, 6)).toBe(3);
    expect(processesToAdd({ point: 100, ciLow: NaN, ciHigh: NaN }, 3, 6)).toBe(3);
    expect(processesToAdd(at(40), 3, 3)).toBe(0);
    expect(processesToAdd(null, 3, 6)).toBe(0);
    expect(processesToAdd(at(40), 1, 6)).toBe(1); // one process: no spread between processes to size by
  });

  it("says the spread chose the count only above the threshold the run recorded, else this build's", () => {
    expect(spreadChoseCount({ halfWidth: DISAGREE_ABOVE })).toBe(false); // replacing slow processes alone
    expect(spreadChoseCount({ halfWidth: DISAGREE_ABOVE * 1.01 })).toBe(true);
    expect(spreadChoseCount({ halfWidth: 0.15, above: 0.2 })).toBe(false);
    expect(spreadChoseCount({ halfWidth: 0.25, above: 0.2 })).toBe(true);
    expect(spreadChoseCount({ halfWidth: NaN, above: 0.1 })).toBe(true); // infinite, read back from JSON
  });

  it('doubles the default count, keeps an explicit one, and honours an explicit maximum', () => {
    expect(maxProcesses(3, false)).toBe(6);
    expect(maxProcesses(5, true)).toBe(5);
    expect(maxProcesses(3, true, 8)).toBe(8);
    expect(maxProcesses(3, false, 2)).toBe(3);
  });
});
