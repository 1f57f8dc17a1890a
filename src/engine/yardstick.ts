// The yardsticks: three fixed reference kernels timed between sampling rounds in every worker, so
// the analysis can tell how fast this process's CPU was while it measured. On a shared host
// whole processes sometimes run 1.3–1.9× slow for seconds (a busy sibling hardware thread, the
// host's frequency), on-CPU time included: nothing in the process's own batches shows it,
// because the thread was never descheduled. The same fixed work, timed in every process of a
// run, does show it (src/analysis/slow-processes.ts).
//
// - compute: integer xorshift steps on a module variable (a side effect, so it is not dead),
//   about 20–40 µs here. It runs in registers and barely notices a slow memory path.
// - memory: a chain of 8,192 dependent reads through one random cycle of a 256 KB table, which fits
//   a core's L2 cache (512 KB to 1 MB on the x86 and Arm server cores of the last years) and not
//   its L1, about 35 µs here. Each read waits for the one before, so once V8's top tier runs the
//   loop the time is how fast the caches answer (in its middle tier the loop's own code adds up to
//   1.9×: see the warm-up below). On this VM allocating kernels
//   (JSON.parse, small objects, string building) ran 1.6–1.8× slower for spells of tens of
//   seconds while the compute yardstick moved by 4 % and scattered reads of such a table by
//   1.54× (docs/measurements.md, "A slow memory path the compute yardstick does not see"). Those
//   scattered reads, independent of one another, were the memory yardstick first; their time was
//   bound by the loop's instructions rather than the caches, so it followed the code V8 made of
//   the loop in each process (Node 24: 43–92 µs between quiet processes, on two or three levels;
//   docs/measurements.md, "The memory yardstick and the code V8 makes of it"). The table
//   lives outside V8's heap (an ArrayBuffer), so it does not change the benchmark's collections.
//
// - throughput: sums of a 1,000-entry Float64Array (8 KB, in L1), 32 passes, about 18 µs here. A
//   core runs it at close to its issue rate, so a busy sibling hardware thread on the host, which
//   takes a share of the core's ports, slows it; the two yardsticks above wait on one dependent
//   operation at a time and barely notice. In the spells of this VM where JSON.parse ran 1.75×
//   slower, this sum read 1.29–1.55× while the chain read 0.95–1.3× and the compute yardstick
//   1.00× (docs/measurements.md, "A yardstick for a busy core"). Once V8's top tier runs it, it
//   read within 1.08× between quiet processes of one Node; its time differs between V8 versions
//   (17–18 µs on Node 20–24, 52 µs on Node 26), so two runs on different V8s are not compared on it.
//
// The fastest of 3 timings per round is kept for each, so a preemption during one timing does
// not count as a slow state, and the first read of the table after the kernel ran (refilling
// the cache) does not either. They run outside every batch, so they cost the benchmark nothing
// but that time.

import { performance } from 'node:perf_hooks';
import type { Clock } from '../platform/types.js';
import type { V8Tier } from '../results/schema.js';

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

/** 2^16 entries of 32-bit words: a 256 KB table. */
const ENTRIES = 1 << 16;
/** Reads per timing: about 35 µs at this VM's L2 latency. */
const CHAIN = 8_192;
let ring: Int32Array | null = null;

/** One cycle through every entry: ring[i] is the entry read after i (Sattolo's shuffle, fixed seed). */
export function makeRing(): Int32Array {
  const r = new Int32Array(ENTRIES);
  for (let i = 0; i < ENTRIES; i++) r[i] = i;
  let s = 0x2545f491;
  for (let i = ENTRIES - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const k = (s >>> 0) % i;
    const t = r[i];
    r[i] = r[k];
    r[k] = t;
  }
  return r;
}

/** Follows the cycle for `steps` reads from `from`; each read's place is the value of the one before. */
function chase(r: Int32Array, steps: number, from: number): number {
  let j = from;
  for (let i = 0; i < steps; i++) j = r[j];
  return j;
}

function memoryWork(): number {
  ring ??= makeRing();
  // Starting where the state points, so the chain's end is not known before it runs.
  const end = chase(ring, CHAIN, state & (ENTRIES - 1));
  state ^= end;
  return end;
}

/** The throughput yardstick's table: 1,000 doubles, the same values in every process. */
const SUMMED = Float64Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
/** Passes over the table per timing: about 18 µs here. */
const PASSES = 32;

function throughputWork(): number {
  let t = 0;
  for (let r = 0; r < PASSES; r++) for (let i = 0; i < SUMMED.length; i++) t += SUMMED[i];
  // Into the module state, so the sum is not dead code.
  state ^= t;
  return t;
}

/**
 * Longest the warm-up waits for V8's optimizing compiler, ms. It compiles on a background thread
 * and installs the code at a later call: a warm-up of a fixed few milliseconds left the
 * yardsticks in V8's middle tier in some processes and in its top tier in others, about 1.5×
 * apart on Node 20–26 (docs/measurements.md, "A yardstick for a busy core").
 */
const WARM_LIMIT_MS = 300;
/**
 * Tiers unchanged this long end the wait early: flags that keep V8 from its top tier
 * (`--jitless`, `--max-opt`) leave nothing to wait for.
 */
const WARM_STEADY_MS = 100;
/** Without V8's tiers to read: a fixed warm-up, long enough for the compiler on a quiet machine. */
const WARM_BLIND_MS = 40;
/** Rounds of the three yardsticks at most, whatever the clock says (each round takes about 0.1 ms). */
const WARM_MAX_ROUNDS = 20_000;

/**
 * Runs the reference work until V8's top tier runs each of them (`tierOf` reads it; before the
 * first timing): at most WARM_LIMIT_MS, and less when the tiers stop changing for WARM_STEADY_MS.
 * Functions whose tier reads 'unknown' are not waited for, and the warm-up then lasts at least
 * WARM_BLIND_MS, as it does without `tierOf`. Returns false when a readable yardstick ended below
 * the top tier: its times then say more about its code than about the host, and they are not
 * recorded (sampler.ts); true otherwise.
 */
export function warmYardstick(tierOf?: (f: unknown) => V8Tier): boolean {
  const works = [work, memoryWork, throughputWork];
  // The functions whose loops take the time: the memory yardstick's is chase, which V8 26 keeps
  // optimizing on its own while the short memoryWork around it stays in the middle tier.
  const loops = [work, chase, throughputWork];
  for (let i = 0; i < WARM_CALLS / 4; i++) for (const w of works) w();
  const tiers = () => loops.map((w) => tierOf?.(w) ?? 'unknown');
  const start = performance.now();
  let last = tiers();
  let changedAt = start;
  const blind = last.includes('unknown');
  for (let round = 0; round < WARM_MAX_ROUNDS; round++) {
    const now = performance.now();
    const t = tiers();
    if (t.some((x, i) => x !== last[i])) [last, changedAt] = [t, now];
    const waiting = t.some((x) => x !== 'turbofan' && x !== 'unknown');
    if (!waiting && (!blind || now - start >= WARM_BLIND_MS)) break;
    if (waiting && (now - start >= WARM_LIMIT_MS || now - changedAt >= WARM_STEADY_MS)) break;
    for (const w of works) w();
  }
  return tiers().every((x) => x === 'turbofan' || x === 'unknown');
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

/** The throughput yardstick's time, ns. */
export function timeThroughputYardstick(clock: Clock, buf: Float64Array, hz: number): number {
  return fastest(throughputWork, clock, buf, hz);
}
