// Manually timed benchmarks: a callback that times its own region (node:bench's
// `b.start(); …; b.end(operations)` or `b.record({ operations, duration_ns })`; the context is
// manual-context.ts). cyclebench cannot choose their batch sizes, so they do not go through the
// batch planner (sampler.ts): one invocation is one sample, a batch whose iterations are the
// operations the callback reported and whose time is its own measured region.
//
// In each fresh process: warm-up invocations (at least the file's `warmup`, and on until the
// per-operation times are steady, warmup.ts, or the warm-up budget is spent; done() in one of the
// added ones is ignored, since under node:bench it would have been a measured one), then measured
// invocations up to the file's `samples`, or fewer when the callback calls done() (honoured from
// the second sample on, the least a process's analysis needs) or the sampling budget (--time) is
// spent, an event-loop turn between them as node:bench does. Each
// sample is read with the same bookkeeping as a batch (batch.ts: thread switches, GC windows);
// a sample the thread was switched out or moved during is marked preempted and left out of
// the estimates (preemption.ts), not measured again: its size is the callback's to choose.
// How the samples are analysed: src/analysis/manual.ts and docs/migration.md.

import type { Batch, ForkResult } from '../results/schema.js';
import { runBatch, type BatchContext } from './batch.js';
import { processIdentity, recordedConditions } from './conditions.js';
import type { KernelSpec } from './kernel.js';
import { GcWatch, type TimeWindow } from './gc-watch.js';
import { ManualContext, type ManualSpec, type Phase } from './manual-context.js';
import type { MeasureExtras, MeasureOptions, MeasurePlatform } from './measure-options.js';
import { preemptionOf } from './preemption.js';
import { yieldToEventLoop } from './sampler.js';
import { Checksum } from './sink.js';
import { ThreadStats } from './thread-stats.js';
import { DEFAULT_WARMUP, WarmupTracker } from './warmup.js';
import { timeMemoryYardstick, timeThroughputYardstick, timeYardstick, warmYardstick } from './yardstick.js';

export type { ManualSpec } from './manual-context.js';

/** What measureManual reads of measure()'s options. */
type ManualOptions = Pick<
  MeasureOptions,
  'warmupBudgetNs' | 'warmupMinNs' | 'warmupCollectingMinNs' | 'timeBudgetNs' | 'latency' | 'memory'
>;

/** What measureManual reads of measure()'s extras. */
type ManualExtras = Pick<
  MeasureExtras,
  | 'forkIndex'
  | 'counters'
  | 'conditions'
  | 'details'
  | 'onProgress'
  | 'nowMs'
  | 'observeGc'
  | 'observeThread'
  | 'timed'
  | 'settle'
  | 'v8'
>;

export function isManual(kernel: KernelSpec): kernel is KernelSpec & { manual: ManualSpec } {
  return kernel.manual !== undefined;
}

