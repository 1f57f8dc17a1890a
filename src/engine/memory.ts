// Memory per operation (`--memory`, `memory: true`): the bytes a kernel allocates on the V8
// heap per call, measured in a phase of its own after the timed batches, so heap readings
// and GC profiling never touch a timed batch. The same generated loop runs batches of
// i·d iterations (i = 1..K, MEMORY_ROUNDS rounds); each batch's allocation is read by
// heap-allocated.ts (used after − before + what every collection in between freed),
// and bytes per operation is the robust slope of bytes on iterations, as for time: the
// readings' own constant cost (the heap statistics objects) goes into the intercept.
// d is the timed phase's unit, grown until the smallest batch allocates
// MEMORY_MIN_BATCH_BYTES (page granularity: defaults.ts) as far as its time allows.
// Off-heap memory (ArrayBuffer backing stores) is not counted; fresh inputs
// (`.setupEach()`) are made before and released after each reading.
//
// Kept values: after the readings, two single calls show whether the kernel returns (or
// passes to blackhole()) a new heap value on every call. Such a value costs at least its
// smallest V8 size per call (keptValueFloor); a slope far below it means the compiler
// dropped the allocation the code performs (src/analysis/quality.ts flags it).

import type { MemoryRecord } from '../results/schema.js';
import { perSizeMedianFit } from '../statistics/robust-slope.js';
import type { BatchContext } from './batch.js';
import { MEMORY_MAX_SMALLEST_BATCH_NS, MEMORY_MIN_BATCH_BYTES, MEMORY_ROUNDS } from './defaults.js';
import { AllocationMeter, heapHeadroom, meterOwnBytes } from './heap-allocated.js';
import { SINK } from './sink.js';

/** What the memory phase uses of a batch context: the loop and its fresh inputs. */
export type MemoryContext = Pick<BatchContext, 'loop' | 'isAsync' | 'fresh'>;

export async function runMemory(
  ctx: MemoryContext,
  unit: number,
  batchesPerRound: number,
  inputs?: ArrayLike<unknown>,
): Promise<MemoryRecord> {
  const meter = new AllocationMeter();
  const batches: MemoryRecord['batches'] = [];
  const d = await memoryUnit(ctx, unit, batchesPerRound);
  for (let r = 0; r < MEMORY_ROUNDS; r++) {
    for (let i = 1; i <= batchesPerRound; i++) {
      const n = ctx.fresh ? Math.max(1, Math.min(i * d, ctx.fresh.maxIterations)) : i * d;
      const reading = await readBatch(ctx, meter, n);
      batches.push({ iterations: n, bytes: reading.bytes, collections: reading.collections });
    }
  }
  const fit = perSizeMedianFit(
    batches.map((b) => b.iterations),
    batches.map((b) => b.bytes),
  );
  const kept = await keptValue(ctx, inputs);
  return { bytesPerOp: fit.slope, interceptBytes: fit.intercept, batches, ...(kept ? { kept } : {}) };
}

/** One batch of n calls, its fresh inputs made before and released after the reading. */
async function readBatch(ctx: MemoryContext, meter: AllocationMeter, n: number) {
  if (ctx.fresh) await ctx.fresh.prepare(n);
  meter.start();
  let last = ctx.loop(n);
  if (ctx.isAsync) last = await last;
  const reading = meter.stop();
  SINK.last = last;
  if (ctx.fresh) await ctx.fresh.release();
  return reading;
}

/**
 * The memory phase's d: the timed unit, grown so the smallest batch allocates
 * MEMORY_MIN_BATCH_BYTES, but not past MEMORY_MAX_SMALLEST_BATCH_NS of the kernel's time, a
 * quarter of the heap's headroom for the largest batch, or the fresh inputs a batch may hold.
 * Bytes and time per call are read over one batch of `unit` calls: the kernel is warm after the
 * timed phase, where the warm-up's estimate can be that of its first, slower calls.
 */
