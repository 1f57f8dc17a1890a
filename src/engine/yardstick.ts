// The yardsticks: two fixed reference kernels timed between sampling rounds in every worker, so
// the analysis can tell how fast this process's CPU was while it measured. On a shared host
// whole processes sometimes run 1.3–1.9× slow for seconds (a busy sibling hardware thread, the
// host's frequency), on-CPU time included: nothing in the process's own batches shows it,
// because the thread was never descheduled. The same fixed work, timed in every process of a
// run, does show it (src/analysis/slow-processes.ts).
//
// - compute: integer xorshift steps on a module variable (a side effect, so it is not dead),
//   about 20–40 µs here. It runs in registers and barely notices a slow memory path.
// - memory: reads at scattered places of a 256 KB table, listed in another 256 KB, which fit a
//   core's L2 cache (512 KB to 1 MB on the x86 and Arm server cores of the last years), about
//   45 µs here. On this VM allocating kernels (JSON.parse, small objects, string building) ran
//   1.6–1.8× slower for spells of tens of seconds while the compute yardstick moved by 4 % and
//   these reads by 1.54× (1.34–1.36× through this code's fastest-of-3 timing; docs/measurements.md,
//   "A slow memory path the compute yardstick does not see"). The table lives outside V8's heap
//   (an ArrayBuffer), so it does not change the benchmark's garbage collections.
//
// The fastest of 3 timings per round is kept for each, so a preemption during one timing does
// not count as a slow state, and the first read of the table after the kernel ran (refilling
// the cache) does not either. They run outside every batch, so they cost the benchmark nothing
// but that time.

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

/** 2^16 entries of 32-bit words: a 256 KB table and a 256 KB list of places to read in it. */
const ENTRIES = 1 << 16;
let table: Int32Array | null = null;
let places: Int32Array | null = null;

function memoryWork(): number {
  if (table === null || places === null) {
    // Filled by plain loops: Int32Array.from with a mapping function took ~10 ms per process here.
    table = new Int32Array(ENTRIES);
    places = new Int32Array(ENTRIES);
    for (let i = 0; i < ENTRIES; i++) {
      table[i] = Math.imul(i, 2_654_435_761);
      // i·40,503 mod 2^16 with an odd multiplier is a permutation: every entry once, in an order
      // that jumps about 160 KB between neighbours, so nearly every read is a different cache line.
      places[i] = Math.imul(i, 40_503) & (ENTRIES - 1);
    }
  }
  // The places are read in order (the prefetcher streams them) and the reads of the table do
  // not depend on one another, so the loop is bound by how fast the core's caches answer
  // scattered loads, not by arithmetic.
  let acc = 0;
  for (let i = 0; i < ENTRIES; i++) acc ^= table[places[i]];
  state ^= acc;
  return acc;
}

/** Runs the reference work until the compiler has optimized it (before the first timing). */
export function warmYardstick(): void {
  for (let i = 0; i < WARM_CALLS; i++) work();
  for (let i = 0; i < WARM_CALLS / 4; i++) memoryWork();
}

/** The fastest of a few timings of `fn`, ns; the clock writes into `buf`. */
function fastest(fn: () => number, clock: Clock, buf: Float64Array, hz: number): number {
  let best = Infinity;
  for (let r = 0; r < REPEATS; r++) {
    clock.start();
    fn();
    clock.end();
    best = Math.min(best, ((buf[2] - buf[0]) * 1e9) / hz);
  }
  return best;
}

/** The compute yardstick's time, ns. */
export function timeYardstick(clock: Clock, buf: Float64Array, hz: number): number {
  return fastest(work, clock, buf, hz);
}

/** The memory yardstick's time, ns. */
export function timeMemoryYardstick(clock: Clock, buf: Float64Array, hz: number): number {
  return fastest(memoryWork, clock, buf, hz);
}
