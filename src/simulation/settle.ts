// Warm-up under Valgrind: the kernel must be counted in its optimized tier. Under Valgrind threads
// run one at a time, so V8's background compiler may not have finished after the time-based
// warm-up (a kernel was seen still interpreted after 10,000 calls, 30x the instructions). Pairs of
// batches (n, 2n calls) give per-call counts free of the per-batch cost; warm-up goes on until two
// successive pairs agree within STEADY_TOLERANCE and V8 reports the kernel optimized, or MAX_PAIRS.
// The tier comes from V8's %GetOptimizationStatus (src/simulation/v8-status.ts).
import { runBatch, type BatchContext } from '../engine/batch.js';
import { SINK } from '../engine/sink.js';
import type { SimulationRecord, V8Tier } from '../results/schema.js';
import type { CallgrindCounterSet } from './counter-set.js';
import { tierReader } from './v8-status.js';

export { tierOf } from './v8-status.js';

export const STEADY_TOLERANCE = 0.005;
export const WARM_ROUNDS = 3;
export const PAIRS_PER_ROUND = 3;
export const WARM_CALL_MS = 300;
export const MAX_WARM_CALLS = 1 << 22;
const OPTIMIZED: readonly V8Tier[] = ['turbofan', 'maglev', 'inlined', 'unknown'];

/**
 * Fewer instructions per call than this (loop and kernel together) cannot include a call into
 * unoptimized code. Measured under callgrind: the empty kernel `() => 0` inlined into the optimized
 * loop costs 8 per call; the same kernel kept out of the optimizing tiers (baseline code, called
 * from the optimized loop) costs 66.
 */
export const INLINED_MAX_INSTRUCTIONS = 32;

/**
 * The tier the kernel's code ran in. V8 reports the kernel's own code, which stays baseline or
 * interpreted when the optimized loop inlined it and never called it again; a per-call count below
 * INLINED_MAX_INSTRUCTIONS with the loop optimized shows that case.
 */
export function runTier(kernel: V8Tier, loop: V8Tier, perCall: number): V8Tier {
  const slow = kernel === 'baseline' || kernel === 'interpreted';
  const loopOptimized = loop === 'turbofan' || loop === 'maglev';
  return slow && loopOptimized && perCall >= 0 && perCall < INLINED_MAX_INSTRUCTIONS ? 'inlined' : kernel;
}

/**
 * The process's CPU time, ms: the uncounted calls' clock. On a busy machine wall time runs on while
 * the worker waits for a CPU, so a wall-time phase made fewer calls there, and a cheap kernel could
 * settle in Maglev where a quiet machine's reached TurboFan. Valgrind runs one thread at a time, so
 * this is the worker's own work.
 */
function processCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Uncounted calls of the loop first, doubling until one takes WARM_CALL_MS of CPU time (or MAX_WARM_CALLS calls):
 * under Valgrind the time-based warm-up before this makes only a few calls, too few for V8 to tier
 * up a cheap kernel or the loop around it. Then counted pairs back to back until two successive
 * pairs agree within STEADY_TOLERANCE in the same tiers with the kernel optimized; failing that,
 * a longer uncounted phase and pairs again, up to WARM_ROUNDS. (A counted pair right after a long
 * uncounted call was seen thousands of instructions off: V8 finishing tier-up work.) Each counted
 * batch costs a callgrind dump, ~0.5 s here.
 */
export async function settleTier(
  ctx: BatchContext,
  kernel: unknown,
  unit: number,
  nowMs = processCpuMs,
): Promise<SimulationRecord> {
  const read = tierReader();
  const n = Math.max(1, Math.round(unit));
  const perCall: number[] = [];
  let m = n;
  let steady = false;
  for (let round = 1; round <= WARM_ROUNDS && !steady; round++) {
    for (let spent = 0; spent < WARM_CALL_MS * round && m < MAX_WARM_CALLS; m *= 2) {
      const t0 = nowMs();
      SINK.last = await ctx.loop(m);
      spent = nowMs() - t0;
    }
    let tiers = '';
    for (let pair = 0; pair < PAIRS_PER_ROUND && !steady; pair++) {
      const one = await runBatch(ctx, n);
      const two = await runBatch(ctx, 2 * n);
      const a = one.batch.counters?.['sim-instructions'];
      const b = two.batch.counters?.['sim-instructions'];
      perCall.push(a === undefined || b === undefined ? NaN : (b - a) / n);
      const [prev, last] = perCall.slice(-2) as [number, number];
      const now = `${read(kernel)} ${read(ctx.loop)}`;
      steady = pair > 0 && now === tiers && Math.abs(last - prev) <= STEADY_TOLERANCE * Math.abs(prev);
      steady &&= OPTIMIZED.includes(runTier(read(kernel), read(ctx.loop), last));
      tiers = now;
    }
  }
  const loopTier = read(ctx.loop);
  const last = perCall[perCall.length - 1] ?? NaN;
  return { tier: runTier(read(kernel), loopTier, last), loopTier, warmupPerCall: perCall, steady };
}

/** measure()'s settle step for a callgrind counter set: the tier check, then the simulated cache geometry. */
export function settleWith(counters: CallgrindCounterSet) {
  return async (ctx: BatchContext, kernel: unknown, unit: number): Promise<SimulationRecord> => {
    const record = await settleTier(ctx, kernel, unit);
    return counters.caches.length > 0 ? { ...record, caches: counters.caches } : record;
  };
}
