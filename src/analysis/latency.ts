// The latency ladder of a benchmark from its forks' per-call histograms (latency mode).
// Pure: decodes the stored HdrHistograms, no clock, no I/O.
//
// Each fork stores a histogram of RAW per-call ticks and its own calibrated timer overhead
// (src/engine/latency.ts). Per fork, every recorded bucket is converted to ns with that
// fork's overhead subtracted and clamped at 0: ns(t) = max(0, t − overhead) × tickNs. The
// map is monotone, so a fork's quantiles map to quantiles; forks are then merged by pooling
// their (converted bucket, count) pairs — they cannot simply be added as histograms, because
// overheads and clock rates differ between processes.
//
// Conventions follow HdrHistogram's own (JsHistogram.getValueAtPercentile, .mean): the value
// at quantile q is the bucket holding the call of rank max(1, ⌈q·N⌉), reported as the
// bucket's HIGHEST equivalent value (so a reported p99 is never below the truth by more than
// the bucket width, ≤ 0.1 % at 3 significant digits); min is the lowest bucket's lowest
// equivalent value; the mean weights each bucket's median equivalent value.

import { createRequire } from 'node:module';
import type { JsHistogram } from 'hdr-histogram-js';
import { median } from 'simple-statistics';
import type {
  AnalysisDetail,
  DetailCode,
  ForkResult,
  LatencyRecord,
  LatencyRung,
  LatencySummary,
} from '../results/schema.js';
import { detail, type DetailValues } from '../results/detail-schema.js';
import * as D from './defaults.js';

// hdr-histogram-js (CommonJS) is loaded at the first decoding, not with this module: every run's
// analysis reaches this module, and loading the package costs about 0.1 s of CPU (its WebAssembly
// and compression modules), which a run without latency records never needs.
const load = createRequire(import.meta.url);
let decode: typeof import('hdr-histogram-js').decodeFromCompressedBase64 | undefined;

/** One histogram bucket of one fork, converted to ns (overhead subtracted, clamped at 0). */
export interface LatencyBucket {
  /** Highest / lowest / median value equivalent to the bucket, ns. */
  hi: number;
  lo: number;
  mid: number;
  count: number;
}

/** The recorded buckets of one fork's histogram in raw ticks, ascending. */
export function rawBuckets(rec: LatencyRecord): LatencyBucket[] {
  decode ??= (load('hdr-histogram-js') as typeof import('hdr-histogram-js')).decodeFromCompressedBase64;
  const h = decode(rec.histogram) as JsHistogram;
  const out: LatencyBucket[] = [];
  const it = h.recordedValuesIterator;
  it.reset();
  while (it.hasNext()) {
    const v = it.next();
    const t = v.valueIteratedTo;
    out.push({
      hi: h.highestEquivalentValue(t),
      lo: h.lowestEquivalentValue(t),
      mid: h.medianEquivalentValue(t),
      count: v.countAtValueIteratedTo,
    });
  }
  return out;
}

/** The buckets of one fork's record, converted to ns with its overhead subtracted. */
export function forkBuckets(rec: LatencyRecord, raw: readonly LatencyBucket[] = rawBuckets(rec)): LatencyBucket[] {
  const toNs = (ticks: number): number => Math.max(0, ticks - rec.overheadTicks) * rec.tickNs;
  return raw.map((b) => ({ hi: toNs(b.hi), lo: toNs(b.lo), mid: toNs(b.mid), count: b.count }));
}

/**
 * The step in which the clock's readings actually move, in ticks, seen in the recorded
 * values: a clock can tick finely yet be read in coarse steps (a VM's TSC here moved in
 * ~24.5-tick, 10 ns steps while one tick is 0.41 ns). Buckets that touch (no tick between
 * them; rounding puts a 24.5-tick step on 24 or 25) form one cluster; the step is the median
 * gap between consecutive clusters' lower edges within the central share of calls
 * (D.STEP_CENTRAL_SHARE). 1 when the values there form a single run (no coarser step seen)
 * or when clusters are too thin to tell a clock's step from sparse data.
 */
export function observedStepTicks(raw: readonly LatencyBucket[]): number {
  const total = raw.reduce((a, b) => a + b.count, 0);
  if (total === 0) return 1;
  const tail = (1 - D.STEP_CENTRAL_SHARE) / 2;
  const loRank = quantileRank(tail, total);
  const hiRank = quantileRank(1 - tail, total);
  const starts: number[] = [];
  const counts: number[] = [];
  let seen = 0;
  let prevHi = Number.NEGATIVE_INFINITY;
  for (const b of raw) {
    const first = seen + 1;
    seen += b.count;
    if (seen < loRank || first > hiRank) {
      prevHi = b.hi;
      continue;
    }
    if (b.lo - prevHi > 1) {
      starts.push(b.lo);
      counts.push(0);
    }
    counts[counts.length - 1] += b.count;
    prevHi = b.hi;
  }
  // Sparse values (few calls of a slow kernel) leave gaps that say nothing about the clock.
  if (starts.length < 2 || median(counts) < D.STEP_MIN_CLUSTER_CALLS) return 1;
  return median(starts.slice(1).map((x, i) => x - starts[i]));
}

