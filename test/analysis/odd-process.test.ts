// One process far from siblings that agree (src/analysis/odd-process.ts): named on exact values,
// left out of the headline and of comparisons, worded in one line; and, by seeded simulation of
// the whole two-stage procedure (3 planned processes, more when they disagree, the odd rule, the
// two-stage interval over what is kept), the rule almost never fires under normal
// process-to-process noise, so the interval keeps its coverage, while a process in a +46 % state
// among five normal ones is found nearly every time. Tolerances: 4,000 trials per case, binomial sd
// 0.34 % at 95 %; the window [0.935, 0.975] is more than 4 sd from 0.95 either side, and the seeds
// are fixed, so the figures cannot vary between runs.
import { describe, expect, it } from 'vitest';
import {
  markOddProcess,
  oddProcess,
  oddProcessDetail,
  ODD_MIN_PROCESSES,
  ODD_OFF,
  ODD_SPREAD_TIMES,
} from '../../src/analysis/odd-process.js';
import { measuredForks } from '../../src/analysis/slow-processes.js';
import { perProcessInterval } from '../../src/analysis/headline-ci.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import { aaCheck } from '../../src/compare/aa.js';
import { detailText } from '../../src/report/details.js';
import { addedProcesses, processesToAdd } from '../../src/analysis/more-processes.js';
import { meanInterval } from '../../src/statistics/t-intervals.js';
import { createRng } from '../../src/statistics/rng.js';
import type { ForkResult } from '../../src/results/schema.js';
import { gaussian, makeFork } from '../helpers/synthetic-forks.js';
import { trials } from '../helpers/trials.js';

/** A process measuring `costNs` per iteration, with a yardstick of `yardstick` ns each round. */
function proc(index: number, costNs: number, yardstick = 30_000): ForkResult {
  return {
    ...makeFork({ costNs, overheadNs: 50, noise: 0.002, index, seed: 70 + index }),
    yardstickNs: [yardstick, yardstick * 1.01, yardstick * 0.99],
  };
}

describe('the odd-process rule on per-process values', () => {
  it('names the one process far from five that agree, with its factor and their range', () => {
    const odd = oddProcess([1040, 1050, 1060, 1531, 1055, 1045])!;
    expect(odd.position).toBe(3);
    expect(odd.factor).toBeCloseTo(1531 / 1050, 10);
    expect(odd.spread).toBeCloseTo(20 / 1050, 10);
  });

  it('names a fast one the same way', () => {
    expect(oddProcess([1000, 1005, 995, 1002, 700])).toMatchObject({ position: 4, factor: 700 / 1001 });
  });

  it(`says nothing with fewer than ${ODD_MIN_PROCESSES} processes`, () => {
    expect(oddProcess([1000, 1005, 995, 1531])).toBeNull();
  });

  it('says nothing when two processes agree against the rest: a mix of states, not one odd process', () => {
    expect(oddProcess([1000, 1000, 1010, 1500, 1500, 1005])).toBeNull();
  });

  it(`needs ${ODD_OFF * 100} % off the others' median and ${ODD_SPREAD_TIMES}× their range`, () => {
    // 9.5 % off five identical values: below the minimum distance.
    expect(oddProcess([1000, 1000, 1000, 1000, 1095])).toBeNull();
    // 17.6 % off others whose range is 11.8 %: not 3× their range.
    expect(oddProcess([1000, 1040, 1080, 960, 1200])).toBeNull();
    // 15.4 % off the median of others whose range is 5.0 % (3.1×): named.
    expect(oddProcess([1000, 1010, 1020, 970, 1160])?.position).toBe(4);
  });

  it('ignores values without a meaning for a ratio (non-finite, zero or negative)', () => {
    expect(oddProcess([1000, 1000, 1000, 1000, NaN])).toBeNull();
    expect(oddProcess([1000, 1000, 1000, 1000, -5])).toBeNull();
  });
});

