// A process whose kernel read far from its siblings while they agreed with each other. A process
// can settle for its whole life in a state of its own compiled code or memory layout that its
// batches cannot show and its yardstick (slow-processes.ts) does not share: on this VM one run read
// a kernel at 1529 ns in one process and 1034-1076 ns in its five others, while that process's
// yardstick was within 3 % of the run's (docs/measurements.md, "Contention"). The mean over
// processes then moved 8 %, and a comparison against it was off by as much.
//
// The rule names at most one such process per benchmark, and only when the others leave no doubt
// about the usual state: at least ODD_MIN_PROCESSES processes, the odd one at least ODD_OFF from
// the median of the others and at least ODD_SPREAD_TIMES times their whole range (max − min). Two
// processes that agree with each other against the rest are a mix of states, not one odd process,
// and the rule says nothing: the interval over all of them stays wide. Under normal
// process-to-process noise the rule almost never fires, so the headline interval keeps its coverage
// (test/analysis/odd-process.test.ts simulates both). The headline then describes the kernel's
// usual state; one detail says which process was left out and by how much, and the raw data keeps it.

import { median } from 'simple-statistics';
import type { AnalysisDetail, ForkResult, Statistic } from '../results/schema.js';
import { isUsableBatch, processStatistic } from './fork-fit.js';
import { manualStatistic } from './manual.js';
import { MIN_KEPT, slowFactorAgainst } from './slow-processes.js';
import { v8Comparison } from './v8-state.js';

/** The rule needs this many processes before it names one odd. */
export const ODD_MIN_PROCESSES = 5;
/** The odd process is at least this far (relative) from the median of the others. */
export const ODD_OFF = 0.1;
/** …and at least this many times the others' range relative to their median. */
export const ODD_SPREAD_TIMES = 3;

export interface OddProcess {
  /** Position in the values given. */
  position: number;
  /** Its value over the median of the others. */
  factor: number;
  /** The others' range (max − min) over their median. */
  spread: number;
}

/**
 * The one process the rule names among per-process values, or null. Only positions `canBeOdd`
 * accepts are named; every value counts among the others of each.
 */
export function oddProcess(
  values: readonly number[],
  canBeOdd: (i: number) => boolean = () => true,
): OddProcess | null {
  if (values.length < ODD_MIN_PROCESSES || !values.every((v) => Number.isFinite(v) && v > 0)) return null;
  let best: OddProcess | null = null;
  for (let i = 0; i < values.length; i++) {
    if (!canBeOdd(i)) continue;
    const others = values.filter((_, j) => j !== i);
    const m = median(others);
    const off = Math.abs(values[i] / m - 1);
    const spread = (Math.max(...others) - Math.min(...others)) / m;
    if (off < ODD_OFF || off < ODD_SPREAD_TIMES * spread) continue;
    if (best === null || off > Math.abs(best.factor - 1)) best = { position: i, factor: values[i] / m, spread };
  }
  return best;
}

/**
 * The process V8's records single out where the times alone do not: the only one of `forks` whose
 * code V8 deoptimized in its measured batches (every other read none, every record was read), and
 * whose value is above every other's and at least ODD_OFF above their median. A deoptimization
 * shows that the process's compiled code changed while it was measured, not that it ran slower,
 * so the times must still place it beyond all of its siblings; what it relaxes is only the
 * siblings' agreement (ODD_SPREAD_TIMES), which the timing rule needs because without it nothing
 * tells one process's state from the noise. Processes that do not deoptimize never meet it, so the
 * timing rule's coverage is unchanged (test/analysis/odd-process.test.ts).
 */
export function v8OddProcess(
  forks: readonly ForkResult[],
  values: readonly number[],
  canBeOdd: (i: number) => boolean = () => true,
): OddProcess | null {
  if (values.length < ODD_MIN_PROCESSES || !values.every((v) => Number.isFinite(v) && v > 0)) return null;
  const deopts = forks.map((f) => f.v8?.deopts?.sampling);
  if (!deopts.every((d): d is number => typeof d === 'number')) return null;
  const hit = deopts.flatMap((d, i) => (d > 0 ? [i] : []));
  if (hit.length !== 1 || !canBeOdd(hit[0])) return null;
  const i = hit[0];
  const others = values.filter((_, j) => j !== i);
  const m = median(others);
  const factor = values[i] / m;
  if (factor < 1 + ODD_OFF || values[i] <= Math.max(...others)) return null;
  return { position: i, factor, spread: (Math.max(...others) - Math.min(...others)) / m };
}

/**
 * Per-process values on `statistic`, or on the mean when a process has no slope or timed itself
 * (as the headline does).
 */
function processValues(forks: readonly ForkResult[], statistic: Statistic): number[] {
  const valuesOf = (s: Statistic) => forks.map((f) => processStatistic(f, s));
  const values = valuesOf(manualStatistic(forks, statistic));
  return statistic === 'slope' && !values.every(Number.isFinite) ? valuesOf('mean') : values;
}

