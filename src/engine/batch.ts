// One timed batch and its bookkeeping. Everything except the loop itself happens
// outside the clock's start/end: thread stats first and last (most expensive, a
// syscall and a procfs read), then the performance.now() window for GC matching, then
// counters closest to the timed region.

import type { Batch } from '../results/schema.js';
import type { Clock, CounterName, CounterSet } from '../platform/types.js';
import { readingAt, scaleDelta } from '../platform/counters-math.js';
import { SINK, type Checksum } from './sink.js';
import type { ThreadSnapshot, ThreadStats } from './thread-stats.js';
import type { TimeWindow } from './gc-watch.js';
import type { FreshInputs } from './fresh-inputs.js';
import { applyTiming, type Timing } from './timing.js';

export interface BatchContext {
  clock: Clock;
  /** The Float64Array bound to the clock: [startTicks, startCpu, endTicks, endCpu]. */
  buf: Float64Array;
  hz: number;
  loop: (n: number) => unknown;
  isAsync: boolean;
  checksum: Checksum;
  thread: ThreadStats;
  counters?: CounterSet;
  /** Two preallocated readings for `counters` (3 × active events each). */
  counterBufs?: [Float64Array, Float64Array];
  /** Wall clock for GC windows and budgets (performance.now(), ms); injectable for tests. */
  nowMs: () => number;
  /** Per-iteration set-up: inputs made before each batch's clock starts, released after it stops. */
  fresh?: FreshInputs;
  /** Counts are simulated (src/simulation/): a preempted batch counts the same, so none is measured again. */
  simulated?: boolean;
  /**
   * The process's CPU time (all threads), ns; when set, each batch records it (Batch.processCpuNs)
   * and, with `timing: 'process-cpu'`, its ns is that CPU time (timing.ts).
   */
  processCpuNs?: () => number;
  timing?: Timing;
  /** Told right before and right after each batch's loop, outside its clock reads (src/worker/v8-watch.ts). */
  batchMarks?: { before(): void; after(): void };
}

export interface TimedBatch {
  batch: Batch;
  window: TimeWindow;
}

const before: ThreadSnapshot = { switches: 0, involuntary: 0, faults: 0, migrations: 0 };
const after: ThreadSnapshot = { switches: 0, involuntary: 0, faults: 0, migrations: 0 };

export async function runBatch(ctx: BatchContext, requested: number): Promise<TimedBatch> {
  const { buf, thread, counters, fresh } = ctx;
  // A batch's fresh inputs must fit in memory: fresh.maxIterations caps it (see measure.ts).
  const iterations = fresh ? Math.max(1, Math.min(requested, fresh.maxIterations)) : requested;
  if (fresh) await fresh.prepare(iterations);
  if (counters && !ctx.counterBufs) {
    const len = 3 * counters.active.length;
    ctx.counterBufs = [new Float64Array(len), new Float64Array(len)];
  }
  const [c0, c1] = ctx.counterBufs ?? [null, null];
  ctx.batchMarks?.before();
  thread.snapshot(before);
  const startMs = ctx.nowMs();
  const cpu0 = ctx.processCpuNs?.() ?? 0;
  if (counters) counters.read(c0!);
  let last = ctx.loop(iterations);
  if (counters) counters.read(c1!);
  const cpu1 = ctx.processCpuNs?.() ?? 0;
  const endMs = ctx.nowMs();
  thread.snapshot(after);
  if (ctx.isAsync) last = await last;
  ctx.batchMarks?.after();
  SINK.last = last; // escapes: the value is observable after the run
  ctx.checksum.add(last);
  if (fresh) await fresh.release();
  const ticks = buf[2] - buf[0];
  const cpuStart = buf[1];
  const cpuEnd = buf[3];
  const migrated = cpuStart >= 0 && cpuEnd >= 0 && cpuStart !== cpuEnd ? 1 : 0;
  const batch: Batch = {
    iterations,
    ticks,
    ns: (ticks * 1e9) / ctx.hz,
    cpuStart,
    cpuEnd,
    gc: 0,
    contextSwitches: thread.rusage ? after.switches - before.switches : 0,
    migrations: thread.procSched ? after.migrations - before.migrations : migrated,
    pageFaults: thread.rusage ? after.faults - before.faults : 0,
  };
  if (thread.rusage) batch.involuntarySwitches = after.involuntary - before.involuntary;
  if (ctx.processCpuNs) applyTiming(batch, cpu1 - cpu0, ctx.timing ?? 'wall');
  if (counters) Object.assign(batch, counterDeltas(counters.active, c0!, c1!));
  return { batch, window: { startMs, endMs } };
}

/**
 * Counter deltas over one batch from two cumulative readings (value, enabled, running
 * per event), scaled for multiplexing by counters-math's scaleDelta. An event that never
 * ran during the batch is left out ("not counted", never 0; docs/platform-notes.md P3);
 * countersRunning is the smallest running/enabled share across events.
 */
export function counterDeltas(
  active: readonly CounterName[],
  a: Float64Array,
  b: Float64Array,
): Pick<Batch, 'counters' | 'countersRunning'> {
  const counters: Partial<Record<CounterName, number>> = {};
  let running = 1;
  active.forEach((name, i) => {
    const scaled = scaleDelta(readingAt(a, i), readingAt(b, i));
    if (scaled.value !== null) counters[name] = scaled.value;
    if (scaled.fractionRunning !== null) running = Math.min(running, scaled.fractionRunning);
  });
  return { counters, countersRunning: running };
}