describe('an odd process in a benchmark', () => {
  const sixWithOneOdd = () => [
    proc(0, 1040),
    proc(1, 1050),
    proc(2, 1060),
    proc(3, 1531, 30_900),
    proc(4, 1055),
    proc(5, 1045),
  ];

  it('is marked, left out of the headline, and named in one line with its yardstick', () => {
    const forks = sixWithOneOdd();
    expect(markOddProcess(forks, 'slope')?.index).toBe(3);
    expect(forks.map((f) => f.oddProcess !== undefined)).toEqual([false, false, false, true, false, false]);
    const all = analyzeBenchmark(forks, { seed: 1 }).headline.point;
    const kept = analyzeBenchmark(measuredForks(forks), { seed: 1 }).headline.point;
    expect(all).toBeGreaterThan(1120); // the mean over six moves ~7.5 %
    expect(kept).toBeGreaterThan(1040);
    expect(kept).toBeLessThan(1060);
    const d = oddProcessDetail(forks)!;
    expect(d.severity).toBe('info');
    expect(d.values.yardstick).toBeCloseTo(1.03, 2);
    expect(detailText(d)).toMatch(
      /^process 3 read 1\.46× slower than the median of the other 5, which agreed within 1\.9 %; its yardsticks read at most 1\.03× the others', so the state was its own .*; left out of the estimate \(the raw data keeps it\)$/,
    );
  });

  it('with too few processes in the usual state, judges against the slow ones too, never naming one of those', () => {
    // Eight processes, four of them in a slow host state (1.3×, already left out): the four others
    // alone are too few for the rule, yet the one at twenty times the rest must not reach the headline.
    const forks = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => proc(i, i === 6 ? 21_000 : i < 4 ? 1360 : 1050 + i));
    for (const f of forks.slice(0, 4)) f.hostState = 1.3;
    expect(markOddProcess(forks, 'slope')?.index).toBe(6);
    expect(forks[6].oddProcess!.of).toBe(8);
    expect(forks.filter((f) => f.oddProcess !== undefined)).toHaveLength(1);
    // A slow process far from the rest is not named again (it is left out already).
    const slowFar = [0, 1, 2, 3, 4, 5].map((i) => proc(i, i === 0 ? 21_000 : 1050 + i));
    for (const f of slowFar.slice(0, 3)) f.hostState = 1.3;
    expect(markOddProcess(slowFar, 'slope')).toBeNull();
    // Naming one must leave two in the usual state, or nothing could be left out.
    const twoLeft = [0, 1, 2, 3, 4].map((i) => proc(i, i === 4 ? 21_000 : 1050 + i));
    for (const f of twoLeft.slice(0, 3)) f.hostState = 1.3;
    expect(markOddProcess(twoLeft, 'slope')).toBeNull();
  });

  it('with five or more in the usual state, judges those alone, as without slow processes', () => {
    // 905 is 9.5 % below four at 1000: not odd among them. Five slow processes at 1010 would move
    // the others' median to 1010 and the gap past 10 %, so they are not counted.
    const forks = [1000, 1000, 1000, 1000, 905, 1010, 1010, 1010, 1010, 1010].map((c, i) => proc(i, c));
    for (const f of forks.slice(5)) f.hostState = 1.3;
    expect(markOddProcess(forks, 'slope')).toBeNull();
  });

  it('a comparison with fewer than 5 processes a side keeps a process its run left out, and says so', () => {
    const base = [proc(10, 1050), proc(11, 1040), proc(12, 1060)];
    const cont = sixWithOneOdd();
    markOddProcess(cont, 'slope');
    const v = verdictForForks(base, cont, { threshold: 0.01, confidence: 0.95, seed: 1, statistic: 'slope' });
    expect(v.leftOut).toMatchObject({ code: 'odd-process-kept', values: { side: 'contender', process: 3 } });
    expect(detailText(v.leftOut!)).toMatch(
      /^contender process 3 is left out of its run's headline \(it read 1\.46× its siblings\) but kept here: /,
    );
    expect(v.ratio!.ciHigh).toBeGreaterThan(1.05); // the kept process widens the interval
  });

  it("the A/A check of one run (--aa) uses the run's marks, judged over both arms together", () => {
    const forks = sixWithOneOdd();
    markOddProcess(forks, 'slope');
    const a = aaCheck(forks.slice(0, 3), forks.slice(3), { seed: 1, statistic: 'slope' });
    expect(a.ratio!.point).toBeGreaterThan(0.98);
    expect(a.ratio!.point).toBeLessThan(1.02);
    expect(a.ratio!.ciHigh).toBeLessThan(1.05);
    expect(a.processCv!).toBeLessThan(0.02); // without the odd process
  });

  it('with a yardstick off by more than 5 %, the line does not blame the process alone', () => {
    const forks = [proc(0, 1040), proc(1, 1050), proc(2, 1060), proc(3, 1300, 36_600), proc(4, 1055), proc(5, 1045)];
    markOddProcess(forks, 'slope');
    expect(detailText(oddProcessDetail(forks)!)).toContain(
      "its yardsticks read at most 1.22× the others', so the host may account for part of it",
    );
  });

  it('the added-processes line counts the processes the estimate rests on', () => {
    expect(detailText(addedProcesses(3, 6, 0.57, 5))).toMatch(/so the estimate is over the 5 of all 6 not left out$/);
    expect(detailText(addedProcesses(3, 6, 0.57))).toMatch(/so the estimate is over all 6$/);
  });

  it('is not judged among processes already left out as slow', () => {
    const forks = sixWithOneOdd();
    forks[3].hostState = 1.4;
    expect(markOddProcess(forks, 'slope')).toBeNull();
    expect(oddProcessDetail(forks)).toBeNull();
  });

  it('in a comparison is judged over both runs: left out when it is the only one, with a note', () => {
    const base = [proc(10, 1050), proc(11, 1040), proc(12, 1060), proc(13, 1045), proc(14, 1055), proc(15, 1050)];
    const settings = { threshold: 0.01, confidence: 0.95, seed: 1, statistic: 'slope' } as const;
    const v = verdictForForks(base, sixWithOneOdd(), settings);
    expect(v.leftOut?.values).toMatchObject({ side: 'contender', process: 3 });
    expect(v.ratio!.point).toBeGreaterThan(0.98);
    expect(v.ratio!.point).toBeLessThan(1.02);
    // Kept, the slow process would leave an interval more than 10 % wide on the high side.
    expect(v.ratio!.ciHigh).toBeLessThan(1.03);
    // The same state in one process of each run: the two agree, so nothing is left out.
    const both = verdictForForks([...base.slice(0, 5), proc(16, 1530)], sixWithOneOdd(), settings);
    expect(both.leftOut).toBeUndefined();
    expect(both.ratio!.ciHigh - both.ratio!.ciLow).toBeGreaterThan(0.1);
  });
});

