// Descriptive statistics of one sample, every dispersion measure labelled by its exact
// name (docs/platform-notes.md P29: never an unlabelled "±"). Everything here comes from
// simple-statistics; this file only fixes the conventions:
// - quantiles: simple-statistics' `quantileSorted` = Hyndman & Fan type 7 (R's default),
// - stddev: sample standard deviation (n - 1 denominator),
// - mad: raw median absolute deviation (NOT scaled by 1.4826),
// - cv: stddev / mean, stderr: stddev / sqrt(n) (the standard error of the mean).

import {
  mean,
  medianSorted,
  quantileSorted,
  medianAbsoluteDeviation,
  sampleStandardDeviation,
} from 'simple-statistics';

export interface Description {
  n: number;
  min: number;
  max: number;
  mean: number;
  median: number;
  p25: number;
  p75: number;
  p99: number;
  /** Median absolute deviation from the median, unscaled. */
  mad: number;
  /** Sample standard deviation (n - 1); NaN (undefined) when n < 2. */
  stddev: number;
  /** Coefficient of variation, stddev / mean; NaN when the mean is 0 or n < 2. */
  cv: number;
  /** Standard error of the mean, stddev / sqrt(n); NaN when n < 2. */
  stderr: number;
  /** Interquartile range p75 - p25 (type-7 quantiles). */
  iqr: number;
}

/** Returns a new ascending copy; never mutates the input. */
export function sortedCopy(values: readonly number[]): number[] {
  return Array.from(values).sort((a, b) => a - b);
}

export function describe(values: readonly number[]): Description {
  const n = values.length;
  if (n === 0) throw new RangeError('describe: empty sample');
  for (const v of values) {
    if (!Number.isFinite(v)) throw new RangeError(`describe: non-finite value ${v}`);
  }
  const sorted = sortedCopy(values);
  const m = mean(sorted);
  const stddev = n >= 2 ? sampleStandardDeviation(sorted) : Number.NaN; // one value says nothing of spread
  const p25 = quantileSorted(sorted, 0.25);
  const p75 = quantileSorted(sorted, 0.75);
  return {
    n,
    min: sorted[0],
    max: sorted[n - 1],
    mean: m,
    median: medianSorted(sorted),
    p25,
    p75,
    p99: quantileSorted(sorted, 0.99),
    mad: medianAbsoluteDeviation(sorted),
    stddev,
    cv: m === 0 ? Number.NaN : stddev / m,
    stderr: stddev / Math.sqrt(n),
    iqr: p75 - p25,
  };
}
