import { describe, expect, it } from 'vitest';
import { createRng, xoshiro128ss } from '../../src/statistics/rng.js';

describe('rng', () => {
  it('xoshiro128** matches the reference C implementation', () => {
    // Source: https://prng.di.unimi.it/xoshiro128starstar.c (Blackman & Vigna), compiled with
    // gcc -O2, state s = {1, 2, 3, 4}, first six outputs of next().
    const r = xoshiro128ss([1, 2, 3, 4]);
    expect(Array.from({ length: 6 }, () => r.nextUint32())).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492,
    ]);
  });

  it('is reproducible per seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const sa = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(sa);
  });

  it('next() is in [0, 1) with mean ≈ 1/2; int(n) covers [0, n) evenly', () => {
    const r = createRng(7);
    let sum = 0;
    const counts = [0, 0, 0, 0, 0, 0];
    let inRange = true;
    for (let i = 0; i < 60000; i++) {
      const u = r.next();
      if (!(u >= 0 && u < 1)) inRange = false;
      sum += u;
      counts[r.int(6)]++;
    }
    expect(inRange).toBe(true);
    // sd of the mean of 60000 U(0,1) = 0.2887/√60000 ≈ 0.0012; allow 5 sd.
    expect(Math.abs(sum / 60000 - 0.5)).toBeLessThan(0.006);
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500); // sd ≈ 91
    expect(() => r.int(0)).toThrow(RangeError);
  });
});
