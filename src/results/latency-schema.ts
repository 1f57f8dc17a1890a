// Latency mode's part of the result document (src/results/schema.ts): the per-call record of
// one process and the ladder pooled over a benchmark's processes.
import type { AnalysisDetail } from './detail-schema.js';

/**
 * The per-call phase of one fork, stored compactly: an HdrHistogram of RAW per-call
 * ticks (timer overhead NOT subtracted, like Batch.ticks) encoded with hdr-histogram-js
 * `encodeIntoCompressedBase64`, plus the calibration needed to interpret it. The
 * analysis (src/analysis/latency.ts) converts each fork's buckets to ns with the
 * overhead subtracted before merging forks (forks differ in overhead and clock rate).
 */
export interface LatencyRecord {
  /** `encodeIntoCompressedBase64` of a histogram of raw ticks per call. */
  histogram: string;
  /** HdrHistogram significant value digits used. */
  significantDigits: number;
  /** Calls recorded. */
  calls: number;
  /** 'calls': reached the call limit; 'time-budget': the per-benchmark time budget ended first. */
  stop: 'calls' | 'time-budget';
  /** Wall time of the per-call phase, ns (bookkeeping included). */
  durationNs: number;
  /** One clock tick in ns (1e9 / clockHz). */
  tickNs: number;
  /** Smallest non-zero back-to-back clock difference (ClockInfo.resolutionTicks). */
  resolutionTicks: number;
  /** Timer overhead: median ticks of an empty call (start/end around a no-op through the same loop shape). */
  overheadTicks: number;
  /** 10th and 90th percentile ticks of the empty calls: the timer's own jitter. */
  overheadP10Ticks: number;
  overheadP90Ticks: number;
  /** Empty calls timed for the calibration. */
  calibrationCalls: number;
  /**
   * GC events that overlapped the per-call phase (their pauses land in single calls' times); null when not
   * observed.
   */
  gc: number | null;
}

/** One rung of the latency ladder. */
export interface LatencyRung {
  /** 'p50', 'p90', 'p99', 'p99.9', 'p99.99'. */
  label: string;
  /** As a fraction, e.g. 0.999. */
  quantile: number;
  /** Per-call time at this quantile, ns, timer overhead subtracted. */
  ns: number;
  /** Calls at or beyond this rank: how many calls the rung rests on. */
  tailCalls: number;
}

/** The latency ladder of one benchmark, pooled over its forks (src/analysis/latency.ts). */
export interface LatencySummary {
  /** Calls recorded over all forks. */
  count: number;
  forks: number;
  min: number;
  mean: number;
  max: number;
  ladder: LatencyRung[];
  /** Timer overhead subtracted (median over forks of each fork's calibrated median), ns. */
  overheadNs: number;
  /** Timer jitter: the widest p10–p90 range of the empty calls over forks, ns. */
  overheadJitterNs: number;
  /** One clock tick, ns (largest over forks). */
  tickNs: number;
  /** The step the clock's readings were seen to move in, ns (median over forks; = tickNs on a fine clock). */
  stepNs: number;
  /** Share of calls measured at or below the timer overhead (counted as 0 ns). */
  atOrBelowOverhead: number;
  /** GC events during the per-call phases (null when not observed). */
  gc: number | null;
  /** The honest reading of the numbers against the timer (resolution, overhead, thin tails), in words. */
  notes: string[];
  /** The same reading as data, worded into `notes` by src/report/details.ts (absent before schema version 3). */
  details?: AnalysisDetail[];
}

/**
 * Per-call timing (a kernel with beforeEach/afterEach hooks, src/engine/per-call.ts): every batch is
 * the sum of its calls' ticks less overheadTicks per call, the mean of the empty calls at or below
 * their 90th percentile through the same loop shape in this process.
 */
export interface PerCallRecord {
  overheadTicks: number;
  overheadP10Ticks: number;
  overheadP90Ticks: number;
  calibrationCalls: number;
}