export async function memoryUnit(
  ctx: MemoryContext,
  unit: number,
  batchesPerRound: number,
  /** Milliseconds, for the time per call (a test passes its own clock). */
  nowMs: () => number = () => performance.now(),
): Promise<number> {
  const own = meterOwnBytes();
  const t0 = nowMs();
  let reading = await readBatch(ctx, new AllocationMeter(), unit);
  const nsPerCall = ((nowMs() - t0) * 1e6) / unit;
  // A collection during the batch can leave its reading short of what the calls allocated (on
  // Node 24 a 3-call batch of 8 KB arrays once read under 1 B a call), which would keep the
  // unit at its smallest: such a reading is taken once more and the larger kept.
  if (reading.collections > 0 || reading.bytes - own < unit) {
    const again = await readBatch(ctx, new AllocationMeter(), unit);
    if (again.bytes > reading.bytes) reading = again;
  }
  const perCall = Math.max(0, reading.bytes - own) / unit;
  if (perCall < 1) return unit;
  const wanted = Math.ceil(MEMORY_MIN_BATCH_BYTES / perCall);
  const byTime = Math.floor(MEMORY_MAX_SMALLEST_BATCH_NS / Math.max(nsPerCall, 0.05));
  const byHeap = Math.floor(heapHeadroom() / 4 / (batchesPerRound * perCall));
  const byInputs = ctx.fresh ? Math.floor(ctx.fresh.maxIterations / batchesPerRound) : Infinity;
  return Math.max(unit, Math.min(wanted, byTime, byHeap, byInputs));
}

/** Two single calls: the smallest size of a new heap value each returns or sinks, when each makes one. */
async function keptValue(ctx: MemoryContext, inputs?: ArrayLike<unknown>): Promise<MemoryRecord['kept'] | null> {
  const seen: { returned: unknown; sunk: unknown; fresh: ArrayLike<unknown> }[] = [];
  for (let i = 0; i < 2; i++) {
    if (ctx.fresh) await ctx.fresh.prepare(1);
    SINK.held = undefined;
    let returned = ctx.loop(1);
    if (ctx.isAsync) returned = await returned;
    seen.push({ returned, sunk: SINK.held, fresh: ctx.fresh?.values ?? [] });
    SINK.held = undefined;
    if (ctx.fresh) await ctx.fresh.release();
  }
  const isInput = (v: unknown, fresh: ArrayLike<unknown>) =>
    Array.prototype.includes.call(fresh, v) || (inputs !== undefined && Array.prototype.includes.call(inputs, v));
  let best: MemoryRecord['kept'] | null = null;
  for (const by of ['returned', 'sunk'] as const) {
    const [a, b] = [seen[0][by], seen[1][by]];
    const floor = keptValueFloor(b);
    if (floor === 0 || a === b || isInput(a, seen[0].fresh) || isInput(b, seen[1].fresh)) continue;
    if (!best || floor > best.bytes) best = { bytes: floor, by };
  }
  return best;
}

/**
 * The fewest heap bytes V8 (64-bit, no pointer compression, as Node builds it) can spend on
 * a new value of this kind: every heap object starts with an 8-byte map word; a JSObject
 * adds properties and elements pointers (24 B) and holds each own property in a word at
 * least (in-object, in a property array or a dictionary); a JSArray adds its length (32 B)
 * and a word per element present; the smallest string is a map plus hash and length (16 B).
 * 0 for values that need no allocation (small integers, booleans, undefined, null).
 */
export function keptValueFloor(v: unknown): number {
  if (typeof v === 'string') return v.length === 0 ? 0 : 16;
  if (typeof v === 'function') return 32;
  if (typeof v !== 'object' || v === null) return 0;
  // Counting keys is linear; past this many the floor is large anyway.
  const few = (o: object) => (Object.keys(o).length <= MAX_COUNTED ? Object.keys(o).length : MAX_COUNTED);
  if (Array.isArray(v)) return 32 + 8 * (v.length <= MAX_COUNTED ? few(v) : MAX_COUNTED);
  if (ArrayBuffer.isView(v) || v instanceof Map || v instanceof Set) return 24;
  return 24 + 8 * few(v);
}

const MAX_COUNTED = 1024;
