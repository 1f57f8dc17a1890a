import { describe, expect, it } from 'vitest';
import { makeRing, warmYardstick } from '../../src/engine/yardstick.js';
import type { V8Tier } from '../../src/results/schema.js';

describe('memory yardstick', () => {
  // The chain must visit the whole 256 KB table: a ring of short cycles would keep the reads in a
  // few cache lines (L1), and the yardstick would no longer see the L2 path it stands for.
  it('is one cycle through every entry of the table', () => {
    const ring = makeRing();
    expect(ring.byteLength).toBe(256 * 1024);
    const seen = new Uint8Array(ring.length);
    let j = 0;
    let steps = 0;
    do {
      expect(seen[j]).toBe(0);
      seen[j] = 1;
      j = ring[j];
      steps++;
    } while (j !== 0 && steps <= ring.length);
    expect(steps).toBe(ring.length);
    expect(seen.every((v) => v === 1)).toBe(true);
  });

  it('jumps far between neighbours, so consecutive reads fall on different cache lines', () => {
    const ring = makeRing();
    let near = 0;
    // 16 Int32 entries share a 64-byte line.
    for (let i = 0; i < ring.length; i++) if (Math.abs(ring[i] - i) < 16) near++;
    expect(near / ring.length).toBeLessThan(0.01);
  });
});

describe("the yardsticks' warm-up", () => {
  it("says whether V8's top tier runs every yardstick whose tier can be read", () => {
    expect(warmYardstick(() => 'turbofan')).toBe(true);
    expect(warmYardstick()).toBe(true); // tiers unknown: nothing to wait for
    expect(warmYardstick(() => 'unknown')).toBe(true);
    // Tiers that never change (V8 run with --jitless or --max-opt) end the wait, reported below the top.
    expect(warmYardstick(() => 'maglev')).toBe(false);
    expect(warmYardstick(() => 'interpreted')).toBe(false);
  });

  it('waits for the functions whose tier it can read, not for the others', () => {
    // The first function read goes from the middle tier to the top one after a few reads; the others read 'unknown'.
    let reads = 0;
    const seen: V8Tier[] = [];
    const tierOf = (f: unknown): V8Tier => {
      if (typeof f !== 'function' || f.name !== 'work') return 'unknown';
      const t: V8Tier = ++reads > 20 ? 'turbofan' : 'maglev';
      seen.push(t);
      return t;
    };
    expect(warmYardstick(tierOf)).toBe(true);
    expect(seen.at(-1)).toBe('turbofan');
    expect(seen).toContain('maglev');
  });
});