export async function measureManual(
  kernel: KernelSpec & { manual: ManualSpec },
  platform: MeasurePlatform,
  o: ManualOptions,
  extras: ManualExtras,
): Promise<ForkResult> {
  const spec = kernel.manual;
  const what = o.latency ? 'latency mode' : o.memory ? 'memory per call' : extras.settle ? 'simulated counts' : null;
  if (what)
    throw new RangeError(
      `'${kernel.label}': ${what} needs cyclebench to call the kernel, and this callback times itself ` +
        '(start()/end()); measure it without that option',
    );
  const clock = platform.clock;
  const info = clock.info();
  const buf = new Float64Array(4);
  clock.bind(buf);
  const thread = new ThreadStats(platform.sched, extras.observeThread !== false);
  const gc = extras.observeGc === false ? null : new GcWatch();
  const nowMs = extras.nowMs ?? (() => performance.now());
  const aborter = new AbortController();
  const signal = spec.signal ? AbortSignal.any([spec.signal, aborter.signal]) : aborter.signal;
  const started = nowMs();
  let context: ManualContext | null = null;
  const invocation = { phase: 'warmup' as Phase, index: 0 };
  // The batch "loop" is one invocation; its clock reads are the callback's start()/end().
  const ctx: BatchContext = {
    clock,
    buf,
    hz: info.hz,
    loop: () => {
      // Warm-up invocations beyond the file's own are cyclebench's (ManualContext `added`).
      const added = invocation.phase === 'warmup' && invocation.index >= spec.warmup;
      context = new ManualContext({
        ...invocation,
        added,
        name: spec.name,
        params: spec.params,
        signal,
        clock,
        buf,
        hz: info.hz,
      });
      return spec.fn(context);
    },
    // Always awaited: whether a callback returns a promise is known only after calling it.
    isAsync: true,
    checksum: new Checksum(),
    thread,
    nowMs,
  };
  const details: ForkResult['details'] = [...(extras.details ?? [])];
  if (extras.counters)
    details.push({
      code: 'counters-unavailable',
      severity: 'info',
      values: { message: 'counters read over a whole callback would count its set-up outside start()/end()' },
    });
  let recorded = 0;
  let done = false;
  const sample = async (): Promise<{ batch: Batch; window: TimeWindow }> => {
    if (signal.aborted) throw signal.reason ?? new Error(`bench('${spec.name}') was aborted`);
    const { batch, window } = await runBatch(ctx, 1);
    const s = context!.finish();
    batch.iterations = s.sample.operations;
    if (s.recorded) recorded++;
    done ||= s.done;
    if (nowMs() - started > spec.timeoutMs)
      throw new Error(`bench('${spec.name}') timed out after ${spec.timeoutMs} ms`);
    invocation.index++;
    await yieldToEventLoop();
    return { batch, window };
  };
  try {
    await extras.timed?.(false);
    const tracker = new WarmupTracker({
      ...DEFAULT_WARMUP,
      budgetNs: o.warmupBudgetNs,
      minNs: Math.min(o.warmupMinNs, o.warmupBudgetNs),
      collectingMinNs: Math.min(o.warmupCollectingMinNs, o.warmupBudgetNs),
      // A sample's size is the callback's: a short one cannot be grown, so none is too short.
      minBatchNs: 0,
    });
    let outcome = null;
    while (invocation.index < spec.warmup || outcome === null) {
      const t0 = nowMs();
      const { batch } = await sample();
      outcome = tracker.record(batch.iterations, batch.ns, (nowMs() - t0) * 1e6);
    }
    const warmup = tracker.summary();
    await extras.timed?.(true);
    const yardsticks = warmYardstick(extras.v8?.tierOf);
    invocation.phase = 'measurement';
    invocation.index = 0;
    const batches: Batch[] = [];
    const windows: TimeWindow[] = [];
    const t0 = nowMs();
    let stop: ForkResult['stop'] = 'max-rounds';
    // done() ends sampling once the process has the 2 samples its analysis needs at least (fork-fit.ts).
    while (batches.length < spec.samples && !(done && batches.length >= 2)) {
      const { batch, window } = await sample();
      batches.push(batch);
      windows.push(window);
      extras.onProgress?.({
        phase: 'sampling',
        rounds: batches.length,
        batches: batches.length,
        relHalfWidth: null,
        elapsedNs: (nowMs() - t0) * 1e6,
      });
      if ((nowMs() - t0) * 1e6 >= o.timeBudgetNs && batches.length >= 2 && batches.length < spec.samples) {
        stop = 'time-budget';
        break;
      }
    }
    // Not timed when their warm-up left one below V8's top tier (yardstick.ts warmYardstick).
    const timed = (time: typeof timeYardstick) => (yardsticks ? [time(clock, buf, info.hz)] : []);
    const yardstickNs = timed(timeYardstick);
    const memoryYardstickNs = timed(timeMemoryYardstick);
    const throughputYardstickNs = timed(timeThroughputYardstick);
    if (gc) {
      await gc.settle();
      gc.mark(batches, windows);
    }
    for (const b of batches) {
      const cause = preemptionOf(b);
      if (cause) b.preempted = cause;
    }
    details.push(...thread.details());
    if (gc?.problem) details.push({ code: 'gc-unobservable', severity: 'warning', values: { message: gc.problem } });
    return {
      ...processIdentity(extras.forkIndex, info),
      warmup,
      unit: 1,
      batches,
      yardstickNs,
      memoryYardstickNs,
      throughputYardstickNs,
      memoryYardstick: 'chain',
      stop,
      checksum: ctx.checksum.digest(),
      timing: 'wall',
      conditions: recordedConditions(extras.conditions),
      warnings: [],
      details,
      manual: { warmupInvocations: warmup.batches, samplesAllowed: spec.samples, done, recorded },
    };
  } finally {
    aborter.abort();
    gc?.close();
    thread.close();
  }
}
