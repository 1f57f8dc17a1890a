import { describe, expect, it } from 'vitest';
import { makeRing } from '../../src/engine/yardstick.js';

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