/** Rank (1-based) of the call at quantile q of n calls, as HdrHistogram computes it. */
export function quantileRank(q: number, n: number): number {
  const fp = Math.min(q, 1) * n;
  return Math.max(1, Math.ceil(fp - fp * Number.EPSILON * 4));
}

/** The value at quantile q of buckets sorted by `hi` (total = their counts' sum). */
export function bucketQuantile(sorted: readonly LatencyBucket[], total: number, q: number): number {
  const rank = quantileRank(q, total);
  let seen = 0;
  for (const b of sorted) {
    seen += b.count;
    if (seen >= rank) return b.hi;
  }
  return sorted.length ? sorted[sorted.length - 1].hi : Number.NaN;
}

const LABEL = (q: number): string => `p${+(q * 100).toFixed(4)}`;

/**
 * The ladder over every fork that ran the per-call phase; null when none did.
 * `details` read the numbers against the timer (overhead, jitter, resolution) and say
 * which rungs rest on too few calls; `notes` are their words, filled by the report.
 */
export function analyzeLatency(forks: readonly ForkResult[]): LatencySummary | null {
  const records = forks.flatMap((f) => (f.latency && f.latency.calls > 0 ? [f.latency] : []));
  if (records.length === 0) return null;
  const raws = records.map(rawBuckets);
  const buckets = records.flatMap((r, i) => forkBuckets(r, raws[i])).sort((a, b) => a.hi - b.hi || a.lo - b.lo);
  const stepNs = median(records.map((r, i) => observedStepTicks(raws[i]) * r.tickNs));
  const count = buckets.reduce((a, b) => a + b.count, 0);
  const ladder: LatencyRung[] = D.LATENCY_QUANTILES.map((q) => ({
    label: LABEL(q),
    quantile: q,
    ns: bucketQuantile(buckets, count, q),
    tailCalls: count - quantileRank(q, count) + 1,
  }));
  const overheadNs = median(records.map((r) => r.overheadTicks * r.tickNs));
  const jitterNs = Math.max(...records.map((r) => (r.overheadP90Ticks - r.overheadP10Ticks) * r.tickNs));
  const tickNs = Math.max(...records.map((r) => r.tickNs));
  const zero = buckets.filter((b) => b.hi === 0).reduce((a, b) => a + b.count, 0);
  const gcCounts = records.map((r) => r.gc);
  const gc = gcCounts.every((g) => g === null) ? null : gcCounts.reduce<number>((a, g) => a + (g ?? 0), 0);
  const summary: LatencySummary = {
    count,
    forks: records.length,
    min: Math.min(...buckets.map((b) => b.lo)),
    mean: buckets.reduce((a, b) => a + b.mid * b.count, 0) / count,
    max: buckets[buckets.length - 1].hi,
    ladder,
    overheadNs,
    overheadJitterNs: jitterNs,
    tickNs,
    stepNs,
    atOrBelowOverhead: zero / count,
    gc,
    notes: [],
  };
  summary.details = latencyDetails(summary, records);
  return summary;
}

/** The honest reading of a ladder against the timer, as data (worded by src/report/details.ts); thresholds in defaults.ts. */
export function latencyDetails(s: LatencySummary, records: readonly LatencyRecord[]): AnalysisDetail[] {
  const out: AnalysisDetail[] = [];
  const add = <C extends DetailCode>(code: C, values: DetailValues[C]) => out.push(detail(code, values, 'info'));
  const coarse = s.stepNs > D.COARSE_STEP_TICKS * s.tickNs;
  add('latency-timer', {
    overheadNs: s.overheadNs,
    calls: records.reduce((a, r) => a + r.calibrationCalls, 0),
    processes: s.forks,
    jitterNs: s.overheadJitterNs,
    tickNs: s.tickNs,
    stepNs: coarse ? s.stepNs : null,
  });
  const p50 = s.ladder.find((r) => r.quantile === 0.5)?.ns ?? Number.NaN;
  if (coarse && p50 > 0 && s.stepNs > D.STEP_SHARE_NOTE * p50) add('latency-step', { stepNs: s.stepNs, p50 });
  if (s.overheadNs > 0 && Number.isFinite(p50)) {
    const ratio = p50 / s.overheadNs;
    const seen = { p50, ratio, overheadNs: s.overheadNs };
    if (ratio < D.TIMER_DOMINATED_RATIO) add('latency-timer-dominated', { ...seen, limit: D.TIMER_DOMINATED_RATIO });
    else if (ratio < D.TIMER_NEGLIGIBLE_RATIO) add('latency-timer-jitter', { ...seen, jitterNs: s.overheadJitterNs });
    else add('latency-timer-small', seen);
  }
  if (s.atOrBelowOverhead >= D.LATENCY_ZERO_SHARE_NOTE) add('latency-zero', { share: s.atOrBelowOverhead });
  const thin = s.ladder.filter((r) => r.tailCalls < D.LATENCY_MIN_TAIL_CALLS);
  if (thin.length)
    add('latency-thin-tail', { labels: thin.map((r) => r.label), calls: thin.map((r) => r.tailCalls), of: s.count });
  if (s.gc) add('latency-gc', { collections: s.gc });
  const budget = records.filter((r) => r.stop === 'time-budget').length;
  if (budget) add('latency-budget', { processes: budget, of: records.length });
  return out;
}
