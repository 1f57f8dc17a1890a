// Processes that ran in another state than the rest of their run. Every worker times the same three
// reference kernels between sampling rounds (src/engine/yardstick.ts): one that computes in
// registers one dependent step at a time, one that reads a table the size of a core's L2 cache one
// dependent read at a time, and one that keeps the core's ports busy. The median of each over a
// process's rounds is that process's "speed". Across one run — every process of every benchmark,
// minutes apart — most processes agree within a few percent, and a process whose yardstick was its
// factor (SLOW_FACTORS) times the run's usual state or more ran on a slow CPU, with a slow memory
// path or on a core shared with a busy neighbour, for much of its life: its kernel time says as
// much about the host as about the kernel. The run's usual state is the median over its planned
// processes.
//
// The rule is two-sided: a process that many times *faster* than the usual state is in another
// state too. On this VM the memory path has two states about 1.4× apart (docs/measurements.md, "A
// slow memory path the compute yardstick does not see"), and on a busy day most of a run sits in
// the slow one: a benchmark that caught the fast state in some of its processes read up to 1.38×
// its copy, against 1.00 for the ones that did not. Judging every process against the state most
// of the run shares keeps the benchmarks of one run, which are compared with one another, in one
// state: over 96 recorded 2×/A/A pairs, 86 came within 6 % of their truth with the two-sided rule
// against 75–76 one-sided, whether the reference was the median or a lower quartile, and 43 of
// 48 concat/parse runs did in a live run against 33 with the lower quartile (docs/measurements.md,
// "Processes in another state than the rest of the run"). A run whose host flips state half-way
// can still leave a benchmark and its baseline in different states; the comparison then checks
// the kept processes' yardsticks (machineShifts, src/compare/verdict.ts) and cannot tell.
//
// Such processes are left out of the headline and of comparisons when at least MIN_KEPT others
// remain, and one detail says so; when too few remain, the result is flagged `contended` instead
// of being corrected by a guess. A run that may add processes replaces them first
// (src/api/more-processes.ts), so a benchmark whose every planned process fell in a spell gets
// processes measured after it.

import { median } from 'simple-statistics';
import type { AnalysisDetail, ForkResult } from '../results/schema.js';
import { v8Comparison } from './v8-state.js';

/** A process whose compute yardstick median is this many times the run's usual state, or its inverse, ran in another state. */
export const SLOW_FACTOR = 1.25;
/**
 * The same for the memory yardstick, which moves less than the kernels it stands for: in the slow
 * spells measured on this VM its first form (scattered reads) read 1.34–1.36× while JSON.parse
 * read 1.75×, and outside them it stayed within 12 % of its median (docs/measurements.md, "A slow
 * memory path the compute yardstick does not see"). Its present form (a dependent chain) moves at
 * most 1.08× between quiet processes on Node 20–26 and read 1.1–1.6× in a spell that slowed
 * allocating kernels 1.7–1.8× ("The memory yardstick and the code V8 makes of it").
 */
export const MEMORY_SLOW_FACTOR = 1.2;
/**
 * The same for the throughput yardstick: in a probe's spells that slowed JSON.parse 1.54–2.37× it
 * read 1.13–1.87× its quiet median, and 0.98–1.04× outside them; timed as a worker times it,
 * within 1.08× between quiet processes (docs/measurements.md, "A yardstick for a busy core").
 */
export const THROUGHPUT_SLOW_FACTOR = 1.2;

/** Each yardstick, the field of a process that holds its times, and the factor that marks a process. */
const YARDSTICKS = [
  { name: 'compute', field: 'yardstickNs', limit: SLOW_FACTOR },
  { name: 'memory', field: 'memoryYardstickNs', limit: MEMORY_SLOW_FACTOR },
  { name: 'throughput', field: 'throughputYardstickNs', limit: THROUGHPUT_SLOW_FACTOR },
] as const;
type YardstickName = (typeof YARDSTICKS)[number]['name'];
/** A run needs this many processes with a yardstick before any is called slow. */
export const MIN_REFERENCE_PROCESSES = 3;
/** Slow processes are left out only when at least this many others remain. */
export const MIN_KEPT = 2;

