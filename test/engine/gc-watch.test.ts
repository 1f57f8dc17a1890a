import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { GcWatch } from '../../src/engine/gc-watch.js';

describe('GcWatch.settle: GC entries are in before a batch is judged', () => {
  it('a collection during a window is counted right after settle()', async () => {
    const watch = new GcWatch();
    try {
      const startMs = performance.now();
      // ~50 MB of short-lived objects held in arrays of 10,000: several young-generation
      // collections (objects that escape cannot be optimised away).
      let keep = 0;
      let held: { i: number }[] = [];
      for (let i = 0; i < 2e6; i++) {
        held.push({ i });
        if (held.length === 10_000) {
          keep += held[9_999].i;
          held = [];
        }
      }
      const endMs = performance.now();
      await watch.settle();
      const [count] = watch.counts([{ startMs, endMs }]);
      expect(keep).toBeGreaterThan(0);
      expect(count).toBeGreaterThan(0);
    } finally {
      watch.close();
    }
  });
});
