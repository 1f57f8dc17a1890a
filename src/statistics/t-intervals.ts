// t-based intervals over independent units (processes of a run, runs of `stat`), the unit of
// independence: batches of one process share its state, so they are not independent draws.
// - meanInterval: mean ± t_{(1+c)/2, k-1} · s/√k over k per-unit values. With a balanced
//   two-level model (unit effect + within-unit noise) the per-unit values are i.i.d., so this
//   interval is exact under normality whichever level dominates.
// - ratioInterval: ratio of means contender/base with a Welch interval on its logarithm:
//   se² = s_b²/(n_b·m_b²) + s_c²/(n_c·m_c²) (delta method), Welch–Satterthwaite df
//   (Welch 1947); interval ratio · exp(±t_{(1+c)/2, df} · se).
// Why not the percentile bootstrap: with few units it under-covers (it uses normal quantiles
// and the plug-in variance, (k-1)/k of the true one). Measured coverage and false-positive
// rates are in docs/measurements.md ("Coverage"; bench/statistics/coverage.ts).

import { tCdf, tQuantile } from './tdist.js';
import { DEFAULT_CONFIDENCE } from '../defaults.js';

export interface TInterval {
  point: number;
  ciLow: number;
  ciHigh: number;
  /** Degrees of freedom of the t quantile (NaN when the interval is undefined). */
  df: number;
}

function meanVar(values: readonly number[]): { m: number; v: number } {
  let m = 0;
  for (const x of values) m += x;
  m /= values.length;
  let ss = 0;
  for (const x of values) ss += (x - m) * (x - m);
  return { m, v: ss / (values.length - 1) };
}

const UNDEFINED = (point: number): TInterval => ({ point, ciLow: NaN, ciHigh: NaN, df: NaN });

function check(values: readonly number[], who: string): void {
  for (const v of values) if (!Number.isFinite(v)) throw new RangeError(`${who}: non-finite value ${v}`);
}

/** t-interval of the mean of k >= 2 per-unit values; undefined (NaN bounds) with fewer. */
export function meanInterval(values: readonly number[], confidence = DEFAULT_CONFIDENCE): TInterval {
  check(values, 'meanInterval');
  if (values.length === 0) throw new RangeError('meanInterval: no values');
  const { m, v } = meanVar(values);
  if (values.length < 2) return UNDEFINED(m);
  const df = values.length - 1;
  const half = tQuantile((1 + confidence) / 2, df) * Math.sqrt(v / values.length);
  return { point: m, ciLow: m - half, ciHigh: m + half, df };
}

/**
 * Two-sided p-value of "no change" by the test a t-interval of a log ratio inverts: with the
 * interval ratio · exp(±t_{(1+c)/2, df} · se), se = ln(ciHigh / point) / t, p = 2·P(T_df > |ln point| / se).
 * The level of each comparison in a suite-level (Holm) procedure; NaN when the interval is undefined.
 */
export function intervalPValue(t: TInterval, confidence: number): number {
  if (!(t.point > 0 && t.ciHigh > 0) || !Number.isFinite(t.df)) return NaN;
  const se = Math.log(t.ciHigh / t.point) / tQuantile((1 + confidence) / 2, t.df);
  if (!(se > 0)) return t.point === 1 ? 1 : 0;
  return 2 * (1 - tCdf(Math.abs(Math.log(t.point)) / se, t.df));
}

/** Welch interval of mean(contender) / mean(base); needs >= 2 values per side and positive means. */
export function ratioInterval(
  base: readonly number[],
  contender: readonly number[],
  confidence = DEFAULT_CONFIDENCE,
): TInterval {
  check(base, 'ratioInterval (base)');
  check(contender, 'ratioInterval (contender)');
  if (base.length === 0 || contender.length === 0) throw new RangeError('ratioInterval: a side has no values');
  const b = meanVar(base);
  const c = meanVar(contender);
  const point = c.m / b.m;
  if (base.length < 2 || contender.length < 2 || !(b.m > 0) || !(c.m > 0)) return UNDEFINED(point);
  const vb = b.v / (base.length * b.m * b.m);
  const vc = c.v / (contender.length * c.m * c.m);
  const se = Math.sqrt(vb + vc);
  if (se === 0) return { point, ciLow: point, ciHigh: point, df: Infinity };
  const df = (vb + vc) ** 2 / ((vb * vb) / (base.length - 1) + (vc * vc) / (contender.length - 1));
  const half = tQuantile((1 + confidence) / 2, df) * se;
  return { point, ciLow: point * Math.exp(-half), ciHigh: point * Math.exp(half), df };
}

/** A ratio interval with the p of the test it inverts (for a union of intervals, the larger p). */
export interface RatioTInterval extends TInterval {
  pValue: number;
}

/**
 * The ratio interval when a side had processes added because its first ones disagreed
 * (src/analysis/more-processes.ts): the union of the Welch interval over all values and a
 * two-stage one whose variance for such a side comes from its first stage only (Stein 1945; the
 * headline's rule, src/analysis/headline-ci.ts): se² = s₁²/(n·m²) per side, with the first
 * stage's df in the Welch–Satterthwaite sum. Stein's construction is exact because under normality
 * the mean of all n is independent of the first stage's sd that chose n; the plain interval alone
 * is not, since n was chosen from that sd. `firstStage[side]` marks each value that was planned;
 * absent, or marking all, means no process was added there. The p is the larger of the two tests'
 * ps, so p < 1 − confidence exactly when the union excludes 1.
 */
export function twoStageRatioInterval(
  base: readonly number[],
  contender: readonly number[],
  confidence: number,
  firstStage: readonly [readonly boolean[] | undefined, readonly boolean[] | undefined],
): RatioTInterval {
  const plain = ratioInterval(base, contender, confidence);
  const plainP = intervalPValue(plain, confidence);
  const sides = [base, contender].map((values, i) => {
    const mask = firstStage[i];
    const first = mask ? values.filter((_, j) => mask[j]) : values;
    const added = first.length >= 2 && first.length < values.length;
    const all = meanVar(values);
    return {
      n: values.length,
      m: all.m,
      v: added ? meanVar(first).v : all.v,
      df: (added ? first.length : values.length) - 1,
      added,
    };
  });
  if (!sides.some((s) => s.added) || !Number.isFinite(plain.df) || plain.df === Infinity)
    return { ...plain, pValue: plainP };
  const [vb, vc] = sides.map((s) => s.v / (s.n * s.m * s.m));
  const se = Math.sqrt(vb + vc);
  if (!(se > 0)) return { ...plain, pValue: plainP };
  const df = (vb + vc) ** 2 / ((vb * vb) / sides[0].df + (vc * vc) / sides[1].df);
  const half = tQuantile((1 + confidence) / 2, df) * se;
  const stein: TInterval = {
    point: plain.point,
    ciLow: plain.point * Math.exp(-half),
    ciHigh: plain.point * Math.exp(half),
    df,
  };
  return {
    point: plain.point,
    ciLow: Math.min(plain.ciLow, stein.ciLow),
    ciHigh: Math.max(plain.ciHigh, stein.ciHigh),
    df: Math.min(plain.df, df),
    pValue: Math.max(plainP, intervalPValue(stein, confidence)),
  };
}
