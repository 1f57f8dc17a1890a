// The allocating kernels of bench/engine/contention.ts (`--kernels alloc`), shared by every tool's runner. Each
// pair is a kernel and the same kernel run twice in sequence (twice the allocation and twice the
// work: truth 2.000), plus an identical copy of the first (A/A: truth 1.000): 64 small objects,
// a string built by concatenation, JSON.parse of a 20-key object. In the twice form the first
// result goes to blackhole() (it escapes, so its allocation is kept) and the second is returned.
// Each factory is the untimed setup.
import { blackhole } from '../../../src/engine/sink.js';

type Factory = () => () => unknown;

function objects(): () => unknown {
  let k = 0;
  return () => {
    const out = new Array(64);
    for (let i = 0; i < 64; i++) out[i] = { id: i, v: k++, tag: null };
    return out;
  };
}

function concat(): () => unknown {
  let k = 0;
  return () => {
    let s = '';
    for (let i = 0; i < 64; i++) s += String.fromCharCode(97 + ((i + k) % 26)) + i;
    k++;
    return s.length > 0 ? s : null;
  };
}

function parse(): () => unknown {
  const text = JSON.stringify(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, i * 31])));
  return () => JSON.parse(text);
}

function twice(factory: Factory): Factory {
  return () => {
    const k = factory();
    return () => {
      blackhole(k());
      return k();
    };
  };
}

const PAIRS = { objects, concat, parse } as const;
export const ALLOC_PAIRS = Object.keys(PAIRS) as (keyof typeof PAIRS)[];

/** Every kernel by name: "<pair> once", "<pair> twice", "<pair> once (copy)". */
export const ALLOC_KERNELS: Record<string, Factory> = Object.fromEntries(
  Object.entries(PAIRS).flatMap(([name, f]) => [
    [`${name} once`, f],
    [`${name} twice`, twice(f)],
    [`${name} once (copy)`, f],
  ]),
);
export const ALLOC_GROUP = 'contention-alloc';
