// The findings of a benchmark (src/analysis/findings.ts), part of the result document
// (src/results/schema.ts): codes and values, worded by src/report/findings.ts.

export type FindingSeverity = 'error' | 'warning' | 'info';

/** Every finding code, most important first; the report's registry (src/report/findings.ts) words each. */
export const FINDING_CODES = [
  'failed',
  'optimized-away',
  'allocation-dropped',
  'estimates-disagree',
  'partial',
  'inputs-changed',
  'environment-changed',
  'incomparable',
  'multimodal',
  'noisy',
  'contended',
  'tests-disagree',
  'held-by-family',
  'low-r2',
  'warmup-not-steady',
  'contamination',
  'outliers',
  'too-few',
  'in-process',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

/** One typed finding about one benchmark: numbers and names only, no sentences. */
export interface Finding {
  code: FindingCode;
  severity: FindingSeverity;
  /** "group/name" of the benchmark. */
  benchmark: string;
  values: Record<string, number | string | boolean | null>;
}
