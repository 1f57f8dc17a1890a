// The empty-loop floor: what this process's generated loop costs per iteration when the
// kernel does nothing. A kernel is called through `last = fn(state)` in a counted loop;
// even when `fn` is empty the increment, compare and sink store remain, about one or two
// cycles (measured 0.5–0.8 ns on a 2.4 GHz guest). A benchmark whose time lies within one
// cycle of this floor cannot be told apart from an empty kernel: either its work was
// optimized away or it is below what the loop can resolve. The analysis flags it
// `optimized-away` rather than report the floor as the kernel's speed.
//
// Measured in the same process, with the same loop shape (same generated source, same
// inputs pool when there is one), right before the benchmark's own warmup; sync kernels
// only (an awaited call costs far more than the loop, so the floor says nothing there).

import type { Clock } from '../platform/types.js';
import { perSizeMedianFit } from '../statistics/robust-slope.js';
import * as D from './defaults.js';
import { makeSyncLoop, type LoopOptions } from './loop.js';

/** The kernel of the floor loop: does nothing, returns nothing. */
const EMPTY = (): undefined => undefined;

export interface FloorContext {
  clock: Clock;
  /** The Float64Array bound to `clock`: [startTicks, startCpu, endTicks, endCpu]. */
  buf: Float64Array;
  hz: number;
}

/**
 * Per-iteration ns of the empty loop (robust slope over shuffled-free i·d sizes), or null if it could not be
 * measured.
 */
export function measureLoopFloor(
  ctx: FloorContext,
  loopOpts: Pick<LoopOptions, 'inputs' | 'fresh'> = {},
): number | null {
  // Per-iteration inputs: the same loop shape, reading n empty slots of a batch's own array.
  const fresh = loopOpts.fresh ? { values: [] as unknown[] } : undefined;
  const loop = makeSyncLoop(EMPTY, undefined, ctx.clock, { ...loopOpts, fresh, label: 'empty-loop floor' });
  const timed = (n: number): number => {
    if (fresh) fresh.values = new Array<unknown>(n);
    loop(n);
    return ((ctx.buf[2] - ctx.buf[0]) * 1e9) / ctx.hz;
  };
  // Grow until one batch takes FLOOR_BATCH_NS: this is also the floor loop's warmup
  // (on-stack replacement tiers the loop up within the first long batches).
  let n = D.FLOOR_FIRST_ITERATIONS;
  let shortest = Infinity;
  for (let t = timed(n); t < D.FLOOR_BATCH_NS && n < D.FLOOR_MAX_ITERATIONS; t = timed(n)) {
    // A clock that does not advance with the work (a test's fake clock) has no floor to give:
    // 256 times the iterations took no longer than the shortest batch before. Compared with the
    // shortest, not the first: a first batch that was switched out can outlast them all.
    if (n >= D.FLOOR_FIRST_ITERATIONS * 2 ** 8 && t <= shortest) return null;
    shortest = Math.min(shortest, t);
    n *= 2;
  }
  const unit = Math.max(1, Math.floor(n / D.FLOOR_SIZES));
  const x: number[] = [];
  const y: number[] = [];
  for (let r = 0; r < D.FLOOR_ROUNDS; r++) {
    for (let i = 1; i <= D.FLOOR_SIZES; i++) {
      x.push(i * unit);
      y.push(timed(i * unit));
    }
  }
  const slope = perSizeMedianFit(x, y).slope;
  return Number.isFinite(slope) && slope >= 0 ? slope : null;
}