const COST = 100;
const TRIALS = 4000;

/**
 * The whole procedure once: 3 planned processes, Stein's count more (to 6) when they disagree,
 * the odd rule, and the two-stage interval over the processes kept. `draw(i)` gives process i.
 */
function procedure(draw: (i: number) => number, planned = 3) {
  const values = Array.from({ length: planned }, (_, i) => draw(i));
  const firstStage = values.map(() => true);
  // An explicit --forks keeps its count: no processes are added (maxProcesses).
  const add = planned === 3 ? processesToAdd(meanInterval(values), 3, 6) : 0;
  for (let i = 0; i < add; i++) {
    values.push(draw(3 + i));
    firstStage.push(false);
  }
  const odd = oddProcess(values);
  const keep = values.map((_, i) => i !== odd?.position);
  const ci = perProcessInterval(
    values.filter((_, i) => keep[i]),
    0.95,
    firstStage.filter((_, i) => keep[i]),
  );
  return { ci, odd, added: add };
}

describe('the odd-process rule inside the two-stage procedure (seeded simulation)', () => {
  /** Student's t with 3 degrees of freedom: process noise with heavy tails. */
  const t3 = (rng: { next(): number }) => {
    const z = gaussian(rng);
    const g = [gaussian(rng), gaussian(rng), gaussian(rng)];
    return z / Math.sqrt((g[0] ** 2 + g[1] ** 2 + g[2] ** 2) / 3);
  };
  for (const [noise, sd, firesBelow, draw] of [
    ['normal', 0.02, 0.02, gaussian],
    ['normal', 0.05, 0.02, gaussian],
    ['normal', 0.12, 0.02, gaussian],
    ['heavy-tailed (t, 3 df)', 0.05, 0.06, t3],
  ] as const)
    it(`fires in under ${firesBelow * 100} % of benchmarks and keeps coverage near 95 % with ${noise} process noise (scale ${sd * 100} %)`, async () => {
      const rng = createRng(11 + sd * 1000 + firesBelow * 100);
      let covered = 0;
      let fired = 0;
      await trials(TRIALS, () => {
        const { ci, odd } = procedure(() => COST * (1 + sd * draw(rng)));
        if (odd) fired++;
        if (ci.ciLow <= COST && COST <= ci.ciHigh) covered++;
      });
      expect(fired / TRIALS).toBeLessThan(firesBelow);
      expect(covered / TRIALS).toBeGreaterThanOrEqual(0.935);
      expect(covered / TRIALS).toBeLessThanOrEqual(0.975);
    });

  // With the default 3 processes the rule only sees benchmarks whose processes disagreed; with
  // --forks 6 it judges every benchmark.
  for (const [noise, sd, firesBelow, draw] of [
    ['normal', 0.02, 0.01, gaussian],
    ['normal', 0.05, 0.02, gaussian],
    ['heavy-tailed (t, 3 df)', 0.05, 0.08, t3],
  ] as const)
    it(`--forks 6: fires in under ${firesBelow * 100} % of benchmarks and keeps coverage near 95 % with ${noise} noise (scale ${sd * 100} %)`, async () => {
      const rng = createRng(61 + sd * 1000 + firesBelow * 100);
      let covered = 0;
      let fired = 0;
      await trials(TRIALS, () => {
        const { ci, odd } = procedure(() => COST * (1 + sd * draw(rng)), 6);
        if (odd) fired++;
        if (ci.ciLow <= COST && COST <= ci.ciHigh) covered++;
      });
      expect(fired / TRIALS).toBeLessThan(firesBelow);
      expect(covered / TRIALS).toBeGreaterThanOrEqual(0.935);
      expect(covered / TRIALS).toBeLessThanOrEqual(0.975);
    });

  it('finds a process in a +46 % state among normal ones (sd 2 %) and the estimate stays within 2 % of the usual state', async () => {
    const rng = createRng(23);
    let found = 0;
    let within = 0;
    await trials(TRIALS, () => {
      const slowAt = rng.int(3); // the state hits one of the planned processes
      const { ci, odd } = procedure((i) => COST * (i === slowAt ? 1.46 : 1) * (1 + 0.02 * gaussian(rng)));
      if (odd?.position === slowAt) found++;
      if (Math.abs(ci.point / COST - 1) <= 0.02) within++;
    });
    expect(found / TRIALS).toBeGreaterThan(0.95);
    expect(within / TRIALS).toBeGreaterThan(0.95);
  });
});
