// Every tunable of the in-worker measurement engine, as named constants in one place.
// Times are in ns. The budget figures are sized for a cost target: a default `cyclebench run`
// of 8 small kernels × 3 processes within 3x the wall time of mitata measuring them in one
// process (each process pays ~0.3 s of Node start-up and a 100 ms minimum warmup).

import {
  DEFAULT_ALLOCATING_LARGEST_BATCH_NS,
  DEFAULT_CONFIDENCE,
  DEFAULT_LARGEST_BATCH_NS,
  DEFAULT_SEED,
  DEFAULT_TARGET_CI,
  DEFAULT_TIME_BUDGET_NS,
} from '../defaults.js';

const MS = 1e6;

// ---- warmup
/** Upper bound on warmup time; past it warmup ends with outcome 'budget'. */
export const WARMUP_BUDGET_NS = 500 * MS;
/** Warmup never ends before this, however steady it looks: V8 tiers up (Sparkplug →
 *  Maglev → TurboFan) on invocation counts and OSR, and a loop that looks steady in an
 *  early tier would step down in speed during sampling. */
export const WARMUP_MIN_NS = 100 * MS;
/** The minimum for a kernel that collected garbage during warmup. V8 sizes its heap (the young
 *  generation grows with the survival rate) over the first hundreds of milliseconds of
 *  allocation, and a process sampled before that settles measures a different kernel: with
 *  warm-ups ended at ~100 ms, an array-push kernel's processes read 200.7–282.4 ns, with at least
 *  400 ms 194.4–213.0 ns (the A/B runs of docs/measurements.md, "Warm-up of allocating kernels"). */
export const WARMUP_COLLECTING_MIN_NS = 400 * MS;
/** Batches count toward steadiness only once they take at least this long, so clock
 *  overhead and resolution do not dominate the per-iteration estimate. */
export const WARMUP_MIN_BATCH_NS = 1 * MS;
/** Batch size growth factor while batches are shorter than WARMUP_MIN_BATCH_NS. */
export const WARMUP_GROWTH = 2;
/** Steady state: the last WARMUP_STEADY_BATCHES per-iteration estimates lie within
 *  ±WARMUP_TOLERANCE of their median. */
export const WARMUP_STEADY_BATCHES = 5;
export const WARMUP_TOLERANCE = 0.05;
/** First warmup batch size. */
export const WARMUP_FIRST_ITERATIONS = 1;

// ---- linear sampling plan (Criterion's i·d ramp)
/** Batches per round: sizes d, 2d, …, K·d in shuffled order. */
export const BATCHES_PER_ROUND = 10;
/** Target duration of the largest batch (K·d iterations): src/defaults.ts says why. */
export const TARGET_LARGEST_BATCH_NS = DEFAULT_LARGEST_BATCH_NS;
/** Largest batch for a kernel that collected garbage during warmup (src/defaults.ts). */
export const ALLOCATING_LARGEST_BATCH_NS = DEFAULT_ALLOCATING_LARGEST_BATCH_NS;
/** Seed of the shuffle RNG (mixed with the fork index so forks use different orders). */
export const PLAN_SEED = DEFAULT_SEED;

// ---- adaptive stop
/** Stop when the relative CI half-width of the slope reaches this. */
export const TARGET_CI = DEFAULT_TARGET_CI;
/** Confidence level of the quick within-process CI. */
export const CI_CONFIDENCE = DEFAULT_CONFIDENCE;
/** Sampling time budget per benchmark per process (src/defaults.ts says why). */
export const TIME_BUDGET_NS = DEFAULT_TIME_BUDGET_NS;
/** Never stop on the CI before this many rounds (≥ 2 rounds: a slope from one ramp is
 *  too easily fooled by a single drift). */
export const MIN_ROUNDS = 2;
export const MAX_ROUNDS = 100;

// ---- async
/** The async loop awaits every call; batches are sized like sync ones, from its warmup. */
export const ASYNC_TARGET_LARGEST_BATCH_NS = 10 * MS;

// ---- latency mode (every call timed on its own; src/engine/latency.ts)
/** Stop the per-call phase after this many calls (the time budget may stop it first;
 *  its budget is the per-benchmark sampling budget, TIME_BUDGET_NS or --time). 1e6 calls
 *  put ~100 calls beyond p99.99 and fill an 8 MB Float64Array, allocated once. */
