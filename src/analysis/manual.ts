// The statistic of manually timed benchmarks (src/engine/manual.ts: node:bench's start()/end(ops)
// and record() samples). The batch statistics' default, the slope of batch time on iterations,
// needs batch sizes the engine varies; a manual sample's size is the callback's, usually the
// same every time, so there is no slope to fit and its absence is no fault to report. Their
// headline is the mean per-operation time instead: per process, the mean over its usable
// samples of duration / operations, nothing taken out for a fixed cost per sample whatever the
// operation counts (fork-fit.ts fitFork says why; with one operation count, exactly the pooled
// Σ duration / Σ operations, every operation counted once, the garbage collections and slow
// samples included since they are the code's own cost); then, as for every benchmark, the mean
// over processes with a Student t interval over the per-process values, and comparisons by the
// Welch interval of the log ratio over per-process values (compare.ts). docs/migration.md.
import type { ForkResult, Statistic } from '../results/schema.js';

/** The process timed its own samples; its statistics have no intercept (fork-fit.ts fitFork). */
export function isManual(f: Pick<ForkResult, 'manual'>): boolean {
  return f.manual !== undefined;
}

/** Every process of the benchmark timed itself (and there is at least one). */
export function allManual(forks: readonly Pick<ForkResult, 'manual'>[]): boolean {
  return forks.length > 0 && forks.every(isManual);
}

/**
 * The statistic asked for, or the mean when a slope was asked for and a process timed itself
 * (a benchmark's processes all do or none do; two sides compared, or a pair, may mix).
 */
export function manualStatistic(forks: readonly Pick<ForkResult, 'manual'>[], asked: Statistic): Statistic {
  return asked === 'slope' && forks.some(isManual) ? 'mean' : asked;
}

export const MANUAL_METHOD =
  "mean = mean per-operation time of the benchmark's own timed samples (start()/end(ops) or record())";
