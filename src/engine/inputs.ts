// Input distributions (`bench(…).inputs(source)`): the inputs a kernel draws per
// iteration are materialised into a pool BEFORE any timing, so generating them (random
// numbers, allocation of payloads) is never measured. The generated loops then pass
// `pool[k]` to the kernel and advance `k` with one compare-and-reset (see loop.ts): a
// load, an increment and a well-predicted branch per iteration, the same for every
// iteration and every benchmark.
//
// Generator functions get a seeded RNG (the measure seed, NOT mixed with the fork index):
// every fork, and every benchmark using the same generator, draws the same inputs, so
// benchmarks compared against each other see the same workload.
//
// The pool is reused: a kernel that changes its input (sorts it in place) gets changed
// inputs from the second cycle on. A sample of the pool is fingerprinted before timing and
// checked after, and a change is reported (poolChangeWarning); `.setupEach()`
// (fresh-inputs.ts) gives every iteration a fresh input instead.

import { createHash } from 'node:crypto';
import { serialize } from 'node:v8';
import type { InputSummary } from '../results/schema.js';
import { describe } from '../statistics/describe.js';
import { createRng } from '../statistics/rng.js';
import { INPUT_POOL_SIZE } from './defaults.js';

/** Arguments object handed to a setup function: one value per `.args()` name. */
export type BenchArgs = Record<string, unknown>;

/** The random source handed to an input generator: seeded (the run's --seed), so every
 *  fork and every benchmark with the same generator draws the same inputs. */
export interface InputRng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

/**
 * Where per-iteration inputs come from (`.inputs()`), materialised into a pool BEFORE
 * timing (src/engine/inputs.ts); the loop then passes `pool[k]` to the kernel as its first
 * argument, cycling through the pool:
 * - an array (or typed array): used as it is, in order;
 * - a function `(rng) => value`: called INPUT_POOL_SIZE times (a generator function
 *   `function* (rng) {…}` is called once and read like an iterable);
 * - an iterable: its first INPUT_POOL_SIZE values.
 */
export type InputSource<T = unknown> = readonly T[] | ArrayLike<T> | ((rng: InputRng) => T) | Iterable<T>;

export interface InputPool {
  /** What the loop indexes: the user's array as it is, or the materialised values. */
  values: ArrayLike<unknown>;
  summary: InputSummary;
  /** A sample's fingerprints, taken when the pool was built (before any kernel call). */
  fingerprint: PoolFingerprint;
}

function isGeneratorFunction(f: unknown): boolean {
  return Object.prototype.toString.call(f) === '[object GeneratorFunction]';
}

function take(iterable: Iterable<unknown>, max: number): unknown[] {
  const out: unknown[] = [];
  if (max <= 0) return out;
  for (const v of iterable) {
    out.push(v);
    if (out.length >= max) break; // `for…of` calls return() on the iterator
  }
  return out;
}

/** Materialises `source` (untimed). Throws a TypeError naming the problem for an empty or unusable source. */
export function buildInputPool(source: InputSource, seed: number, size = INPUT_POOL_SIZE): InputPool {
  let values: ArrayLike<unknown>;
  let kind: InputSummary['source'];
  if (Array.isArray(source) || (ArrayBuffer.isView(source) && !(source instanceof DataView))) {
    values = source as ArrayLike<unknown>;
    kind = 'array';
  } else if (typeof source === 'function') {
    const rng: InputRng = createRng(seed);
    if (isGeneratorFunction(source)) {
      values = take((source as (r: InputRng) => Iterable<unknown>)(rng), size);
      kind = 'iterable';
    } else {
      const f = source as (r: InputRng) => unknown;
      const out = new Array<unknown>(size);
      for (let i = 0; i < size; i++) out[i] = f(rng);
      values = out;
      kind = 'generator';
    }
  } else if (
    source !== null &&
    typeof source === 'object' &&
    typeof (source as Iterable<unknown>)[Symbol.iterator] === 'function'
  ) {
    values = take(source as Iterable<unknown>, size);
    kind = 'iterable';
  } else {
    throw new TypeError('inputs: source must be an array, a function (rng) => input, or an iterable');
  }
  if (values.length === 0) throw new TypeError('inputs: the source produced no inputs');
  return { values, summary: summarizeInputs(values, kind), fingerprint: fingerprintPool(values) };
}

