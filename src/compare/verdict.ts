// The verdict of one pair: faster / slower / no-difference / cannot-tell / too-few / incomparable.
// Built on analysis/compare.ts `compareForks` (ratio contender/base of the headline statistic
// with a Welch t-interval over per-process values, noise threshold, and the p of the Welch test that
// interval inverts: the row's p-value, the one suite-level adjustment orders) and adds:
//
// 1. The interval's unit is the process, with t quantiles: seeded simulations
//    (bench/statistics/coverage.ts, docs/measurements.md "Coverage") put the A/A false-positive
//    rate at or below α from 2 processes per side, where the hierarchical percentile bootstrap,
//    even expanded for small samples (Hesterberg 2015), called 8 % (3 per side) and 20 %
//    (2 per side) of A/A pairs different. Below 2 per side: 'too-few', no verdict.
// 2. A rank test as a second opinion, on the honest unit only: with >= 4 processes per side,
//    Mann–Whitney on the per-process statistics (exact; with 3 the smallest two-sided p is 0.1, so
//    it could never object); with fewer, none (batches of one process are not independent, so a
//    test over them reads process-to-process differences as significant). Its p appears only in
//    the reason that says it disagrees with the interval, never as the row's p-value.
// 3. A reason (as data) whenever the verdict is not plain; when the test and the CI disagree,
//    one saying what to conclude.
// Assumption checks (environment, errors, checksums) live in assumptions.ts.

import { compareForks, intervalAnswer, warningDetail } from '../analysis/compare.js';
import { isUsableBatch, processStatistic } from '../analysis/fork-fit.js';
import {
  largestShift,
  MACHINE_CHANGE,
  type MachineShift,
  machineShifts,
  measuredForks,
  shiftSize,
} from '../analysis/slow-processes.js';
import { detail } from '../results/detail-schema.js';
import { jointOddProcess } from '../analysis/odd-process.js';
import { DEFAULT_STATISTIC } from '../defaults.js';
import type { AnalysisDetail, ForkResult, Statistic } from '../results/schema.js';
import { mannWhitney } from '../statistics/mann-whitney.js';
import type { CompareSettings, VerdictResult } from './types.js';

export const MIN_PROCESSES_FOR_PROCESS_TEST = 4;

export interface ForkVerdict extends VerdictResult {
  statistic: Statistic;
  /** The one process left out as odd over both runs (jointOddProcess), as a detail; absent when none. */
  leftOut?: AnalysisDetail;
  /** Smallest relative difference the verdict's test detects at 80 % power (statistics/welch-power.ts), null with < 2 processes. */
  minimumDetectable: number | null;
  /** Each side's value of `statistic`, ns/op, whose quotient is `ratio.point` (contender / baseline). */
  sides: readonly [number, number];
}

/** Processes with ≥ 2 usable batches, less those left out (slow, or also odd when `marked`) when enough remain. */
function usable(forks: readonly ForkResult[], marked: boolean): ForkResult[] {
  return measuredForks(
    forks.filter((f) => f.batches.filter(isUsableBatch).length >= 2),
    marked ? 'slow-and-odd' : 'slow-only',
  );
}

/**
 * Both sides' processes, less the one odd process of the two runs judged together (jointOddProcess,
 * which needs 5 or more on each side); with the detail that says so. With `oddMarks` the marks of
 * the run are used instead: two arms of one run (--aa) were judged together when they were marked.
 * A process its run left out of the headline but the comparison keeps is named too, so the ratio
 * and the headlines beside it can be told apart.
 */
function comparedSides(
  baseForks: readonly ForkResult[],
  contenderForks: readonly ForkResult[],
  statistic: Statistic,
  oddMarks: boolean,
): { sides: [ForkResult[], ForkResult[]]; leftOut: AnalysisDetail | null } {
  const sides: [ForkResult[], ForkResult[]] = [usable(baseForks, oddMarks), usable(contenderForks, oddMarks)];
  const odd = oddMarks ? null : jointOddProcess(sides, statistic);
  if (odd === null) {
    const kept = sides.flatMap((forks, side) => forks.filter((f) => f.oddProcess).map((f) => ({ f, side })));
    if (kept.length === 0) return { sides, leftOut: null };
    const { f, side } = kept[0];
    return {
      sides,
      leftOut: {
        code: 'odd-process-kept',
        severity: 'info',
        values: { side: side === 0 ? 'baseline' : 'contender', process: f.index, factor: f.oddProcess!.factor },
      },
    };
  }
  sides[odd.side] = sides[odd.side].filter((f) => f !== odd.fork);
  const leftOut: AnalysisDetail = {
    code: 'odd-process-compared',
    severity: 'info',
    values: {
      side: odd.side === 0 ? 'baseline' : 'contender',
      process: odd.fork.index,
      factor: odd.factor,
      spread: odd.spread,
      of: odd.of,
    },
  };
  return { sides, leftOut };
}

