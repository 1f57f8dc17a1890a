// measure(): one benchmark in this process → one ForkResult (raw batches, no statistics
// beyond the quick stop rule). Used by the worker (one benchmark per process) and by the
// in-process run().

import { performance } from 'node:perf_hooks';
import type { AnalysisDetail, ForkResult, LatencyRecord } from '../results/schema.js';
import { detail, type DetailCode, type DetailValues } from '../results/detail-schema.js';
import { processIdentity, recordedConditions } from './conditions.js';
import type { MeasureExtras, MeasureOptions, MeasurePlatform } from './measure-options.js';
import * as D from './defaults.js';
import { GcWatch } from './gc-watch.js';
import type { KernelSpec } from './kernel.js';
import { measureLoopFloor } from './floor.js';
import { allocationProblem } from './heap-allocated.js';
import { runMemory } from './memory.js';
import { formatBytes, type FreshInputs } from './fresh-inputs.js';
import { changedInputs } from './inputs.js';
import { makeAsyncLoop, makeSyncLoop, type LoopOptions } from './loop.js';
import { planRng, unitFor } from './plan.js';
import { runSampling, runWarmup } from './sampler.js';
import { Checksum } from './sink.js';
import { ThreadStats } from './thread-stats.js';
import { DEFAULT_WARMUP } from './warmup.js';
import { warmYardstick } from './yardstick.js';
import { ALLOCATING_BYTES_PER_CALL, probeAllocation } from './allocation-probe.js';
import { chooseTiming, readProcessCpuNs } from './timing.js';
import { hasEachHooks, perCallBatches } from './per-call.js';
import type { BatchContext } from './batch.js';
import { isManual, measureManual } from './manual.js';

export type { MeasureExtras, MeasureOptions, MeasurePlatform } from './measure-options.js';

export const DEFAULT_MEASURE_OPTIONS: MeasureOptions = {
  warmupBudgetNs: D.WARMUP_BUDGET_NS,
  warmupMinNs: D.WARMUP_MIN_NS,
  warmupCollectingMinNs: D.WARMUP_COLLECTING_MIN_NS,
  targetCi: D.TARGET_CI,
  confidence: D.CI_CONFIDENCE,
  timeBudgetNs: D.TIME_BUDGET_NS,
  minRounds: D.MIN_ROUNDS,
  maxRounds: D.MAX_ROUNDS,
  batchesPerRound: D.BATCHES_PER_ROUND,
  targetLargestBatchNs: D.TARGET_LARGEST_BATCH_NS,
  allocatingLargestBatchNs: D.ALLOCATING_LARGEST_BATCH_NS,
  seed: D.PLAN_SEED,
  latency: false,
  latencyMaxCalls: D.LATENCY_MAX_CALLS,
  memory: false,
};

