// Seedable pseudo-random numbers for reproducible bootstraps and simulations.
// HAND-WRITTEN: simple-statistics only accepts a `randomSource` function, it has no seedable
// generator, and Math.random cannot be seeded.
// Generator: xoshiro128** 1.1 (Blackman & Vigna, "Scrambled linear pseudorandom number
// generators", ACM TOMS 2021; reference C code at https://prng.di.unimi.it/xoshiro128starstar.c),
// 128-bit state, period 2^128 - 1. The state is filled from the seed with SplitMix32
// (the 32-bit variant of Steele, Lea & Flood's SplitMix, constants from Java's
// SplittableRandom / MurmurHash3 fmix32), so nearby seeds give unrelated streams.

export interface Rng {
  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number;
  /** Uniform integer in [0, n), without modulo bias (Lemire-style rejection). */
  int(n: number): number;
  /** The raw 32-bit output (unsigned). */
  nextUint32(): number;
}

function splitmix32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** xoshiro128** over an explicit state (exported for the known-answer test). */
export function xoshiro128ss(state: [number, number, number, number]): Rng {
  const s = Uint32Array.from(state);
  if (s[0] === 0 && s[1] === 0 && s[2] === 0 && s[3] === 0)
    throw new RangeError('xoshiro128**: state must not be all zero');
  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  };
  const next = (): number => nextUint32() / 4294967296;
  const int = (n: number): number => {
    if (!(Number.isInteger(n) && n > 0 && n <= 4294967296))
      throw new RangeError(`rng.int: n must be an integer in [1, 2^32], got ${n}`);
    // Reject the top partial block so every residue is equally likely.
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const u = nextUint32();
      if (u < limit) return u % n;
    }
  };
  return { next, int, nextUint32 };
}

/** A seeded generator; the same seed always yields the same stream. */
export function createRng(seed: number): Rng {
  if (!Number.isFinite(seed)) throw new RangeError(`createRng: seed must be finite, got ${seed}`);
  const sm = splitmix32(Math.trunc(seed) >>> 0);
  const state: [number, number, number, number] = [sm(), sm(), sm(), sm()];
  if (state.every((v) => v === 0)) state[0] = 1;
  return xoshiro128ss(state);
}
