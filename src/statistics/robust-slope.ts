// Robust linear fit for batch time against iterations.
//
// Why not least squares: on a shared or virtualised machine a fraction of batches run
// 30–60 % slow (host preemption, interrupts, a concurrent GC helper), a heavy upper tail
// that least squares chases. Measured on this project's 2-vCPU KVM guest (see
// docs/measurements.md, "Headline estimator"): the between-process CV of the OLS slope was
// 6.3 % for a 0.8 µs array sum where this estimator gave 0.7 %, and OLS sat 6 % above it.
//
// Method: the Theil–Sen estimator (Theil 1950; Sen 1968: the median of the slopes of all
// pairs of points, breakdown point 29 %) applied to the median batch time of each distinct
// batch size. The linear sampling plan uses only K sizes (i·d, i = 1..K), so collapsing to
// per-size medians first makes the fit O(n) + O(K²) — cheap enough for thousands of
// bootstrap resamples — and adds robustness within each size. The intercept is the median
// of y − slope·x over the same points (the usual companion of Theil–Sen). Hand-written
// because simple-statistics has no robust regression.
import { median, medianSorted } from 'simple-statistics';

export interface RobustFit {
  slope: number;
  intercept: number;
  /** Distinct x values used (points of the Theil–Sen fit). */
  points: number;
  /** 1 − SSres/SStot of the line over the fitted points (NaN when y is constant). */
  r2: number;
}

function rSquared(x: readonly number[], y: readonly number[], slope: number, intercept: number): number {
  let my = 0;
  for (const v of y) my += v;
  my /= y.length;
  let res = 0;
  let tot = 0;
  for (let i = 0; i < x.length; i++) {
    res += (y[i] - (intercept + slope * x[i])) ** 2;
    tot += (y[i] - my) ** 2;
  }
  return tot > 0 ? 1 - res / tot : Number.NaN;
}

/** Theil–Sen over raw points. NaN slope when fewer than 2 distinct x. */
export function theilSen(x: readonly number[], y: readonly number[]): RobustFit {
  const slopes: number[] = [];
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      if (x[j] !== x[i]) slopes.push((y[j] - y[i]) / (x[j] - x[i]));
    }
  }
  if (slopes.length === 0) return { slope: Number.NaN, intercept: Number.NaN, points: new Set(x).size, r2: Number.NaN };
  const slope = median(slopes);
  const intercept = median(x.map((xi, i) => y[i] - slope * xi));
  return { slope, intercept, points: new Set(x).size, r2: rSquared(x, y, slope, intercept) };
}

/**
 * Theil–Sen over the median y of each distinct x; r2 is that of the per-size medians (linearity of the typical
 * batch, not of the tail).
 */
export function perSizeMedianFit(x: readonly number[], y: readonly number[]): RobustFit {
  const { xs, ys } = perSizeMedians(x, y);
  return theilSen(xs, ys);
}

/**
 * Each distinct x once (in order of first appearance), with the median of its y. The y values are
 * placed size by size into one typed array (a counting sort by size) and each size's run is sorted
 * in place: a one-process bootstrap calls this for every resample of every counter (2,000 × 4
 * events for one benchmark), where an array per size and a copying median per size took about
 * 0.5 s of CPU time for one process of 389 batches; this takes about 0.2 s.
 */
function perSizeMedians(x: readonly number[], y: readonly number[]): { xs: number[]; ys: number[] } {
  const slotOf = new Map<number, number>();
  const counts: number[] = [];
  const slots = new Int32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    let k = slotOf.get(x[i]);
    if (k === undefined) {
      k = counts.length;
      slotOf.set(x[i], k);
      counts.push(0);
    }
    counts[k]++;
    slots[i] = k;
  }
  const starts = new Int32Array(counts.length + 1);
  for (let k = 0; k < counts.length; k++) starts[k + 1] = starts[k] + counts[k];
  const next = starts.slice(0, counts.length);
  const values = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) values[next[slots[i]]++] = y[i];
  const ys = counts.map((_, k) => sortedMedian(values.subarray(starts[k], starts[k + 1]).sort()));
  return { xs: [...slotOf.keys()], ys };
}

/** The median of values sorted ascending (simple-statistics' medianSorted, which reads any array-like). */
function sortedMedian(sorted: Float64Array): number {
  return medianSorted(sorted as unknown as number[]);
}

/**
 * Siegel's repeated median slope (Siegel 1982: for each point the median of its slopes to every
 * other point, then the median of those; breakdown point 50 %) over the median y of each distinct x.
 * Used for counts, which are exact but for one-off events: a batch that also ran a collection or a
 * compile counts their instructions once. With the few batch sizes of a simulated run (one batch
 * each of 1–4 iterations) one such batch leaves the repeated median exact, where Theil–Sen moves by
 * a sixth of the extra count per unit of x and least squares by three tenths. NaN with fewer than
 * 2 distinct x. Hand-written for the reason given at the top of this file.
 */
export function perSizeRepeatedMedianSlope(x: readonly number[], y: readonly number[]): number {
  const { xs, ys } = perSizeMedians(x, y);
  if (xs.length < 2) return Number.NaN;
  const k = xs.length;
  const slopes = new Float64Array(k - 1);
  const perPoint = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let m = 0;
    for (let j = 0; j < k; j++) if (j !== i) slopes[m++] = (ys[j] - ys[i]) / (xs[j] - xs[i]);
    perPoint[i] = sortedMedian(slopes.sort());
  }
  return sortedMedian(perPoint.sort());
}