export async function measure(
  kernel: KernelSpec,
  platform: MeasurePlatform,
  options: Partial<MeasureOptions> = {},
  extras: MeasureExtras = {},
): Promise<ForkResult> {
  const o = { ...DEFAULT_MEASURE_OPTIONS, ...stripUndefined(options) };
  if (isManual(kernel)) return measureManual(kernel, platform, o, extras);
  const clock = platform.clock;
  const info = clock.info();
  const buf = new Float64Array(4);
  clock.bind(buf);
  const nowMs = extras.nowMs ?? (() => performance.now());
  const fresh = kernel.fresh;
  if (fresh) checkFreshInputs(kernel.label, fresh, o);
  const loopOpts: LoopOptions = { label: kernel.label, inputs: kernel.inputs?.values, fresh, ...extras.loop };
  if (hasEachHooks(kernel)) checkPerCall(kernel.label, o, extras);
  const perCall = hasEachHooks(kernel)
    ? perCallBatches(kernel, { clock, buf, nowMs }, D.LATENCY_CALIBRATION_CALLS, D.LATENCY_CALIBRATION_PASSES)
    : null;
  const loop =
    perCall?.loop ??
    (kernel.isAsync
      ? makeAsyncLoop(kernel.fn, kernel.state, clock, loopOpts)
      : makeSyncLoop(kernel.fn, kernel.state, clock, loopOpts));
  const isAsync = perCall?.isAsync ?? kernel.isAsync;
  const thread = new ThreadStats(platform.sched, extras.observeThread !== false);
  const gc = extras.observeGc === false ? null : new GcWatch();
  const checksum = new Checksum();
  const ctx: BatchContext = {
    clock,
    buf,
    hz: info.hz,
    loop,
    isAsync,
    checksum,
    thread,
    // Hardware counters read over a whole batch, hooks included: not read for per-call timing.
    counters: perCall ? undefined : extras.counters,
    nowMs,
    ...(extras.settle ? { simulated: true } : {}),
    fresh,
    // Set later; present from the start so that setting them keeps the object's shape, and the
    // optimized batch code that reads it is not deoptimized inside a batch's marks.
    processCpuNs: undefined,
    timing: undefined,
    batchMarks: undefined,
  };
  const details: AnalysisDetail[] = [...(extras.details ?? [])];
  const warn = <C extends DetailCode>(code: C, values: DetailValues[C]) => details.push(detail(code, values));
  if (perCall && extras.counters) {
    const message = 'beforeEach/afterEach run around every call, and counters read over a batch would count them';
    details.push({ code: 'counters-unavailable', severity: 'info', values: { message } });
  }
  try {
    if (!kernel.isAsync) await extras.timed?.(true);
    // Per-call timing has no loop floor: the clock's calibrated cost is taken out of every call.
    const loopFloorNs =
      isAsync || perCall ? null : measureLoopFloor({ clock, buf, hz: info.hz }, { inputs: loopOpts.inputs, fresh });
    perCall?.calibrate();
    await extras.timed?.(false);
    const warmupStartMs = performance.now();
    extras.v8?.warmupStart();
    if (extras.v8) ctx.batchMarks = extras.v8.batchMarks;
    const warmup = await runWarmup(
      ctx,
      {
        ...DEFAULT_WARMUP,
        budgetNs: o.warmupBudgetNs,
        minNs: Math.min(o.warmupMinNs, o.warmupBudgetNs),
        collectingMinNs: Math.min(o.warmupCollectingMinNs, o.warmupBudgetNs),
      },
      extras.onProgress,
      gc,
    );
    const allocating = gc !== null && (await collectedDuring(gc, warmupStartMs, performance.now()));
    // Per-call timing keeps the clock's time: the process's CPU time would count the hooks.
    const probed = extras.ownProcess && !isAsync && !perCall ? await probeAllocation(ctx, warmup.estimateNs) : 0;
    const timing = chooseTiming({
      allocating: probed >= ALLOCATING_BYTES_PER_CALL,
      ownProcess: extras.ownProcess === true,
      isAsync,
      simulated: extras.settle !== undefined,
    });
    if (extras.ownProcess) ctx.processCpuNs = readProcessCpuNs;
    ctx.timing = timing;
    const target = isAsync
      ? Math.max(o.targetLargestBatchNs, D.ASYNC_TARGET_LARGEST_BATCH_NS)
      : allocating
        ? Math.max(o.targetLargestBatchNs, o.allocatingLargestBatchNs)
        : o.targetLargestBatchNs;
    // Per-call batches are sized by the wall time of a call (per-call.ts), which their net time
    // leaves out.
    const sizingNs = perCall ? Math.max(warmup.estimateNs, perCall.wallPerCallNs()) : warmup.estimateNs;
    let unit = unitFor(sizingNs, target, o.batchesPerRound);
    if (fresh && unit * o.batchesPerRound > fresh.maxIterations) {
      unit = Math.floor(fresh.maxIterations / o.batchesPerRound);
      warn('batches-capped', {
        kernel: kernel.label,
        iterations: unit * o.batchesPerRound,
        bytesPerInput: fresh.bytesPerInput,
        maxBytes: fresh.maxBytes,
      });
    }
    const rng = planRng(o.seed, extras.forkIndex ?? 0);
    const simulation = extras.settle ? await extras.settle(ctx, kernel.fn, unit) : undefined;
    await extras.timed?.(true);
    // Calibrated again right before sampling (the warm-up's figure only sized the batches).
    const perCallRecord = perCall?.calibrate();
    const yardsticks = warmYardstick(extras.v8?.tierOf);
    extras.v8?.samplingStart(kernel.fn, loop);
    const sampled = await runSampling(ctx, unit, rng, { ...o, yardsticks }, gc, extras.onProgress);
    const v8 = extras.v8?.samplingEnd(kernel.fn, loop);
    ctx.batchMarks = undefined;
    const memory = o.memory
      ? await measureMemory(ctx, unit, o.batchesPerRound, details, kernel.inputs?.values)
      : undefined;
    // Latency mode keeps the batch phase above (headline, CI and comparisons stay
    // available) and adds the per-call phase after it, with its own budget of timeBudgetNs.
    // Loaded only in latency mode (it pulls in hdr-histogram-js, ~50 ms to load).
    let latency: LatencyRecord | undefined;
    if (o.latency) {
      const { runLatency, DEFAULT_LATENCY } = await import('./latency.js');
      const config = { ...DEFAULT_LATENCY, maxCalls: o.latencyMaxCalls, budgetNs: o.timeBudgetNs };
      latency = await runLatency(
        kernel,
        { ...ctx, resolutionTicks: info.resolutionTicks },
        warmup.estimateNs,
        config,
        gc,
      );
    }
    details.push(...thread.details());
    const inputsChanged = kernel.inputs && changedInputs(kernel.inputs.values, kernel.inputs.fingerprint);
    if (gc?.problem) warn('gc-unobservable', { message: gc.problem });
    return {
      ...processIdentity(extras.forkIndex, info),
      warmup,
      unit,
      batches: sampled.batches,
      yardstickNs: sampled.yardstickNs,
      memoryYardstickNs: sampled.memoryYardstickNs,
      throughputYardstickNs: sampled.throughputYardstickNs,
      memoryYardstick: 'chain',
      stop: sampled.stop,
      checksum: checksum.digest(),
      timing,
      ...(!isAsync && checksum.onlyUndefined ? { returnsNothing: true } : {}),
      ...(loopFloorNs !== null ? { loopFloorNs } : {}),
      conditions: recordedConditions(extras.conditions),
      warnings: [],
      details,
      ...(latency ? { latency } : {}),
      ...(perCallRecord ? { perCall: perCallRecord } : {}),
      ...(memory ? { memory } : {}),
      ...(kernel.inputs ? { inputs: kernel.inputs.summary } : {}),
      ...(inputsChanged ? { inputsChanged } : {}),
      ...(fresh ? { freshInputBytes: Math.round(fresh.bytesPerInput) } : {}),
      ...(simulation ? { simulation } : {}),
      ...(v8 ? { v8 } : {}),
    };
  } finally {
    gc?.close();
    thread.close();
  }
}

