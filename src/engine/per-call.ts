// Per-call timing: a kernel with hooks that run around every call (tinybench's
// beforeEach/afterEach, the object form's `beforeEach`/`afterEach`, docs/guide.md) cannot be
// timed in batches, where one clock read spans many calls and the hooks would be timed with
// them. Each call is timed on its own through latency mode's per-call loop (latency-loop.ts),
// the hooks outside the timed region, and a batch of n calls is the sum of their ticks less n
// times the clock's own cost, calibrated in this process the way latency mode calibrates it
// (latency.ts calibrateOverhead: empty calls through the same loop shape, hooks included), as the
// mean of those calls at or below their 90th percentile.
// The batch then feeds the usual sampling, analysis and comparisons; the fork records the
// calibration (ForkResult.perCall) and the result says the benchmark was timed this way.
//
// The clock's buffer is rewritten after each batch so the batch reads as one span:
// [0, cpu of the last call's start, net ticks, cpu of the last call's end] (batch.ts reads
// buf[2] − buf[0] and the two CPUs).
//
// A batch's net ticks say little about how long the batch takes: every call also costs its hooks
// and two clock reads, and a call no slower than the clock's calibrated cost reads 0. So each
// batch also records its wall time per call (wallPerCallNs), and the sampling plan is sized by
// that (measure.ts): sized by a net estimate of 0 ns (plan.ts unitFor's floor of 0.05 ns), a
// round of the default plan would hold 55 × 2·10^6 calls, minutes of hooks, and the sampling
// budget is checked only between rounds (sampler.ts).

import type { PerCallRecord } from '../results/schema.js';
import type { Clock } from '../platform/types.js';
import type { KernelSpec } from './kernel.js';
import { calibrateOverhead, type LatencyContext } from './latency.js';
import { makeLatencyLoop, type EachHooks } from './latency-loop.js';

export type { EachHooks } from './latency-loop.js';

/** Hooks that do nothing, for the calibration's loop shape. */
const NOOP_HOOKS: EachHooks = { before: () => undefined, after: () => undefined, isAsync: false };

export interface PerCallBatches {
  /** The batch loop (BatchContext.loop): n calls, each timed alone. */
  loop: (n: number) => unknown;
  /** Whether the loop returns a promise (an async kernel or async hooks). */
  isAsync: boolean;
  /** Calibrates the clock's cost per call, in this process; later batches subtract it. */
  calibrate: () => PerCallRecord;
  /** Wall time per call of the latest batch, hooks and clock reads included, ns (0 before any). */
  wallPerCallNs: () => number;
}

/** The per-call batch loop of a kernel with hooks; call calibrate() before timing anything. */
export function perCallBatches(
  kernel: KernelSpec & { each: EachHooks },
  ctx: Pick<LatencyContext, 'clock' | 'buf' | 'nowMs'>,
  calls: number,
  passes: number,
): PerCallBatches {
  const { buf } = ctx;
  const isAsync = kernel.isAsync || kernel.each.isAsync;
  const timed = makeLatencyLoop(kernel.fn, kernel.state, ctx.clock as Clock, buf, kernel.isAsync, {
    label: kernel.label,
    each: kernel.each,
  });
  let out = new Float64Array(1024);
  let overhead = 0;
  let wallPerCallNs = 0;
  const finish = (n: number, startMs: number): void => {
    wallPerCallNs = ((ctx.nowMs() - startMs) * 1e6) / n;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += out[i];
    // A batch of calls each shorter than the clock's own cost reads 0, not a negative time.
    buf[0] = 0;
    buf[2] = Math.max(0, sum - n * overhead);
  };
  const loop = (n: number): unknown => {
    if (out.length < n) out = new Float64Array(n);
    const startMs = ctx.nowMs();
    const last = timed(0, n, out);
    if (!isAsync) {
      finish(n, startMs);
      return last;
    }
    return (last as Promise<unknown>).then((value) => {
      finish(n, startMs);
      return value;
    });
  };
  const calibrate = (): PerCallRecord => {
    const c = calibrateOverhead({ clock: ctx.clock, buf } as LatencyContext, calls, passes, NOOP_HOOKS);
    // A batch is a sum of calls, so the cost subtracted per call is a mean, not the median (latency.ts).
    overhead = c.typicalMean;
    return {
      overheadTicks: c.typicalMean,
      overheadP10Ticks: c.p10,
      overheadP90Ticks: c.p90,
      calibrationCalls: Math.max(1, calls),
    };
  };
  return { loop, isAsync, calibrate, wallPerCallNs: () => wallPerCallNs };
}

/** The hooks of a kernel, when it has any. */
export function hasEachHooks(kernel: KernelSpec): kernel is KernelSpec & { each: EachHooks } {
  return kernel.each !== undefined;
}