type Yardstick = (typeof YARDSTICKS)[number]['field'];

/** The run's reference speeds: each yardstick's median over its processes; null with too few. */
export type RunYardstick = Record<YardstickName, number | null>;

const eachYardstick = (of: (y: (typeof YARDSTICKS)[number]) => number | null): RunYardstick =>
  Object.fromEntries(YARDSTICKS.map((y) => [y.name, of(y)])) as RunYardstick;

/** A process's median for one yardstick, ns; null without usable readings (older files, a fake clock). */
function medianOf(f: Pick<ForkResult, Yardstick>, which: Yardstick): number | null {
  const v = (f[which] ?? []).filter((x) => Number.isFinite(x) && x > 0);
  return v.length ? median(v) : null;
}

function reference(forks: readonly Pick<ForkResult, Yardstick>[], which: Yardstick, least: number): number | null {
  const v = forks.map((f) => medianOf(f, which)).filter((x): x is number => x !== null);
  return v.length >= Math.max(1, least) ? median(v) : null;
}

/** The run's reference, its usual state: each yardstick's median over the processes given (the planned ones). */
export function runYardstick(forks: readonly Pick<ForkResult, Yardstick>[]): RunYardstick {
  return eachYardstick((y) => reference(forks, y.field, MIN_REFERENCE_PROCESSES));
}

/** How slow `f` ran against `others` (the larger of its yardsticks' factors); null when unknown. */
export function slowFactorAgainst(
  f: Pick<ForkResult, Yardstick>,
  others: readonly Pick<ForkResult, Yardstick>[],
): number | null {
  return slowFactor(
    f,
    eachYardstick((y) => reference(others, y.field, 1)),
  );
}

/** Each yardstick's factor against the run's reference (null where it cannot be judged). */
function factors(f: Pick<ForkResult, Yardstick>, ref: RunYardstick): RunYardstick {
  return eachYardstick((y) => {
    const mine = medianOf(f, y.field);
    const r = ref[y.name];
    return r === null || mine === null ? null : mine / r;
  });
}

/** The factors that could be judged. */
const known = (x: RunYardstick): number[] => Object.values(x).filter((v): v is number => v !== null);

/**
 * How slow a process ran against the run's reference: the largest of its yardsticks' factors;
 * null when none can be judged.
 */
export function slowFactor(f: Pick<ForkResult, Yardstick>, ref: RunYardstick): number | null {
  const k = known(factors(f, ref));
  return k.length ? Math.max(...k) : null;
}

/**
 * Two sides whose median yardstick differs by this factor or more ran on a machine that was not the
 * same speed: the compute yardstick's median over a benchmark's processes stays within ±5 % from
 * run to run on this VM (32.1–35.4 µs over the 24 runs of the 8-repetition contention run,
 * docs/measurements.md), and an allocating kernel moves more than the memory yardstick does. From
 * here on even 'no difference' is refused; below it, only two separate runs' faster or slower
 * verdicts are held to the move (src/compare/verdict.ts).
 */
export const MACHINE_CHANGE = 1.1;

/** How one yardstick moved between a comparison's two sides: its median over the contender's processes / over the baseline's. */
export interface MachineShift {
  yardstick: YardstickName;
  factor: number;
}

/** Each yardstick read on both sides of a comparison, with how far it moved, however little. */
export function machineShifts(
  base: readonly Pick<ForkResult, Yardstick | 'memoryYardstick'>[],
  contender: readonly Pick<ForkResult, Yardstick | 'memoryYardstick'>[],
  /** `throughput: false` when the sides ran different V8 versions (compare/types.ts otherEngine). */
  use: { throughput: boolean } = { throughput: true },
): MachineShift[] {
  const shifts: MachineShift[] = [];
  for (const y of YARDSTICKS) {
    if (y.name === 'throughput' && !use.throughput) continue;
    // Two forms of the memory yardstick time different work: a side whose form differs from the
    // other's, or was not recorded (older files) where the other's was, is compared on the others
    // only. Two unrecorded sides are compared: the processes of one older file share their form,
    // and two older files of different forms read about 3× apart, which is refused as a changed
    // machine, not taken for a verdict.
    if (y.name === 'memory' && !sameMemoryForm(base, contender)) continue;
    const b = reference(base, y.field, 1);
    const c = reference(contender, y.field, 1);
    if (b !== null && c !== null) shifts.push({ yardstick: y.name, factor: c / b });
  }
  return shifts;
}

