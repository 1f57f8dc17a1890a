// Memory per operation (`--memory`, `memory: true`): the bytes a kernel allocates on the V8
// heap per call, measured in a phase of its own after the timed batches, so heap readings
// and GC profiling never touch a timed batch. The same generated loop runs batches of
// i·d iterations (i = 1..K, MEMORY_ROUNDS rounds); each batch's allocation is read by
// heap-allocated.ts (used after − used before + what every collection in between freed),
// and bytes per operation is the robust slope of bytes on iterations, as for time: the
// readings' own constant cost (the heap statistics objects) goes into the intercept.
// Off-heap memory (ArrayBuffer backing stores) is not counted; fresh inputs
// (`.setupEach()`) are made before and released after each reading.

import type { MemoryRecord } from '../results/schema.js';
import { perSizeMedianFit } from '../statistics/robust-slope.js';
import type { BatchContext } from './batch.js';
import { MEMORY_ROUNDS } from './defaults.js';
import { AllocationMeter } from './heap-allocated.js';
import { SINK } from './sink.js';

export async function runMemory(ctx: BatchContext, unit: number, batchesPerRound: number): Promise<MemoryRecord> {
  const meter = new AllocationMeter();
  const batches: MemoryRecord['batches'] = [];
  for (let r = 0; r < MEMORY_ROUNDS; r++) {
    for (let i = 1; i <= batchesPerRound; i++) {
      const requested = i * unit;
      const n = ctx.fresh ? Math.max(1, Math.min(requested, ctx.fresh.maxIterations)) : requested;
      if (ctx.fresh) await ctx.fresh.prepare(n);
      meter.start();
      let last = ctx.loop(n);
      if (ctx.isAsync) last = await last;
      const reading = meter.stop();
      SINK.last = last;
      if (ctx.fresh) await ctx.fresh.release();
      batches.push({ iterations: n, bytes: reading.bytes, collections: reading.collections });
    }
  }
  const fit = perSizeMedianFit(
    batches.map((b) => b.iterations),
    batches.map((b) => b.bytes),
  );
  return { bytesPerOp: fit.slope, interceptBytes: fit.intercept, batches };
}
