// Mann–Whitney U test (Wilcoxon rank-sum), two-sided.
// The rank sum (mid-ranks for ties) is simple-statistics' `wilcoxonRankSum`; the rest is
// HAND-WRITTEN because simple-statistics returns only that sum, with no p-value:
// - U_x = R_x - n_x(n_x+1)/2 (pairs with x > y, ties counting 1/2), U_y = n_x·n_y - U_x;
// - exact p-value from the null distribution of U (recursion of Mann & Whitney 1947:
//   f(u; m, n) = f(u - n; m - 1, n) + f(u; m, n - 1)) when there are no ties and n_x, n_y <= 30;
// - otherwise the normal approximation with tie correction and continuity correction:
//   σ² = n_x·n_y/12 · ((N + 1) - Σ(t³ - t)/(N(N - 1))), z = (|U_x - n_x·n_y/2| - 1/2)/σ
//   (Hollander & Wolfe, "Nonparametric Statistical Methods", 2nd ed., §4.1; as R's wilcox.test).
// Effect sizes: common-language effect size P(X > Y) + P(X = Y)/2 = U_x/(n_x·n_y) (McGraw &
// Wong 1992) and rank-biserial correlation 2·CL - 1 (Kerby 2014).

import { wilcoxonRankSum } from 'simple-statistics';
import { normalCdf } from './normal.js';

export const EXACT_MAX_N = 30;

export interface MannWhitneyResult {
  /** U of the first sample: pairs (x, y) with x > y, ties counting 1/2. */
  ux: number;
  uy: number;
  /** min(U_x, U_y), the statistic in most tables. */
  u: number;
  pValue: number;
  method: 'exact' | 'normal approximation (tie and continuity corrected)';
  z: number | null;
  /** P(X > Y) + P(X = Y)/2. */
  commonLanguage: number;
  /** 2·commonLanguage - 1, in [-1, 1]; positive when x tends to be larger. */
  rankBiserial: number;
}

/** Null distribution counts of U for sizes m, n (no ties): counts[u], u = 0..m·n. */
function uCounts(m: number, n: number): number[] {
  // f[i][j] as rolling arrays over i (size of first sample) for fixed j loops.
  let prev: number[][] = Array.from({ length: n + 1 }, () => [1]); // m = 0: U = 0 once
  for (let i = 1; i <= m; i++) {
    const cur: number[][] = [[1]]; // j = 0: U = 0 once
    for (let j = 1; j <= n; j++) {
      const len = i * j + 1;
      const row = new Array<number>(len).fill(0);
      const a = prev[j]; // f(u - j; i - 1, j)
      const b = cur[j - 1]; // f(u; i, j - 1)
      for (let u = 0; u < len; u++)
        row[u] = (u - j >= 0 && u - j < a.length ? a[u - j] : 0) + (u < b.length ? b[u] : 0);
      cur.push(row);
    }
    prev = cur;
  }
  return prev[n];
}

function tieTerm(values: number[]): number {
  const sorted = values.slice().sort((p, q) => p - q);
  let sum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    const t = j - i;
    sum += t * t * t - t;
    i = j;
  }
  return sum;
}

export function mannWhitney(x: readonly number[], y: readonly number[]): MannWhitneyResult {
  const nx = x.length;
  const ny = y.length;
  if (nx === 0 || ny === 0) throw new RangeError('mannWhitney: both samples need at least one value');
  for (const v of [...x, ...y])
    if (!Number.isFinite(v)) throw new RangeError(`mannWhitney: non-finite value ${v} (ranks need real numbers)`);
  const ux = wilcoxonRankSum(x as number[], y as number[]) - (nx * (nx + 1)) / 2;
  const uy = nx * ny - ux;
  const u = Math.min(ux, uy);
  const ties = tieTerm([...x, ...y]);
  const cl = ux / (nx * ny);
  const base = { ux, uy, u, commonLanguage: cl, rankBiserial: 2 * cl - 1 };
  if (ties === 0 && nx <= EXACT_MAX_N && ny <= EXACT_MAX_N) {
    const counts = uCounts(nx, ny);
    let total = 0;
    let tail = 0;
    counts.forEach((c, k) => {
      total += c;
      if (k <= u) tail += c;
    });
    return { ...base, pValue: Math.min(1, (2 * tail) / total), method: 'exact', z: null };
  }
  const n = nx + ny;
  const sigma = Math.sqrt(((nx * ny) / 12) * (n + 1 - ties / (n * (n - 1))));
  if (sigma === 0) return { ...base, pValue: 1, method: 'normal approximation (tie and continuity corrected)', z: 0 };
  const z = Math.max(0, Math.abs(ux - (nx * ny) / 2) - 0.5) / sigma;
  return {
    ...base,
    pValue: Math.min(1, 2 * normalCdf(-z)),
    method: 'normal approximation (tie and continuity corrected)',
    z,
  };
}
