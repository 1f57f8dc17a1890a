// Processes that ran in a slow state. Every worker times the same reference work between
// sampling rounds (src/engine/yardstick.ts); the median of those times is the process's
// "speed". Across one run — every process of every benchmark, minutes apart — most processes
// agree within a few percent, and a process whose yardstick was SLOW_FACTOR times the run's
// median or more ran on a slow CPU for much of its life: its kernel time says as much about
// the host as about the kernel. Such processes are left out of the headline and of
// comparisons when at least MIN_KEPT others remain, and one detail says so; when too few remain,
// the result is flagged `contended` instead of being corrected by a guess.

import { median } from 'simple-statistics';
import type { AnalysisDetail, ForkResult } from '../results/schema.js';
import { v8Comparison } from './v8-state.js';

/** A process whose yardstick median is this many times the run's median ran slow. */
export const SLOW_FACTOR = 1.25;
/** A run needs this many processes with a yardstick before any is called slow. */
export const MIN_REFERENCE_PROCESSES = 3;
/** Slow processes are left out only when at least this many others remain. */
export const MIN_KEPT = 2;

/** The process's yardstick median, ns; null without usable readings (older files, a fake clock). */
export function yardstickOf(f: ForkResult): number | null {
  const v = (f.yardstickNs ?? []).filter((x) => Number.isFinite(x) && x > 0);
  return v.length ? median(v) : null;
}

/** The run's reference: the median yardstick over all its processes; null with too few. */
export function runYardstick(forks: readonly ForkResult[]): number | null {
  const v = forks.map(yardstickOf).filter((x): x is number => x !== null);
  return v.length >= MIN_REFERENCE_PROCESSES ? median(v) : null;
}

/** Marks each slow process with its factor (slowState); returns how many were marked. */
export function markSlowProcesses(forks: readonly ForkResult[], reference: number | null): number {
  if (reference === null) return 0;
  let n = 0;
  for (const f of forks) {
    const y = yardstickOf(f);
    if (y !== null && y >= SLOW_FACTOR * reference) {
      f.slowState = y / reference;
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
export function measuredForks<T extends Pick<ForkResult, 'slowState' | 'oddProcess'>>(
  forks: readonly T[],
  leaveOut: 'slow-and-odd' | 'slow-only' = 'slow-and-odd',
): T[] {
  const kept = forks.filter(
    (f) => f.slowState === undefined && (leaveOut === 'slow-only' || f.oddProcess === undefined),
  );
  return kept.length >= MIN_KEPT && kept.length < forks.length ? kept : [...forks];
}

/** The slow processes of a benchmark as a detail, and whether the estimate left them out; null when none. */
export function slowProcessesDetail(forks: readonly ForkResult[]): AnalysisDetail<'slow-processes'> | null {
  const slow = forks.filter((f) => f.slowState !== undefined);
  if (slow.length === 0) return null;
  const leftOut = measuredForks(forks).length < forks.length;
  return {
    code: 'slow-processes',
    severity: leftOut ? 'info' : 'warning',
    values: {
      slow: slow.length,
      of: forks.length,
      factors: slow.map((f) => f.slowState!),
      leftOut,
      ...v8Comparison(
        slow,
        forks.filter((f) => f.slowState === undefined),
        'sampling',
      ),
    },
  };
}