export const LATENCY_MAX_CALLS = 1_000_000;
/** Empty calls (clock start/end around a no-op through the same loop shape) timed to
 *  calibrate the timer overhead; the median is subtracted from every call. */
export const LATENCY_CALIBRATION_CALLS = 20_000;
/** The per-call loop is a new function (own feedback, starts in the interpreter): it runs
 *  this long, results discarded, before calibration and measurement. The kernel itself is
 *  already warm from the batch phase. */
export const LATENCY_WARMUP_NS = 50 * MS;
/** Passes of the calibration loop; only the last is kept (the first ones tier it up). */
export const LATENCY_CALIBRATION_PASSES = 3;
/** The event loop gets a turn (GC observer, IPC) at least this often during the phase. */
export const LATENCY_YIELD_NS = 50 * MS;
/** Target duration of one chunk of per-call measurements; between chunks (outside any
 *  timed call) the budget is checked and the event loop gets a turn now and then. */
export const LATENCY_CHUNK_NS = 10 * MS;
/** Upper bound on calls per chunk (keeps budget checks frequent for fast kernels). */
export const LATENCY_MAX_CHUNK_CALLS = 16_384;
/** HdrHistogram precision: 3 significant digits = buckets ≤ 0.1 % wide (1/1024). */
export const LATENCY_SIGNIFICANT_DIGITS = 3;

// ---- input distributions (src/engine/inputs.ts)
/** Inputs materialised from a generator function or iterable before timing. 4096 values
 *  resolve p99 of the input sizes by ~41 values and keep the pool small enough to stay
 *  mostly cache-resident for small inputs. An array source is used as it is. */
export const INPUT_POOL_SIZE = 4096;

// ---- empty-loop floor (floor.ts): the loop's own cost per iteration, per process
/** First batch size of the floor's growth phase. */
export const FLOOR_FIRST_ITERATIONS = 1024;
/** Grow the floor's batches until one takes this long (ns). */
export const FLOOR_BATCH_NS = 2 * MS;
/** Safety cap on the floor's batch size (a clock that never advances must not loop forever). */
export const FLOOR_MAX_ITERATIONS = 2 ** 26;
/** Sizes i·d, i = 1..FLOOR_SIZES, per round, with the largest ≈ FLOOR_BATCH_NS. */
export const FLOOR_SIZES = 5;
export const FLOOR_ROUNDS = 3;

// ---- per-iteration set-up (src/engine/fresh-inputs.ts)
/** The most memory one batch's fresh inputs may take (also at most half the heap's headroom). */
export const FRESH_INPUTS_MAX_BYTES = 1024 * 1024 ** 2;
/** Inputs made up front to estimate one input's size. */
export const FRESH_INPUTS_SIZE_SAMPLE = 8;
/**
 * A batch's inputs leave the young generation before its clock starts (promote-inputs.ts) from
 * this many bytes: fewer are one V8 page (256 KB), which a scavenge copies in about 0.1 ms, while
 * the promotion and its wait for idle GC helpers cost a millisecond or more of wall time.
 */
export const FRESH_INPUTS_PROMOTE_BYTES = 256 * 1024;

// ---- memory per operation (src/engine/memory.ts)
/** Rounds of K batches (i·d iterations) whose heap allocation is read. */
export const MEMORY_ROUNDS = 3;
/**
 * The smallest batch of the memory phase allocates at least this much (when its time allows).
 * V8 allocates new objects page by page (256 KB pages); an object that does not fit a page's
 * tail leaves the tail unused, and the heap's used size counts it. A batch of a few calls
 * crosses a page boundary or not, so the per-size medians of small batches are not linear in
 * the calls: with batches of 3…30 calls a 1,000-element array (8,048 B) read 8,191–8,343 B per
 * call, with batches of 160 KB and more 8,052–8,061 B (docs/measurements.md, "Memory per
 * operation").
 */
export const MEMORY_MIN_BATCH_BYTES = 1024 * 1024;
/** The smallest batch of the memory phase grows to MEMORY_MIN_BATCH_BYTES only up to this long (ns). */
export const MEMORY_MAX_SMALLEST_BATCH_NS = 2 * MS;
