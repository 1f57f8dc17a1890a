// Yuen's trimmed mean and its standard error (Yuen, Biometrika 61, 1974; Wilcox, "Introduction
// to Robust Estimation and Hypothesis Testing", ch. 4): drop the g = floor(gamma n) smallest and
// largest values, average the rest, and estimate the spread from the winsorized sample (the
// dropped values replaced by the nearest kept ones). With h = n - 2g kept values the standard
// error is sqrt((n - 1) s_w^2 / (h (h - 1))) and (trimmed mean - mu) / se is close to Student t
// with h - 1 degrees of freedom. One value far out on each side (a process hit by a slow episode)
// moves neither the estimate nor the spread.
// HAND-WRITTEN: simple-statistics has no trimmed mean or winsorized variance.

export interface TrimmedMean {
  mean: number;
  se: number;
  df: number;
  /** Values dropped from each end. */
  trimmed: number;
}

export function trimmedMean(values: readonly number[], gamma = 0.2): TrimmedMean {
  const n = values.length;
  const x = [...values].sort((a, b) => a - b);
  const g = Math.floor(gamma * n);
  const h = n - 2 * g;
  const kept = x.slice(g, n - g);
  const mean = kept.reduce((s, v) => s + v, 0) / h;
  const w = x.map((v, i) => (i < g ? x[g] : i >= n - g ? x[n - g - 1] : v));
  const wMean = w.reduce((s, v) => s + v, 0) / n;
  const sw2 = w.reduce((s, v) => s + (v - wMean) ** 2, 0) / (n - 1);
  return { mean, se: Math.sqrt(((n - 1) * sw2) / (h * (h - 1))), df: h - 1, trimmed: g };
}
