// The typed details of a benchmark's analysis (codes and values, no sentences): their own module so
// that schema.ts and latency-schema.ts can both use them without importing each other.
import type { DetailValues } from './detail-values.js';

export type { DetailValues, EnvironmentValues, NoValues, Side, V8Values } from './detail-values.js';

/** Every code of a benchmark's details (src/analysis) and of a comparison's reasons and notes, worded by src/report/details.ts. */
export const DETAIL_CODES = [
  'invalid-batches',
  'process-left-out',
  'no-slope',
  'slope-fallback',
  'bootstrap-skipped',
  'optimized-away',
  'allocation-dropped',
  'estimates-disagree',
  'inputs-changed',
  'low-r2',
  'warmup-not-steady',
  'target-ci-not-reached',
  'slow-mode',
  'multimodal',
  'skewed',
  'outliers',
  'contamination',
  'contamination-within-ci',
  'gc-amortized',
  'negative-hidden',
  'preempted',
  'slow-processes',
  'odd-process',
  'processes-added',
  'processes-missing',
  'processes-budget',
  'processes-settled',
  'counter-negative',
  'layout',
  'simulated-wall-time',
  'not-simulated',
  'simulated',
  'not-optimized',
  'simulation-unsteady',
  'latency-timer',
  'latency-step',
  'latency-timer-dominated',
  'latency-timer-jitter',
  'latency-timer-small',
  'latency-zero',
  'latency-thin-tail',
  'latency-gc',
  'latency-budget',
  'different-checksums',
  'assumption-broken',
  'too-few-processes',
  'ratio-undefined',
  'ci-includes-one',
  'within-noise',
  'cannot-tell',
  'rank-test-unsure',
  'side-failed',
  'side-unmeasured',
  'side-contaminated',
  'cannot-estimate',
  'environment-differs',
  'no-common-count',
  'too-few-counts',
  'sample-advice',
  'side-outliers',
  'grubbs',
  'side-multimodal',
  'checksums-differ',
  'checksums-unstable',
  'detectable',
  'odd-process-compared',
  'odd-process-kept',
  'run-drifted',
  'machine-changed',
  'not-after-adjustment',
  'environment-allowed',
  'instruction-counts',
  'batches-capped',
  'memory-unavailable',
  'rusage-unavailable',
  'sched-unreadable',
  'gc-unobservable',
  'pin-failed',
  'fifo-unconfirmed',
  'fifo-refused',
  'mlock-failed',
  'no-counter-event',
  'counters-unavailable',
  'simulation-unsupported',
  'not-under-valgrind',
  'per-call-timing',
] as const;
export type DetailCode = (typeof DETAIL_CODES)[number];

/** A detail's weight: a warning is a reason to doubt the figure, an info is worth knowing. */
export type DetailSeverity = 'warning' | 'info';

/**
 * One typed detail of a benchmark's analysis: what was seen, as a code and its values (one type per
 * code, ./detail-values.ts), no sentence. `Detail<'low-r2'>` is that code's detail alone.
 */
export type Detail<C extends DetailCode = DetailCode> = {
  [K in C]: {
    code: K;
    severity: DetailSeverity;
    /** "group/name" of the benchmark. */
    benchmark: string;
    values: DetailValues[K];
  };
}[C];

/** A detail as the analysis makes it, before the result builder names its benchmark. */
export type AnalysisDetail<C extends DetailCode = DetailCode> = {
  [K in C]: { code: K; severity: DetailSeverity; values: DetailValues[K] };
}[C];

/** A detail's code and values, what its words are made from (src/report/details.ts). */
export type DetailData<C extends DetailCode = DetailCode> = {
  [K in C]: { code: K; values: DetailValues[K] };
}[C];

/**
 * A detail of `code` with its values. The signature ties the values to the code; TypeScript does
 * not relate a generic code's object to its member of the union by itself, hence the one assertion.
 */
export function detail<C extends DetailCode>(
  code: C,
  values: DetailValues[C],
  severity: DetailSeverity = 'warning',
): AnalysisDetail {
  return { code, severity, values } as AnalysisDetail;
}

// Every code has its values, and every values entry its code: the last line fails to compile otherwise.
type Extra = Exclude<keyof DetailValues, DetailCode>;
type Missing = Exclude<DetailCode, keyof DetailValues>;
type IsTrue<T extends true> = T;
export type EveryCodeHasValues = IsTrue<[Extra, Missing] extends [never, never] ? true : false>;
