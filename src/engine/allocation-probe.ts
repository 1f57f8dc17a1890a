// Whether a kernel allocates: heap bytes per call read once after the warm-up, untimed, to
// choose its timing source (timing.ts).

import type { BatchContext } from './batch.js';
import { allocationProblem, AllocationMeter, meterOwnBytes } from './heap-allocated.js';
import { SINK } from './sink.js';

/**
 * Heap bytes per call from which a kernel is timed as allocating: one small object. Decided on
 * bytes, not on whether a collection happened to fall in the warm-up, so every process of a
 * benchmark (and both sides of a 2× pair) decides alike.
 */
export const ALLOCATING_BYTES_PER_CALL = 16;

/** Calls in the allocation probe: about this much of the kernel's time. */
const PROBE_NS = 1e6;

/**
 * Heap bytes the kernel allocates per call, read over one untimed batch of about 1 ms after the
 * warm-up (heap-allocated.ts, the meter's own bytes subtracted); 0 when it cannot be read.
 */
export async function probeAllocation(ctx: BatchContext, estimateNs: number): Promise<number> {
  if (allocationProblem) return 0;
  const wanted = Math.max(1, Math.round(PROBE_NS / Math.max(estimateNs, 1)));
  const n = ctx.fresh ? Math.max(1, Math.min(wanted, ctx.fresh.maxIterations)) : wanted;
  const own = meterOwnBytes();
  if (ctx.fresh) await ctx.fresh.prepare(n);
  const meter = new AllocationMeter();
  meter.start();
  let last = ctx.loop(n);
  if (ctx.isAsync) last = await last;
  const bytes = meter.stop().bytes - own;
  if (ctx.fresh) await ctx.fresh.release();
  SINK.last = last;
  return Math.max(0, bytes / n);
}
