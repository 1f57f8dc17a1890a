// The typed details of a benchmark's analysis (codes and values, no sentences): their own module so
// that schema.ts and latency-schema.ts can both use them without importing each other.

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

export type DetailScalar = number | string | boolean | null;
export type DetailValue = DetailScalar | DetailScalar[];

/** One typed detail of a benchmark's analysis: what was seen, as a code and its numbers, no sentence. */
export interface Detail {
  code: DetailCode;
  severity: 'warning' | 'info';
  /** "group/name" of the benchmark. */
  benchmark: string;
  values: Record<string, DetailValue>;
}

/** A detail as the analysis makes it, before the result builder names its benchmark. */
export type AnalysisDetail = Omit<Detail, 'benchmark'>;
