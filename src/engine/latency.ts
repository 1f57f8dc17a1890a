// Latency mode's per-call phase ("times every call individually and reports a
// percentile ladder from an HdrHistogram, with the calibrated timer overhead subtracted").
//
// Where it sits: measure() runs warmup and the usual linear batch sampling first (so a
// latency benchmark keeps its headline, CI and comparisons), THEN this phase. Order here:
// 1. warm the per-call loop (a new function, so it starts in the interpreter) for
//    LATENCY_WARMUP_NS, results discarded;
// 2. calibrate the timer overhead in this process: an empty call (a no-op through the same
//    loop shape) timed LATENCY_CALIBRATION_CALLS times, last of a few passes kept; its
//    median is the overhead, its p10–p90 the timer's jitter;
// 3. time each call into a preallocated Float64Array, chunk by chunk, until
//    LATENCY_MAX_CALLS calls or the per-benchmark time budget, whichever comes first;
// 4. outside any timing, record the RAW ticks into an HdrHistogram and encode it.
// The overhead is stored, not subtracted here: subtraction and ticks → ns are arithmetic
// for src/analysis/latency.ts (habit 2), which can then merge forks whose overheads and
// clock rates differ.
//
// The calibration uses the sync loop shape even for async kernels: the timer overhead is
// the clock reads and the loop around them; an `await` is part of calling an async
// function, so it stays in the measured latency.

import { quantileSorted } from 'simple-statistics';
import type { LatencyRecord } from '../results/schema.js';
import type { BatchContext } from './batch.js';
import * as D from './defaults.js';
import type { GcWatch } from './gc-watch.js';
import type { KernelSpec } from './kernel.js';
import { makeLatencyLoop, type EachHooks } from './latency-loop.js';
import { yieldToEventLoop } from './sampler.js';
import { SINK } from './sink.js';

export interface LatencyConfig {
  maxCalls: number;
  /** Budget of step 3 (measurement), ns. */
  budgetNs: number;
  warmupNs: number;
  calibrationCalls: number;
  calibrationPasses: number;
  chunkNs: number;
  maxChunkCalls: number;
  yieldNs: number;
  significantDigits: 1 | 2 | 3 | 4 | 5;
}

export const DEFAULT_LATENCY: LatencyConfig = {
  maxCalls: D.LATENCY_MAX_CALLS,
  budgetNs: D.TIME_BUDGET_NS,
  warmupNs: D.LATENCY_WARMUP_NS,
  calibrationCalls: D.LATENCY_CALIBRATION_CALLS,
  calibrationPasses: D.LATENCY_CALIBRATION_PASSES,
  chunkNs: D.LATENCY_CHUNK_NS,
  maxChunkCalls: D.LATENCY_MAX_CHUNK_CALLS,
  yieldNs: D.LATENCY_YIELD_NS,
  significantDigits: D.LATENCY_SIGNIFICANT_DIGITS as 3,
};

export type LatencyContext = Pick<BatchContext, 'clock' | 'buf' | 'hz' | 'checksum' | 'nowMs'> & {
  resolutionTicks: number;
};

/** Calls per chunk: about chunkNs of work at the estimated per-call time, 1…maxChunkCalls. */
export function chunkCalls(estimateNs: number, config: Pick<LatencyConfig, 'chunkNs' | 'maxChunkCalls'>): number {
  const n =
    estimateNs > 0 && Number.isFinite(estimateNs) ? Math.floor(config.chunkNs / estimateNs) : config.maxChunkCalls;
  return Math.min(config.maxChunkCalls, Math.max(1, n));
}

/**
 * Timer overhead in ticks: median and p10/p90 (type-7 quantiles) of empty calls through the per-call
 * loop shape (with `each`, the shape with hooks around each call; they must be sync).
 */
export function calibrateOverhead(
  ctx: LatencyContext,
  calls: number,
  passes: number,
  each?: EachHooks,
): { median: number; p10: number; p90: number; typicalMean: number } {
  const noop = () => undefined;
  const loop = makeLatencyLoop(noop, undefined, ctx.clock, ctx.buf, false, { label: 'timer calibration', each });
  const ticks = new Float64Array(Math.max(1, calls));
  for (let p = 0; p < Math.max(1, passes); p++) loop(0, ticks.length, ticks);
  const sorted = Array.from(ticks.sort());
  const p90 = quantileSorted(sorted, 0.9);
  // The mean of the calls at or below the 90th percentile: the interrupts of the top tail left out,
  // and, unlike the median, not stuck on one step of a clock that advances in steps (a VM's TSC here
  // reads 63 or 84 ticks for the same empty call), so a sum of many calls less n times it is unbiased.
  let sum = 0;
  let n = 0;
  for (const t of sorted) {
    if (t > p90) break;
    sum += t;
    n++;
  }
  return { median: quantileSorted(sorted, 0.5), p10: quantileSorted(sorted, 0.1), p90, typicalMean: sum / n };
}

