// Per-iteration samples derived from the stored raw batches, for plots and distributions.
// This is presentation of stored data, not measurement (habit 7): the intercept comes
// from the document's estimates, or, for a document without them, from an OLS fit (the
// analysis itself fits Theil–Sen: src/statistics/robust-slope.ts).
import type { BenchmarkResult, ForkResult } from '../results/schema.js';
import { COUNTED_KINDS, isContaminated } from '../analysis/contamination.js';
import { ols } from '../statistics/regression.js';
import { fullName } from '../text/format.js';

export interface ForkSamples {
  fork: number;
  /** (batch.ns − intercept) / iterations, in run order. */
  perIteration: number[];
  /** Indices of batches during which a GC, context switch or migration happened. */
  contaminated: number[];
}

/** The batch-time intercept (fixed overhead per batch) used to turn batches into per-iteration times. */
export function batchIntercept(b: BenchmarkResult): number {
  if (b.estimates && Number.isFinite(b.estimates.intercept)) return b.estimates.intercept;
  const all = b.forks.flatMap((f) => f.batches);
  if (all.length < 2 || new Set(all.map((x) => x.iterations)).size < 2) return 0;
  return ols(
    all.map((x) => x.iterations),
    all.map((x) => x.ns),
  ).intercept;
}

export function forkSamples(b: BenchmarkResult): ForkSamples[] {
  const intercept = batchIntercept(b);
  return b.forks.map((f: ForkResult) => ({
    fork: f.index,
    perIteration: f.batches.map((x) => (x.iterations > 0 ? (x.ns - intercept) / x.iterations : Number.NaN)),
    contaminated: f.batches.flatMap((x, i) => (isContaminated(x, COUNTED_KINDS) ? [i] : [])),
  }));
}

/** All per-iteration samples of a benchmark (every fork, run order within fork). */
export function allSamples(b: BenchmarkResult): number[] {
  return forkSamples(b)
    .flatMap((f) => f.perIteration)
    .filter(Number.isFinite);
}

/** How many batches the estimate rests on, and how many of them were contaminated. */
export function contaminationCount(b: BenchmarkResult): {
  batches: number;
  contaminated: number;
  gc: number;
  switches: number;
  migrations: number;
} {
  // Preempted batches are left out of the estimate and counted on their own (analysis/preemption.ts).
  const all = b.forks.flatMap((f) => f.batches).filter((x) => !x.preempted);
  return {
    batches: all.length,
    contaminated: all.filter((x) => isContaminated(x, COUNTED_KINDS)).length,
    gc: all.filter((x) => x.gc > 0).length,
    switches: all.filter((x) => x.contextSwitches > 0).length,
    migrations: all.filter((x) => x.migrations > 0).length,
  };
}

/** "group / name" or the name alone: the full name as the review and HTML reports print it. */
export function spacedName(b: Pick<BenchmarkResult, 'group' | 'name'>): string {
  return fullName(b.group, b.name, ' / ');
}

/** Arguments as "n=100, mode=fast" (empty when there are none). */
export function formatArgs(args: Record<string, unknown>): string {
  return Object.entries(args)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}