/** The memory phase, or a detail saying why it could not run. */
async function measureMemory(
  ctx: BatchContext,
  unit: number,
  k: number,
  details: AnalysisDetail[],
  inputs?: ArrayLike<unknown>,
) {
  if (allocationProblem) {
    details.push({ code: 'memory-unavailable', severity: 'warning', values: { node: process.version } });
    return undefined;
  }
  return runMemory(ctx, unit, k, inputs);
}

/**
 * One line when a measurement asked for would count a kernel's per-call hooks with it: heap bytes
 * per call and simulated counts read over a whole batch, hooks included.
 */
function checkPerCall(label: string, o: MeasureOptions, extras: MeasureExtras): void {
  const what = o.memory ? 'memory per call' : extras.settle ? 'simulated counts' : null;
  if (what)
    throw new RangeError(
      `'${label}': ${what} would include its beforeEach/afterEach hooks, which run around every call; ` +
        'measure it without that option',
    );
}

/** One line when a batch of the plan cannot hold its fresh inputs in memory. */
function checkFreshInputs(label: string, fresh: FreshInputs, o: MeasureOptions): void {
  const least = o.batchesPerRound;
  if (fresh.maxIterations < least)
    throw new RangeError(
      `'${label}': the smallest plan needs ${least} fresh inputs at once (~${formatBytes(fresh.bytesPerInput)} ` +
        `each), more than the ${formatBytes(fresh.maxBytes)} one batch may hold; make one input smaller`,
    );
}

/**
 * Did the kernel collect garbage during warmup (≥ 100 ms)? Two collections or more: one can be
 * the garbage of loading the file and setting up, which any kernel may meet; an allocating
 * kernel meets dozens.
 */
async function collectedDuring(gc: GcWatch, startMs: number, endMs: number): Promise<boolean> {
  await gc.settle();
  return gc.counts([{ startMs, endMs }])[0] >= 2;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