/** Runs the per-call phase of one benchmark (after its warmup and batches) and returns the compact record. */
export async function runLatency(
  kernel: KernelSpec,
  ctx: LatencyContext,
  estimateNs: number,
  config: LatencyConfig,
  gc: GcWatch | null,
): Promise<LatencyRecord> {
  const loop = makeLatencyLoop(kernel.fn, kernel.state, ctx.clock, ctx.buf, kernel.isAsync, {
    label: kernel.label,
    inputs: kernel.inputs?.values,
    fresh: kernel.fresh,
    each: kernel.each,
  });
  const loopIsAsync = kernel.isAsync || kernel.each?.isAsync === true;
  const maxCalls = Math.max(1, Math.floor(config.maxCalls));
  const out = new Float64Array(maxCalls);
  // With `.setupEach()` a chunk's fresh inputs are made before it and must fit in memory.
  const fresh = kernel.fresh;
  const chunk = Math.max(1, Math.min(chunkCalls(estimateNs, config), fresh?.maxIterations ?? Infinity));
  const runChunk = async (from: number, to: number): Promise<void> => {
    if (fresh) await fresh.prepare(to - from);
    let last = loop(from, to, out);
    if (loopIsAsync) last = await last;
    SINK.last = last; // escapes, outside the timed calls
    ctx.checksum.add(last);
    if (fresh) await fresh.release();
  };

  // 1. Warm the per-call loop; its results are overwritten below.
  const warmStart = ctx.nowMs();
  for (
    let warmed = 0;
    warmed < maxCalls && (warmed === 0 || (ctx.nowMs() - warmStart) * 1e6 < config.warmupNs);
    warmed += chunk
  ) {
    await runChunk(0, Math.min(chunk, maxCalls));
  }

  // 2. Calibrate the timer right before measuring, in this process.
  const overhead = calibrateOverhead(
    ctx,
    config.calibrationCalls,
    config.calibrationPasses,
    kernel.each ? { before: () => undefined, after: () => undefined, isAsync: false } : undefined,
  );

  // 3. Time each call.
  await yieldToEventLoop();
  const startMs = ctx.nowMs();
  let lastYield = startMs;
  let calls = 0;
  let stop: LatencyRecord['stop'] = 'calls';
  while (calls < maxCalls) {
    if ((ctx.nowMs() - startMs) * 1e6 >= config.budgetNs) {
      stop = 'time-budget';
      break;
    }
    const to = Math.min(maxCalls, calls + chunk);
    await runChunk(calls, to);
    calls = to;
    if ((ctx.nowMs() - lastYield) * 1e6 >= config.yieldNs) {
      await yieldToEventLoop();
      lastYield = ctx.nowMs();
    }
  }
  const endMs = ctx.nowMs();

  // 4. Histogram of raw ticks (loaded lazily: only latency-mode workers pay for the module).
  const hdr = await import('hdr-histogram-js');
  const histogram = hdr.build({ numberOfSignificantValueDigits: config.significantDigits });
  for (let i = 0; i < calls; i++) histogram.recordValue(Math.max(0, Math.round(out[i])));
  const encoded = hdr.encodeIntoCompressedBase64(histogram);
  let gcEvents: number | null = null;
  if (gc) {
    await yieldToEventLoop();
    gcEvents = gc.counts([{ startMs, endMs }])[0];
  }
  return {
    histogram: encoded,
    significantDigits: config.significantDigits,
    calls,
    stop,
    durationNs: (endMs - startMs) * 1e6,
    tickNs: 1e9 / ctx.hz,
    resolutionTicks: ctx.resolutionTicks,
    overheadTicks: overhead.median,
    overheadP10Ticks: overhead.p10,
    overheadP90Ticks: overhead.p90,
    calibrationCalls: Math.max(1, config.calibrationCalls),
    gc: gcEvents,
  };
}
