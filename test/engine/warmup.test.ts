import { describe, expect, it } from 'vitest';
import { WarmupTracker, type WarmupConfig } from '../../src/engine/warmup.js';

const cfg: WarmupConfig = {
  budgetNs: 1e9,
  minNs: 10e6,
  minBatchNs: 1e6,
  growth: 2,
  steadyBatches: 3,
  tolerance: 0.05,
  firstIterations: 1,
};

/** Feeds the tracker batches costing perIter(batchIndex) ns per iteration until it decides. */
function drive(config: WarmupConfig, perIter: (i: number) => number) {
  const t = new WarmupTracker(config);
  const sizes: number[] = [];
  for (let i = 0; i < 100_000; i++) {
    const n = t.nextIterations();
    sizes.push(n);
    if (t.record(n, n * perIter(i))) break;
  }
  return { summary: t.summary(), sizes };
}

describe('WarmupTracker', () => {
  it('doubles the batch size until a batch reaches minBatchNs, then keeps it', () => {
    const { sizes } = drive(cfg, () => 100); // 100 ns/iter: 1e6 ns at 10_000 iterations → 16384
    expect(sizes.slice(0, 16)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 16384]);
    expect(new Set(sizes.slice(14))).toEqual(new Set([16384]));
  });

  it('declares steady once the last batches agree and minNs has passed', () => {
    const { summary, sizes } = drive(cfg, () => 100);
    expect(summary.outcome).toBe('steady');
    expect(summary.estimateNs).toBe(100);
    // 1..8192 cost 1.6383 ms; then 1.6384 ms batches until ≥ 10 ms in total: 6 more
    expect(sizes.length).toBe(14 + 6);
    expect(summary.batches).toBe(20);
    expect(summary.iterations).toBe(16383 + 6 * 16384);
    expect(summary.durationNs).toBe(summary.iterations * 100);
  });

  it('ends with budget when the estimate keeps moving', () => {
    const { summary } = drive({ ...cfg, budgetNs: 50e6 }, (i) => (i % 2 ? 100 : 150));
    expect(summary.outcome).toBe('budget');
    expect(summary.durationNs).toBeGreaterThanOrEqual(50e6);
  });

  it('a disturbed batch (switched out) neither joins nor breaks the steady window', () => {
    const t = new WarmupTracker({ ...cfg, minNs: 0 });
    for (let i = 0; i < 14; i++) t.record(t.nextIterations(), t.nextIterations() * 100);
    // At full size: two steady batches, a 3x slow one that was switched out, then a third steady one.
    const n = t.nextIterations();
    expect(t.record(n, n * 100)).toBeNull();
    expect(t.record(n, n * 100)).toBeNull();
    expect(t.record(n, n * 300, n * 300, true)).toBeNull();
    expect(t.record(n, n * 100)).toBe('steady');
    expect(t.summary().estimateNs).toBe(100);
    // The same slow batch undisturbed keeps the tracker from declaring steady.
    const u = new WarmupTracker({ ...cfg, minNs: 0 });
    for (let i = 0; i < 14; i++) u.record(u.nextIterations(), u.nextIterations() * 100);
    u.record(n, n * 100);
    u.record(n, n * 100);
    expect(u.record(n, n * 300)).toBeNull();
    expect(u.record(n, n * 100)).toBeNull();
  });

  it('a disturbed batch that ends warmup on its budget still gives the estimate (Valgrind: one slow first call)', () => {
    const t = new WarmupTracker({ ...cfg, minNs: 0, budgetNs: 20e6 });
    expect(t.record(1, 30e6, 30e6, true)).toBe('budget');
    expect(t.summary().estimateNs).toBe(30e6);
  });

  it('counts bookkeeping time (spentNs) against the budget', () => {
    const t = new WarmupTracker({ ...cfg, budgetNs: 5e6 });
    expect(t.record(1, 10, 6e6)).toBe('budget');
  });

  it('treats a constant zero estimate (coarse clock) as steady', () => {
    const { summary } = drive({ ...cfg, minBatchNs: 0, minNs: 0 }, () => 0);
    expect(summary.outcome).toBe('steady');
    expect(summary.estimateNs).toBe(0);
  });
});