/**
 * Marks the odd process of one benchmark (oddProcess on the fork), judged on `statistic` (the mean
 * when a process has no slope, as the headline does); where the times name none, the process V8's
 * records single out (v8OddProcess); returns it. A process already left out for its host state
 * (slow-processes.ts: slower or faster than the run's usual state) is never named. With
 * ODD_MIN_PROCESSES or more in the usual state, they alone are judged. With fewer, the ones left
 * out count among the others too (their host state widens the range the odd one must clear),
 * and a process is named only when MIN_KEPT others in the usual state remain:
 * on a loaded machine the yardsticks can set aside half of a benchmark's processes, and a
 * process twenty times the rest then stayed in the headline for want of siblings.
 */
export function markOddProcess(forks: readonly ForkResult[], statistic: Statistic): ForkResult | null {
  const judged = forks.filter((f) => f.batches.filter(isUsableBatch).length >= 2);
  const usual = judged.filter((f) => f.hostState === undefined);
  const pool = usual.length >= ODD_MIN_PROCESSES ? usual : judged;
  if (usual.length - 1 < MIN_KEPT) return null;
  const values = processValues(pool, statistic);
  const canBeOdd = (i: number) => pool[i].hostState === undefined;
  const odd = oddProcess(values, canBeOdd);
  // V8's evidence is asked only where the times name no process: they keep the last word.
  const byV8 = odd === null ? v8OddProcess(pool, values, canBeOdd) : null;
  const named = odd ?? byV8;
  if (named === null) return null;
  const f = pool[named.position];
  f.oddProcess = { factor: named.factor, spread: named.spread, of: pool.length, ...(byV8 ? { byV8: true } : {}) };
  return f;
}

/** The detail naming the odd process of a benchmark, with its yardstick against the others'; null when none. */
export function oddProcessDetail(forks: readonly ForkResult[]): AnalysisDetail<'odd-process'> | null {
  const f = forks.find((k) => k.oddProcess !== undefined);
  if (!f) return null;
  const siblings = forks.filter((k) => k !== f && k.hostState === undefined);
  return {
    code: 'odd-process',
    severity: 'info',
    values: {
      process: f.index,
      factor: f.oddProcess!.factor,
      spread: f.oddProcess!.spread,
      of: f.oddProcess!.of,
      ...(f.oddProcess!.byV8 ? { byV8: true } : {}),
      yardstick: slowFactorAgainst(f, siblings),
      // V8's deoptimizations in its sampled batches and its tier, against its siblings'.
      ...v8Comparison([f], siblings, 'sampling'),
    },
  };
}

export interface JointOdd {
  /** 0: the first side (the baseline), 1: the second. */
  side: number;
  fork: ForkResult;
  /** Its relative value (over its side's median) over the median of the others' relative values. */
  factor: number;
  /** The others' range of relative values over their median. */
  spread: number;
  /** Processes judged on both sides. */
  of: number;
}

/**
 * The odd process of a comparison, judged over both sides together: each process's value over its
 * own side's median (so the two runs' speeds do not matter), then the same rule. Judged per side, a
 * state that recurs would be left out where it happened once and kept where it happened twice,
 * making one side cleaner than the other: A/A comparisons were then called different about 3× as
 * often (test/compare/odd-compare.test.ts). Judged together, a state seen twice anywhere makes the
 * others disagree and nothing is left out; a state seen once is left out, and both sides then hold
 * the usual state only.
 */
export function jointOddProcess(sides: readonly (readonly ForkResult[])[], statistic: Statistic): JointOdd | null {
  // One statistic for both sides, as the verdict's ratio uses: the mean when any process has no slope.
  const all = processValues(sides.flat(), statistic);
  let from = 0;
  const values = sides.map((side) => all.slice(from, (from += side.length)));
  const odd = jointOdd(values);
  return odd && { ...odd, fork: sides[odd.side][odd.position] };
}

/** jointOddProcess on per-process values, one array per side: the side and position named, or null. */
export function jointOdd(
  values: readonly (readonly number[])[],
): (Omit<JointOdd, 'fork'> & { position: number }) | null {
  // Every side needs the processes the rule needs in one run: leaving one of 3 out leaves a side
  // of 2 whose spread cannot be estimated, and a 3-against-3 pair with 5 % process noise, the
  // contender 4 % slower, was then called faster with a 3 % interval (test/compare/odd-compare.test.ts).
  if (!values.every((v) => v.length >= ODD_MIN_PROCESSES && v.every((x) => Number.isFinite(x) && x > 0))) return null;
  const relative = values.flatMap((v) => {
    const m = median([...v]);
    return v.map((x) => x / m);
  });
  const odd = oddProcess(relative);
  if (odd === null) return null;
  let side = 0;
  let position = odd.position;
  while (position >= values[side].length) position -= values[side++].length;
  return { side, position, factor: odd.factor, spread: odd.spread, of: relative.length };
}
