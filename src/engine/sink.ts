// The dead-code-elimination sink.
//
// Requirement: every value a kernel returns must be *used* so TurboFan cannot drop the
// computation, without allocating and without deoptimizing. mitata's `$._ = v` stores
// into a global object: a double stored into a tagged field boxes a HeapNumber per call,
// and a global property cell that changes type invalidates optimized code (it slowed a
// 1.1 µs kernel by 12 %).
//
// Design (measured, see docs/measurements.md "Engine"): in the timed loop the sink is
// `last = fn(state)`. The value of every iteration is an input of the loop phi `last`,
// which is returned after the loop, so the node computing it is live in every iteration
// (TurboFan's dead-code elimination works on nodes, not on iterations). The phi lives in
// a register (float64 for doubles: nothing is boxed per iteration); after the loop, OUTSIDE
// the timed region, the last value is stored into SINK.last (an escaping object) and
// folded into the checksum. Without any sink, a pure `Math.sqrt(++k)` kernel measured
// 1.4 ns/iter instead of 5.0 (the square root was eliminated) and `() => ({ a: ++k })`
// 1.7 instead of 5.6 (the allocation was eliminated); `last = r` costs nothing measurable
// on a no-op, while comparing each value with an opaque marker (`if (r === m) hits++`,
// the first design) cost 0.6–2 ns/iter (generic StrictEqual on mixed-type feedback).
// Limit (every harness has it): a kernel whose result does not depend on anything that
// changes between calls may be hoisted out of the loop by the compiler; the analysis
// flags the resulting sub-cycle time as 'optimized-away'.
//
// blackhole(v), for values computed INSIDE a kernel, cannot rely on the loop phi. A heap value
// (object, array, string, function, symbol, bigint) is stored into SINK.held, a field of an
// exported module-level object, so the value escapes and TurboFan's escape analysis cannot
// remove its allocation (a comparison alone let V8 drop a 3-field object: 16 B/op read for
// the object's 40 B; docs/measurements.md "Sink"). A store of a pointer allocates nothing;
// its write barrier is the cost mitata's `$._ = v` pays too. A number is compared with the
// marker instead: storing it into a tagged field would box a HeapNumber per call.

export interface SinkBox {
  marker: unknown;
  hits: number;
  /** The last value of the last batch (written after the timed region). */
  last: unknown;
  /** The last heap value passed to blackhole() (written in the timed region: the value escapes). */
  held: unknown;
}

function makeSink(): SinkBox {
  const box: SinkBox = { marker: 0.5, hits: 0, last: undefined, held: undefined };
  // Generalise the field representation Double → Tagged and make it non-constant.
  box.marker = 'generic';
  box.marker = Object.freeze({ cyclebench: 'sink marker' });
  box.last = 0.5;
  box.last = 'generic';
  // Field type of `held` generalised to any heap value, so storing objects of new shapes
  // never deoptimizes the kernel that stores them.
  box.held = 0.5;
  box.held = 'generic';
  box.held = { a: 1 };
  box.held = [1];
  box.held = undefined;
  return box;
}

/** The one sink of this process; exported so it escapes (its fields are observable). */
export const SINK: SinkBox = makeSink();

/**
 * Consume a value so the computation producing it cannot be eliminated, its allocation
 * included. For use inside a kernel that computes several values (`blackhole(a);
 * blackhole(b)`); a kernel's return value is already consumed by the loop. Neither
 * allocates nor deoptimizes.
 */
export function blackhole(value: unknown): void {
  if (typeof value === 'number') {
    if (value === SINK.marker) SINK.hits++;
  } else SINK.held = value;
}

// ---- checksum (FNV-1a, 32-bit) of the values the sink saw, outside the timed region

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

export class Checksum {
  private h = FNV_OFFSET;
  private count = 0;
  /** Distinct value fingerprints seen (bounded): the digest depends on *which* values the
   *  kernel returned, not on how many batches ran, so two processes of a deterministic
   *  benchmark agree however long each sampled (compare checks checksums across files). */
  private readonly seen = new Set<number>();
  private overflow = false;
  /** True while every value folded so far was undefined (the kernel returns nothing). */
  onlyUndefined = true;

  private mix(x: number): void {
    this.h = Math.imul(this.h ^ (x >>> 0), FNV_PRIME) >>> 0;
  }

  private mixString(s: string): void {
    this.mix(s.length);
    const n = Math.min(s.length, 64);
    for (let i = 0; i < n; i++) this.mix(s.charCodeAt(i));
  }

  /** Folds one value: numbers by bits, strings by length and first 64 chars, objects by shape. */
  add(v: unknown): void {
    this.count++;
    if (v !== undefined) this.onlyUndefined = false;
    this.h = FNV_OFFSET;
    this.fold(v);
    if (this.seen.size < MAX_DISTINCT) this.seen.add(this.h);
    else if (!this.seen.has(this.h)) this.overflow = true;
  }

  private fold(v: unknown): void {
    switch (typeof v) {
      case 'number':
        f64[0] = v;
        this.mix(1);
        this.mix(u32[0]);
        this.mix(u32[1]);
        return;
      case 'string':
        this.mix(2);
        return this.mixString(v);
      case 'boolean':
        return this.mix(v ? 3 : 4);
      case 'undefined':
        return this.mix(5);
      case 'bigint':
        this.mix(6);
        return this.mixString(v.toString(16));
      case 'object':
        if (v === null) return this.mix(7);
        this.mix(8);
        return this.mixString(describeObject(v));
      default:
        this.mix(9);
        return this.mixString(typeof v);
    }
  }

  /**
   * Hex digest of the sorted distinct fingerprints, e.g. "9f1c03a2"; "varying" when the kernel returned more
   * than MAX_DISTINCT different values.
   */
  digest(): string {
    if (this.overflow) return 'varying';
    let h = FNV_OFFSET;
    for (const fp of [...this.seen].sort((a, b) => a - b)) h = Math.imul(h ^ fp, FNV_PRIME) >>> 0;
    return h.toString(16).padStart(8, '0');
  }
}

/** Distinct result values tracked by the checksum before it reports "varying". */
export const MAX_DISTINCT = 64;

/** A cheap shape description: constructor name plus length/size/key count. */
function describeObject(o: object): string {
  const name = (o as { constructor?: { name?: string } }).constructor?.name ?? 'Object';
  if (Array.isArray(o) || ArrayBuffer.isView(o)) return `${name}#${(o as { length: number }).length}`;
  if (o instanceof Map || o instanceof Set) return `${name}#${o.size}`;
  if (o instanceof Promise) return name;
  return `${name}#${Object.keys(o).length}`;
}
