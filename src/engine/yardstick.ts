// The yardstick: a fixed reference kernel timed between sampling rounds in every worker, so
// the analysis can tell how fast this process's CPU was while it measured. On a shared host
// whole processes sometimes run 1.3–1.9× slow for seconds (a busy sibling hardware thread, the
// host's frequency), on-CPU time included: nothing in the process's own batches shows it,
// because the thread was never descheduled. The same fixed work, timed in every process of a
// run, does show it (src/analysis/slow-processes.ts).
//
// The work is integer xorshift steps on a module variable (a side effect, so it is not dead),
// about 20–40 µs here; the fastest of 3 timings per round is kept, so a preemption during one
// timing does not count as a slow state. It runs outside every batch, so it costs the
// benchmark nothing but that time.

import type { Clock } from '../platform/types.js';

const STEPS = 20_000;
const REPEATS = 3;
const WARM_CALLS = 200;

let state = 0x9e3779b9;
function work(): number {
  let s = state;
  for (let i = 0; i < STEPS; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
  }
  state = s;
  return s;
}

/** Runs the reference work until the compiler has optimized it (before the first timing). */
export function warmYardstick(): void {
  for (let i = 0; i < WARM_CALLS; i++) work();
}

/** The fastest of a few timings of the reference work, ns; the clock writes into `buf`. */
export function timeYardstick(clock: Clock, buf: Float64Array, hz: number): number {
  let best = Infinity;
  for (let r = 0; r < REPEATS; r++) {
    clock.start();
    work();
    clock.end();
    best = Math.min(best, ((buf[2] - buf[0]) * 1e9) / hz);
  }
  return best;
}
