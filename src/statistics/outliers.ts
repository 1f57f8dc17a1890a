// Outlier classification. Outliers are reported, never dropped.
// - Tukey fences (Tukey, "Exploratory Data Analysis", 1977): mild outside [Q1 - 1.5·IQR,
//   Q3 + 1.5·IQR], severe outside [Q1 - 3·IQR, Q3 + 3·IQR]. Quartiles are type-7 (R's
//   default), from simple-statistics; Tukey's hinges can differ slightly on small n.
// - Grubbs' test, two-sided, for ONE outlier in an otherwise normal sample (Grubbs 1969;
//   NIST/SEMATECH e-Handbook §1.3.5.17.1): G = max|x_i - x̄| / s, rejected when
//   G > ((n-1)/√n)·√(t²/(n-2+t²)), t = t_{1-α/(2n), n-2}.
// HAND-WRITTEN: simple-statistics has quantiles and IQR but neither fences nor Grubbs.

import { quantile, mean, sampleStandardDeviation } from 'simple-statistics';
import { tQuantile } from './tdist.js';

export interface TukeyFences {
  q1: number;
  q3: number;
  iqr: number;
  lowMild: number;
  highMild: number;
  lowSevere: number;
  highSevere: number;
  /** Indices beyond the 1.5·IQR fences but within the 3·IQR fences. */
  mild: number[];
  /** Indices beyond the 3·IQR fences. */
  severe: number[];
  lowCount: number;
  highCount: number;
}

export function tukeyFences(values: readonly number[]): TukeyFences {
  if (values.length === 0) throw new RangeError('tukeyFences: empty sample');
  const [q1, q3] = quantile(values as number[], [0.25, 0.75]);
  const iqr = q3 - q1;
  const f = {
    lowMild: q1 - 1.5 * iqr,
    highMild: q3 + 1.5 * iqr,
    lowSevere: q1 - 3 * iqr,
    highSevere: q3 + 3 * iqr,
  };
  const mild: number[] = [];
  const severe: number[] = [];
  let lowCount = 0;
  let highCount = 0;
  values.forEach((v, i) => {
    if (v < f.lowSevere || v > f.highSevere) severe.push(i);
    else if (v < f.lowMild || v > f.highMild) mild.push(i);
    else return;
    if (v < q1) lowCount++;
    else highCount++;
  });
  return { q1, q3, iqr, ...f, mild, severe, lowCount, highCount };
}

/** Two-sided Grubbs critical value G_crit(n, α). */
export function grubbsCritical(n: number, alpha = 0.05): number {
  if (!(Number.isInteger(n) && n >= 3)) throw new RangeError(`grubbsCritical: n must be an integer >= 3, got ${n}`);
  const t = tQuantile(1 - alpha / (2 * n), n - 2);
  return ((n - 1) / Math.sqrt(n)) * Math.sqrt((t * t) / (n - 2 + t * t));
}

export interface GrubbsResult {
  /** Test statistic max|x - mean| / s. */
  g: number;
  critical: number;
  alpha: number;
  /** Index and value of the most extreme observation. */
  index: number;
  value: number;
  /** True when G exceeds the critical value: the extreme value is an outlier at level α. */
  outlier: boolean;
}

export function grubbs(values: readonly number[], alpha = 0.05): GrubbsResult {
  const n = values.length;
  if (n < 3) throw new RangeError(`grubbs: need at least 3 values, got ${n}`);
  const m = mean(values as number[]);
  const s = sampleStandardDeviation(values as number[]);
  let index = 0;
  values.forEach((v, i) => {
    if (Math.abs(v - m) > Math.abs(values[index] - m)) index = i;
  });
  const g = s === 0 ? 0 : Math.abs(values[index] - m) / s;
  const critical = grubbsCritical(n, alpha);
  return { g, critical, alpha, index, value: values[index], outlier: g > critical };
}
