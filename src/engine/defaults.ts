// Every tunable of the in-worker measurement engine, in one place (STYLE: tunables as
// named constants). Times are in ns. The budget figures are sized for the cost
// target: a default `cyclebench run` of 5 benchmarks × 3 forks under 60 s on a 2-vCPU
// machine, i.e. ≤ ~3 s per process including ~0.4 s of Node + tsx start-up.

const MS = 1e6;

// ---- warmup
/** Upper bound on warmup time; past it warmup ends with outcome 'budget'. */
export const WARMUP_BUDGET_NS = 500 * MS;
/** Warmup never ends before this, however steady it looks: V8 tiers up (Sparkplug →
 *  Maglev → TurboFan) on invocation counts and OSR, and a loop that looks steady in an
 *  early tier would step down in speed during sampling. */
export const WARMUP_MIN_NS = 100 * MS;
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
/** Target duration of the largest batch (K·d iterations). Long enough that the ~50–100 ns
 *  of two clock reads is < 0.01 % of it, short enough that few batches see a GC. */
export const TARGET_LARGEST_BATCH_NS = 5 * MS;
/** Seed of the shuffle RNG (mixed with the fork index so forks use different orders). */
export const PLAN_SEED = 0x5eed;

// ---- adaptive stop
/** Stop when the relative CI half-width of the slope reaches this (issue: default 1 %). */
export const TARGET_CI = 0.01;
/** Confidence level of the quick within-process CI. */
export const CI_CONFIDENCE = 0.95;
/** Sampling time budget per benchmark per process. */
export const TIME_BUDGET_NS = 1500 * MS;
/** Never stop on the CI before this many rounds (≥ 2 rounds: a slope from one ramp is
 *  too easily fooled by a single drift). */
export const MIN_ROUNDS = 2;
export const MAX_ROUNDS = 100;

// ---- async
/** The async loop awaits every call; batches are sized like sync ones, from its warmup. */
export const ASYNC_TARGET_LARGEST_BATCH_NS = 10 * MS;
