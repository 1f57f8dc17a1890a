// The default of every option a user can set for measuring, analysing and comparing: the
// CLI's parsers, its help texts, the library's calls and the engine's and analysis' own
// defaults all read these, so a default is changed in one place.

/** Two-sided confidence level of every interval (headline CI, ratio CI, the engine's quick stop rule). */
export const DEFAULT_CONFIDENCE = 0.95;
/** Relative CI half-width the adaptive stop aims for, and that the sample-size advice targets (1 %). */
export const DEFAULT_TARGET_CI = 0.01;
/** Seed of every random choice: batch order, inputs drawn by a generator, bootstrap resamples. */
export const DEFAULT_SEED = 1;
/** Relative differences below this are "within noise" in a comparison (1 %). */
export const DEFAULT_NOISE_THRESHOLD = 0.01;
/** Bootstrap resamples. */
export const DEFAULT_RESAMPLES = 2000;
/**
 * The headline statistic when none is asked for. 'slope' (a Theil–Sen fit of per-size median
 * batch time on iterations) removes the fixed timer/loop overhead; docs/measurements.md records
 * which statistic has the smallest between-process CV (bench/) and may change this one constant.
 */
export const DEFAULT_STATISTIC = 'slope' as const;
/** Processes per benchmark of a forked run (`cyclebench run`, runFiles()). */
export const DEFAULT_FORKS = 3;
/** A worker still running after this long is killed. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/**
 * Sampling time budget per benchmark per process (`run --time`). A process that has not reached
 * the target CI by then stops: the headline's CI is over processes, and on a shared machine the
 * spread between processes outweighs what a longer stay in one process buys (0.75 s gave
 * headline CIs no wider than 1.5 s at 0.83x the wall time: docs/measurements.md "Cost of a
 * default run").
 */
export const DEFAULT_TIME_BUDGET_NS = 750e6;
/**
 * Target duration of the largest batch of a round (`run --batch-ms`). Long enough that the
 * ~50–100 ns of two clock reads is < 0.01 % of it; short, because on a shared CPU the chance that
 * a batch is preempted grows with its length: against 5 ms, 1 ms batches were preempted 3–6x
 * less often under a CPU hog, with the same accuracy (docs/measurements.md "CPU choice and batch
 * length").
 */
export const DEFAULT_LARGEST_BATCH_NS = 1e6;
/**
 * Largest batch for a kernel that collected garbage during warmup. The headline fits the median
 * batch of each size, so it carries the GC cost only when most batches hold a collection: 1 ms
 * batches of allocating kernels held one in 7–29 % of batches (the GC cost fell out of the
 * headline), 5 ms batches in 50–87 %.
 */
export const DEFAULT_ALLOCATING_LARGEST_BATCH_NS = 5e6;
/** How a CPU is picked when none is named (`run --cpu`; orchestrator/conditions.ts CpuChoice). */
export const DEFAULT_CPU_CHOICE = 'idlest' as const;
/** What a pin covers (`run --pin`; orchestrator/conditions.ts PinPolicy). */
export const DEFAULT_PIN_POLICY = 'process' as const;
/** Processes per benchmark under `--counters simulate`: counts are deterministic (simulation/launch.ts). */
export const SIMULATED_FORKS = 2;
/** A worker under callgrind needs minutes, not seconds (docs/measurements.md: cost of a simulated run). */
export const SIMULATED_TIMEOUT_MS = 600_000;
/** Most pairs per benchmark of a paired run (`run --against --max-pairs`); its last look. */
export const DEFAULT_MAX_PAIRS = 20;
/** Measured runs per command of `cyclebench stat` (`--runs`). */
export const DEFAULT_RUNS = 10;
/** Where `cyclebench system tune` saves what it changed (`system --state`): a directory only root can write. */
export const DEFAULT_STATE_PATH = '/var/lib/cyclebench/system-state.json';

/** "1%" for a help text: a fraction as the percentage a user types. */
export function helpPercent(fraction: number): string {
  // text/format.ts trimmedPercent(fraction, 6, false), written out: this module imports nothing.
  return `${+(fraction * 100).toFixed(6)}%`;
}