export function verdictForForks(
  baseForks: readonly ForkResult[],
  contenderForks: readonly ForkResult[],
  s: CompareSettings,
): ForkVerdict {
  const {
    sides: [base, cont],
    leftOut,
  } = comparedSides(baseForks, contenderForks, s.statistic ?? DEFAULT_STATISTIC, s.oddMarks ?? false);
  const alpha = 1 - s.confidence;
  const c = compareForks(base, cont, {
    statistic: s.statistic,
    confidence: s.confidence,
    resamples: s.resamples,
    seed: s.seed,
    noiseThreshold: s.threshold,
    alpha,
    ...(s.planned ? { planned: s.planned } : {}),
  });
  const statistic = c.statistic;

  const pValue = c.pValue;
  let test = `p: ${c.test}`;
  let rankP: number | null = null;
  if (Math.min(base.length, cont.length) >= MIN_PROCESSES_FOR_PROCESS_TEST) {
    const mw = mannWhitney(
      base.map((f) => processStatistic(f, statistic)),
      cont.map((f) => processStatistic(f, statistic)),
    );
    rankP = mw.pValue;
    test += `; second opinion: Mann–Whitney U over per-process ${statistic} (${mw.method})`;
  }
  const ratio = { point: c.ratio.point, ciLow: c.ratio.ciLow, ciHigh: c.ratio.ciHigh };
  const head = {
    ratio,
    ciPValue: c.ciPValue,
    pValue,
    statistic,
    sides: c.sides,
    ...(leftOut ? { leftOut } : {}),
    minimumDetectable: c.minimumDetectable,
    confidence: s.confidence,
    method: `${c.ratio.method}; ${test}`,
  };

  if (c.verdict === 'incomparable' || c.verdict === 'too-few')
    return { ...head, verdict: c.verdict, ...(c.because ? { because: c.because } : {}) };
  if (c.drift) return { ...head, verdict: 'cannot-tell', because: c.drift };
  const excludesOne = ratio.ciLow > 1 || ratio.ciHigh < 1;
  // The CI decides the verdict; when the rank test disagrees, the reason says once what to conclude.
  const disagree = rankP !== null && excludesOne !== rankP < alpha;
  const answer = intervalAnswer(ratio, Math.min(base.length, cont.length), s.threshold, s.confidence, {
    confidence: s.confidence,
    pValue: disagree ? rankP : null,
    wide: false,
    threshold: s.threshold,
  });
  const { verdict } = answer;
  // A machine that ran slower for one side could make that side read slower, or hide a real
  // difference: such a verdict stands only when it goes against the machine's change, or when
  // its whole interval lies beyond what the change could do. A kernel moves more than the
  // yardstick (JSON.parse 1.78× where the memory yardstick read 1.54×, docs/measurements.md), so
  // up to the square of the yardstick's factor is taken as within the machine's reach.
  //
  // Between two separate runs the same holds for a machine that moved less than MACHINE_CHANGE: the
  // intervals come from each run's own processes, which cannot see a state the whole run sat in.
  // Two runs of one unchanged file under a CPU hog read JSON.parse 5.3 % apart, each run's three
  // processes within ±1 %, while the memory yardstick read 1.07× apart in the same direction
  // (docs/measurements.md, "Allocating kernels through the gate and through `--against`"). So a
  // faster or slower verdict between separate runs stands only beyond the square of the furthest
  // any yardstick moved in its direction; 'no difference' is refused from MACHINE_CHANGE on, as before.
  const shifts = (s.separateRuns || s.sameRun ? machineShifts(base, cont, { throughput: !s.otherEngine }) : []).filter(
    (x) => s.separateRuns || shiftSize(x.factor) >= MACHINE_CHANGE,
  );
  const machine = explainingShift(verdict, ratio, shifts);
  if (machine !== null)
    return {
      ...head,
      verdict: 'cannot-tell',
      because: detail('machine-changed', { ...machine, ...(s.separateRuns ? {} : { sameRun: true }) }),
    };
  if (!(verdict === 'faster' || verdict === 'slower') || !disagree) return { ...head, ...answer };
  return { ...head, verdict, because: warningDetail('rank-test-unsure', { verdict, pValue: rankP }) };
}

/**
 * The yardstick move that could give `verdict` alone (see verdictForForks), or null: for 'no
 * difference', the largest move from MACHINE_CHANGE on; for 'faster' or 'slower', the largest move
 * in that direction, when the interval reaches within its square.
 */
function explainingShift(
  verdict: string,
  ratio: { ciLow: number; ciHigh: number },
  shifts: readonly MachineShift[],
): (MachineShift & { verdict: 'faster' | 'slower' | 'no-difference' }) | null {
  if (verdict === 'no-difference') {
    const largest = largestShift(shifts);
    return largest !== null && shiftSize(largest.factor) >= MACHINE_CHANGE ? { ...largest, verdict } : null;
  }
  if (verdict !== 'slower' && verdict !== 'faster') return null;
  const towards = largestShift(shifts.filter((x) => (verdict === 'slower' ? x.factor > 1 : x.factor < 1)));
  if (towards === null) return null;
  const reach = towards.factor ** 2;
  return (verdict === 'slower' ? ratio.ciLow <= reach : ratio.ciHigh >= reach) ? { ...towards, verdict } : null;
}