/** Whether every process of both sides timed the same form of the memory yardstick (or none recorded one). */
function sameMemoryForm(...sides: (readonly Pick<ForkResult, 'memoryYardstick'>[])[]): boolean {
  return new Set(sides.flat().map((f) => f.memoryYardstick)).size <= 1;
}

/** The shift that moved furthest from 1, either way; null when there is none. */
export function largestShift(shifts: readonly MachineShift[]): MachineShift | null {
  return shifts.reduce<MachineShift | null>(
    (found, x) => (found === null || shiftSize(x.factor) > shiftSize(found.factor) ? x : found),
    null,
  );
}

/** How far a factor is from 1, either way (1.25 and 0.8 are both 1.25). */
export const shiftSize = (factor: number): number => Math.max(factor, 1 / factor);

/** Whether a factor is `limit` or more away from 1, either way. */
const beyond = (factor: number | null, limit: number) => factor !== null && shiftSize(factor) >= limit;

/**
 * Whether a process ran in another state than the run's reference: any yardstick its factor
 * or more slower, or as much faster.
 */
export function inAnotherState(f: Pick<ForkResult, Yardstick>, ref: RunYardstick): boolean {
  const x = factors(f, ref);
  return YARDSTICKS.some((y) => beyond(x[y.name], y.limit));
}

/** The factor of the yardstick furthest from the reference, either way (1.4 slower, 0.7 faster); null when unknown. */
export function stateFactor(f: Pick<ForkResult, Yardstick>, ref: RunYardstick): number | null {
  const k = known(factors(f, ref));
  if (!k.length) return null;
  return k.reduce((a, b) => (Math.abs(Math.log(b)) > Math.abs(Math.log(a)) ? b : a));
}

/** Marks each process in another state with its factor (hostState); returns how many were marked. */
export function markSlowProcesses(forks: readonly ForkResult[], ref: RunYardstick): number {
  let n = 0;
  for (const f of forks) {
    if (inAnotherState(f, ref)) {
      f.hostState = stateFactor(f, ref)!;
      n++;
    }
  }
  return n;
}

/**
 * The processes estimates rest on: the ones neither in a slow state nor odd among their siblings
 * (odd-process.ts), when enough remain. `slow-only` keeps odd ones: comparisons judge those over
 * both sides together (jointOddProcess).
 */
export function measuredForks<T extends Pick<ForkResult, 'hostState' | 'oddProcess'>>(
  forks: readonly T[],
  leaveOut: 'slow-and-odd' | 'slow-only' = 'slow-and-odd',
): T[] {
  const kept = forks.filter(
    (f) => f.hostState === undefined && (leaveOut === 'slow-only' || f.oddProcess === undefined),
  );
  return kept.length >= MIN_KEPT && kept.length < forks.length ? kept : [...forks];
}

/** The slow processes of a benchmark as a detail, and whether the estimate left them out; null when none. */
export function slowProcessesDetail(forks: readonly ForkResult[]): AnalysisDetail<'slow-processes'> | null {
  const slow = forks.filter((f) => f.hostState !== undefined);
  if (slow.length === 0) return null;
  const leftOut = measuredForks(forks).length < forks.length;
  return {
    code: 'slow-processes',
    severity: leftOut ? 'info' : 'warning',
    values: {
      slow: slow.length,
      of: forks.length,
      factors: slow.map((f) => f.hostState!),
      leftOut,
      ...v8Comparison(
        slow,
        forks.filter((f) => f.hostState === undefined),
        'sampling',
      ),
    },
  };
}