type SizeOf = NonNullable<InputSummary['sizeOf']>;

/**
 * The size measure shared by every input: the number itself, `.byteLength`, or `.length`; null when they differ
 * or have none.
 */
function sizeMeasure(v: unknown): SizeOf | null {
  if (typeof v === 'number') return 'value';
  if (typeof v === 'string') return 'length';
  if (typeof v === 'object' && v !== null) {
    if (typeof (v as { byteLength?: unknown }).byteLength === 'number') return 'byteLength';
    if (typeof (v as { length?: unknown }).length === 'number') return 'length';
  }
  return null;
}

function sizeOf(v: unknown, how: SizeOf): number {
  if (how === 'value') return v as number;
  return how === 'byteLength' ? (v as { byteLength: number }).byteLength : (v as { length: number }).length;
}

/**
 * Count, type and (when every input has the same kind of size) min/p50/p99/max/mean of the sizes (type-7
 * quantiles).
 */
export function summarizeInputs(values: ArrayLike<unknown>, source: InputSummary['source']): InputSummary {
  const n = values.length;
  const types = new Set<string>();
  const measures = new Set<SizeOf | null>();
  for (let i = 0; i < n; i++) {
    const v = values[i];
    types.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    measures.add(sizeMeasure(v));
  }
  const summary: InputSummary = { count: n, source, type: types.size === 1 ? [...types][0] : 'mixed' };
  const how = measures.size === 1 ? [...measures][0] : null;
  if (how) {
    const sizes = Array.from({ length: n }, (_, i) => sizeOf(values[i], how));
    if (sizes.every(Number.isFinite)) {
      const d = describe(sizes);
      summary.sizeOf = how;
      summary.size = { min: d.min, p50: d.median, p99: d.p99, max: d.max, mean: d.mean };
    }
  }
  return summary;
}

/** Pool inputs checked for changes by the kernel (evenly spaced, first and last included). */
const CHECKED_INPUTS = 32;

export interface PoolFingerprint {
  indexes: number[];
  digests: Array<string | null>;
}

/** sha1 of the structured-clone serialisation (v8.serialize); null for what it cannot serialise (functions). */
function digest(v: unknown): string | null {
  try {
    return createHash('sha1').update(serialize(v)).digest('hex');
  } catch {
    return null;
  }
}

/** Fingerprints of a sample of the pool, taken before timing. */
export function fingerprintPool(values: ArrayLike<unknown>): PoolFingerprint {
  const n = values.length;
  const count = Math.min(n, CHECKED_INPUTS);
  const indexes = [
    ...new Set(Array.from({ length: count }, (_, i) => Math.round((i * (n - 1)) / Math.max(1, count - 1)))),
  ];
  return { indexes, digests: indexes.map((i) => digest(values[i])) };
}

/**
 * How many of the fingerprinted inputs the kernel changed: the pool is cycled, so after an
 * input's first use every later use saw the changed value (an in-place sort then sorts
 * sorted data). Reported by the analysis as the 'inputs-changed' flag; null when none changed.
 */
export function changedInputs(
  values: ArrayLike<unknown>,
  before: PoolFingerprint,
): { changed: number; checked: number } | null {
  let changed = 0;
  let checked = 0;
  before.indexes.forEach((idx, k) => {
    if (before.digests[k] === null) return;
    checked++;
    if (digest(values[idx]) !== before.digests[k]) changed++;
  });
  return changed > 0 ? { changed, checked } : null;
}
