// The driver: warmup batches until the tracker says stop, then rounds of K shuffled
// linear batches until the adaptive stop rule fires; a preempted batch is measured again
// at the end of its round (preemption.ts). Between rounds it yields to the event loop, so GC observer entries and
// IPC messages flow. GC entries carry absolute
// times, so they are matched to the batch windows once, after a final yield.

import type { Batch, SamplingStop, WarmupSummary } from '../results/schema.js';
import type { Rng } from '../statistics/rng.js';
import { runBatch, type BatchContext } from './batch.js';
import type { GcWatch, TimeWindow } from './gc-watch.js';
import { roundSizes } from './plan.js';
import { preemptionOf } from './preemption.js';
import { MAX_REMEASURES } from '../results/fork-schema.js';
import { timeMemoryYardstick, timeThroughputYardstick, timeYardstick } from './yardstick.js';
import { decideStop, relativeSlopeHalfWidth, type StopConfig } from './stop.js';
import { WarmupTracker, type WarmupConfig } from './warmup.js';

export interface RoundProgress {
  phase: 'warmup' | 'sampling';
  rounds: number;
  batches: number;
  relHalfWidth: number | null;
  elapsedNs: number;
}

export interface SamplingConfig extends StopConfig {
  batchesPerRound: number;
  /** Time the yardsticks after each round (false: their warm-up left one below V8's top tier, yardstick.ts). */
  yardsticks?: boolean;
}

export interface SamplingResult {
  batches: Batch[];
  /** The compute yardstick's time after each round, ns (yardstick.ts). */
  yardstickNs: number[];
  /** The memory yardstick's time after each round, ns (yardstick.ts). */
  memoryYardstickNs: number[];
  /** The throughput yardstick's time after each round, ns (yardstick.ts). */
  throughputYardstickNs: number[];
  stop: SamplingStop;
  relHalfWidth: number | null;
}

/** Lets pending callbacks (GC observer, IPC) run: one macrotask turn. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export async function runWarmup(
  ctx: BatchContext,
  config: WarmupConfig,
  onProgress?: (p: RoundProgress) => void,
  gc: GcWatch | null = null,
): Promise<WarmupSummary> {
  const tracker = new WarmupTracker(config);
  const t0 = ctx.nowMs();
  let lastYield = t0;
  for (;;) {
    const before = ctx.nowMs();
    const { batch, window } = await runBatch(ctx, tracker.nextIterations());
    // A switched-out or migrated batch timed someone else's work too (preemption.ts). A collection
    // switches the pinned thread out as well, and is the kernel's own cost: for a switched batch,
    // once the GC observer has reported (a few event-loop turns), one that collected counts as
    // collected, not disturbed. Without the observer any involuntary switch counts.
    // Simulated counts do not depend on the CPU's time, so nothing disturbs them.
    const switched = !ctx.simulated && (batch.involuntarySwitches ?? 0) > 0;
    const moved = !ctx.simulated && preemptionOf({ ...batch, gc: 0 }) === 'migration';
    let collected = false;
    if (gc && switched && !moved && batch.ns >= config.minBatchNs) {
      await gc.settle();
      collected = gc.counts([window])[0] > 0;
    }
    const spentNs = (ctx.nowMs() - before) * 1e6;
    const disturbed = moved || (switched && !collected);
    if (tracker.record(batch.iterations, batch.ns, spentNs, disturbed, collected)) break;
    // Yield now and then so a long warmup does not starve the event loop.
    if (ctx.nowMs() - lastYield > 50) {
      await yieldToEventLoop();
      lastYield = ctx.nowMs();
      const s = tracker.summary();
      onProgress?.({ phase: 'warmup', rounds: 0, batches: s.batches, relHalfWidth: null, elapsedNs: s.durationNs });
    }
  }
  return tracker.summary();
}

export async function runSampling(
  ctx: BatchContext,
  unit: number,
  rng: Rng,
  config: SamplingConfig,
  gc: GcWatch | null,
  onProgress?: (p: RoundProgress) => void,
): Promise<SamplingResult> {
  const batches: Batch[] = [];
  const yardstickNs: number[] = [];
  const memoryYardstickNs: number[] = [];
  const throughputYardstickNs: number[] = [];
  const windows: TimeWindow[] = [];
  let elapsedNs = 0;
  let rounds = 0;
  let rel: number | null = null;
  let stop: SamplingStop | null = null;
  while (stop === null) {
    const t0 = ctx.nowMs();
    let batchNs = 0;
    // A preempted batch is kept (marked) and measured again at the same size after the
    // round's planned batches, up to MAX_REMEASURES times. Whether a batch was preempted is
    // decided only once its GC count is known: V8's GC threads share the measuring thread's
    // CPU and switch it out during a collection, which is the kernel's own cost, not
    // preemption. Async kernels wait on the event loop by design and are never re-measured.
    let pending = roundSizes(unit, config.batchesPerRound, rng).map((n) => ({ n, attempt: 0 }));
    while (pending.length > 0) {
      const ran: { batch: Batch; window: TimeWindow; n: number; attempt: number }[] = [];
      for (const p of pending) {
        const { batch, window } = await runBatch(ctx, p.n);
        batches.push(batch);
        windows.push(window);
        batchNs += batch.ns;
        ran.push({ batch, window, ...p });
      }
      pending = [];
      if (ctx.isAsync || ctx.simulated) break;
      if (gc) {
        await gc.settle();
        gc.mark(
          ran.map((r) => r.batch),
          ran.map((r) => r.window),
        );
      }
      for (const r of ran) {
        const cause = preemptionOf(r.batch);
        if (!cause) continue;
        r.batch.preempted = cause;
        if (r.attempt < MAX_REMEASURES) pending.push({ n: r.n, attempt: r.attempt + 1 });
      }
    }
    // Budget by the larger of measured batch time and wall time (bookkeeping included).
    elapsedNs += Math.max(batchNs, (ctx.nowMs() - t0) * 1e6);
    rounds++;
    await yieldToEventLoop();
    if (config.yardsticks !== false) {
      yardstickNs.push(timeYardstick(ctx.clock, ctx.buf, ctx.hz));
      memoryYardstickNs.push(timeMemoryYardstick(ctx.clock, ctx.buf, ctx.hz));
      throughputYardstickNs.push(timeThroughputYardstick(ctx.clock, ctx.buf, ctx.hz));
    }
    rel = relativeSlopeHalfWidth(
      batches.filter((b) => !b.preempted),
      config.confidence,
    );
    stop = decideStop(rounds, elapsedNs, rel, config);
    onProgress?.({ phase: 'sampling', rounds, batches: batches.length, relHalfWidth: rel, elapsedNs });
  }
  if (gc) {
    await gc.settle();
    gc.mark(batches, windows);
  }
  return { batches, yardstickNs, memoryYardstickNs, throughputYardstickNs, stop, relHalfWidth: rel };
}
