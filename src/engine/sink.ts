// The dead-code-elimination sink.
//
// Requirement: every value a kernel returns must be *used* so TurboFan cannot drop the
// computation, without allocating and without deoptimizing. mitata's `$._ = v` stores
// into a global object: a store of a double into a tagged field boxes a HeapNumber per
// call, and a global property cell that changes type invalidates optimized code — it
// slowed a 1.1 µs kernel by 12 % (issue 3).
//
// Design: compare each value with an opaque marker, `if (v === marker) hits++`.
// - The comparison needs the value, so the computation stays; but it stores nothing,
//   so nothing is boxed or allocated (a double is compared in a register).
// - The marker is read from a field of an escaping object (`SINK.marker`) that has held a
//   double, a string and an object, so V8 tracks it as a mutable, generic (Tagged, type
//   Any) field: the compiler can neither constant-fold the load nor prove from types
//   that `v === marker` is false. The marker is a private object no kernel can return,
//   so the branch is never taken (and is predicted so).
// - `hits` is written back after the loop, which keeps the comparison alive.
// The checksum of results is taken OUTSIDE the timed region, on the last value of each
// batch (the loop returns it), so it costs nothing per iteration.

export interface SinkBox {
  marker: unknown;
  hits: number;
}

function makeSink(): SinkBox {
  const box: SinkBox = { marker: 0.5, hits: 0 };
  // Generalise the field representation Double → Tagged and make it non-constant.
  box.marker = 'generic';
  box.marker = Object.freeze({ cyclebench: 'sink marker' });
  return box;
}

/** The one sink of this process; exported so it escapes (its fields are observable). */
export const SINK: SinkBox = makeSink();

/**
 * Consume a value so the computation producing it cannot be eliminated. For use inside
 * a kernel that computes several values (`blackhole(a); blackhole(b)`); a kernel's
 * return value is already consumed by the loop. Neither allocates nor deoptimizes.
 */
export function blackhole(value: unknown): void {
  if (value === SINK.marker) SINK.hits++;
}

// ---- checksum (FNV-1a, 32-bit) of the values the sink saw, outside the timed region

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

export class Checksum {
  private h = FNV_OFFSET;
  private count = 0;

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

  /** Hex digest, e.g. "9f1c03a2". */
  digest(): string {
    return this.h.toString(16).padStart(8, '0');
  }

  get values(): number {
    return this.count;
  }
}

/** A cheap shape description: constructor name plus length/size/key count. */
function describeObject(o: object): string {
  const name = (o as { constructor?: { name?: string } }).constructor?.name ?? 'Object';
  if (Array.isArray(o) || ArrayBuffer.isView(o)) return `${name}#${(o as { length: number }).length}`;
  if (o instanceof Map || o instanceof Set) return `${name}#${o.size}`;
  if (o instanceof Promise) return name;
  return `${name}#${Object.keys(o).length}`;
}
