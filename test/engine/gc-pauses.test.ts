// Collection pause time per batch (Batch.gcNs): exact on given GC entries, and from a real
// allocating kernel recorded for every measured batch, never more than the batch's own time,
// with the share the analysis reports in [0, 1]. No timing asserted.
import { beforeEach, describe, expect, it } from 'vitest';
import { bench, run } from '../../src/index.js';
import { resetRegistry } from '../../src/api/registry.js';
import { createJsPlatform } from '../../src/platform/js.js';
import { markBatches } from '../../src/engine/gc-watch.js';
import { cleanBatch } from '../helpers/synthetic-forks.js';

beforeEach(() => resetRegistry());

describe('collection pauses in batches', () => {
  it('marks each batch with the entries overlapping its window and their pause inside it, exactly', () => {
    const batches = [cleanBatch(10, 2e6), cleanBatch(10, 1e6), cleanBatch(10, 3e6)];
    const windows = [
      { startMs: 0, endMs: 2 },
      { startMs: 2, endMs: 3 },
      { startMs: 3, endMs: 6 },
    ];
    // One pause inside the first, one spanning the second and third.
    markBatches(batches, windows, [
      { startTime: 0.5, duration: 0.25 },
      { startTime: 2.5, duration: 1 },
    ]);
    expect(batches.map((b) => [b.gc, b.gcNs])).toEqual([
      [1, 0.25e6],
      [1, 0.5e6],
      [1, 0.5e6],
    ]);
    // A window a little longer than the timed batch (bookkeeping) never gives more pause than the batch.
    const short = [cleanBatch(10, 1e6)];
    markBatches(short, [{ startMs: 0, endMs: 2 }], [{ startTime: 0, duration: 2 }]);
    expect(short[0].gcNs).toBe(1e6);
  });

  it('records each batch pause time within the batch, and a share of measured time', async () => {
    bench('arrays', () => () => new Array(2000).fill(0));
    const result = await run({
      warmupBudgetNs: 30e6,
      warmupMinNs: 5e6,
      timeBudgetNs: 80e6,
      print: false,
      platform: createJsPlatform('test'),
    });
    const [b] = result.benchmarks;
    const batches = b.forks.flatMap((f) => f.batches);
    expect(batches.length).toBeGreaterThan(0);
    for (const x of batches) {
      expect(typeof x.gcNs).toBe('number');
      expect(x.gcNs).toBeGreaterThanOrEqual(0);
      expect(x.gcNs).toBeLessThanOrEqual(x.ns);
      if (x.gc === 0) expect(x.gcNs).toBe(0);
    }
    const d = b.details?.find((x) => x.code === 'gc-amortized');
    if (d) {
      expect(d.values.share).toBeGreaterThan(0);
      expect(d.values.share).toBeLessThanOrEqual(1);
    }
  });
});
