import { describe, expect, it } from 'vitest';
import { WarmupTracker, type WarmupConfig } from '../../src/engine/warmup.js';

const cfg: WarmupConfig = {
  budgetNs: 1e9,
  minNs: 10e6,
  collectingMinNs: 10e6,
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

  it('batches that collected garbage are judged in their own window, so a collection every few batches does not read as instability', () => {
    // Clean batches at 100 ns/iter with a collecting batch (+40 %) after every second one.
    const t = new WarmupTracker({ ...cfg, minNs: 0, collectingMinNs: 0 });
    for (let i = 0; i < 14; i++) t.record(t.nextIterations(), t.nextIterations() * 100);
    const n = t.nextIterations();
    const feed = [false, false, true, false, false, true];
    const outcomes = feed.map((gc) => t.record(n, n * (gc ? 140 : 100), n * (gc ? 140 : 100), false, gc));
    // Steady at the third clean batch, with the clean estimate.
    expect(outcomes).toEqual([null, null, null, 'steady', 'steady', 'steady']);
    expect(t.summary().estimateNs).toBe(100);
    // The same batches, the collection unknown: they break the window and warmup goes on.
    const u = new WarmupTracker({ ...cfg, minNs: 0, budgetNs: 1e9 });
    for (let i = 0; i < 14; i++) u.record(u.nextIterations(), u.nextIterations() * 100);
    for (let i = 0; i < 30; i++) expect(u.record(n, n * (i % 3 === 2 ? 140 : 100))).toBeNull();
  });

  it('a kernel that collects in every batch is steady on the collecting window, with its estimate', () => {
    const t = new WarmupTracker({ ...cfg, minNs: 0, collectingMinNs: 0 });
    for (let i = 0; i < 14; i++) t.record(t.nextIterations(), t.nextIterations() * 100, undefined, false, true);
    const n = t.nextIterations();
    const perIter = [100, 102, 99];
    const outcomes = perIter.map((p) => t.record(n, n * p, n * p, false, true));
    expect(outcomes).toEqual([null, null, 'steady']);
    expect(t.summary().estimateNs).toBe(100);
    // Spread beyond the tolerance (±5 %) is still not steady.
    const u = new WarmupTracker({ ...cfg, minNs: 0, budgetNs: 1e9 });
    for (let i = 0; i < 14; i++) u.record(u.nextIterations(), u.nextIterations() * 100, undefined, false, true);
    for (let i = 0; i < 30; i++) expect(u.record(n, n * (i % 2 ? 90 : 110), undefined, false, true)).toBeNull();
  });

  it('a kernel that collected warms up for at least collectingMinNs, one that did not for minNs', () => {
    const run = (collected: boolean) => {
      const t = new WarmupTracker({ ...cfg, minNs: 10e6, collectingMinNs: 40e6, budgetNs: 1e9 });
      let outcome = null;
      while (!outcome) outcome = t.record(t.nextIterations(), t.nextIterations() * 100, undefined, false, collected);
      return t.summary();
    };
    const plain = run(false);
    const collecting = run(true);
    expect([plain.outcome, collecting.outcome]).toEqual(['steady', 'steady']);
    expect(plain.durationNs).toBeLessThan(12e6);
    expect(collecting.durationNs).toBeGreaterThanOrEqual(40e6);
    expect(collecting.durationNs).toBeLessThan(42e6);
  });

  it('one collection (leftover garbage of the set-up) does not impose the collecting minimum', () => {
    const t = new WarmupTracker({ ...cfg, minNs: 10e6, collectingMinNs: 40e6, budgetNs: 1e9 });
    let first = true;
    let outcome = null;
    while (!outcome) {
      const n = t.nextIterations();
      outcome = t.record(n, n * 100, undefined, false, n >= 16384 && first);
      if (n >= 16384) first = false;
    }
    expect(outcome).toBe('steady');
    expect(t.summary().durationNs).toBeLessThan(12e6);
  });

  it('steadiness is judged on the window the latest batch joined, not on an old one', () => {
    // minNs 10 ms: three agreeing collecting batches come before it (6.5 ms in all) …
    const t = new WarmupTracker({ ...cfg, minNs: 10e6, collectingMinNs: 0 });
    for (let i = 0; i < 14; i++) t.record(t.nextIterations(), t.nextIterations() * 100);
    const n = t.nextIterations();
    for (let i = 0; i < 3; i++) expect(t.record(n, n * 100, undefined, false, true)).toBeNull();
    // … and clean batches still moving by 30 % do not end warm-up once minNs has passed.
    for (let i = 0; i < 10; i++) expect(t.record(n, n * (i % 2 ? 130 : 100))).toBeNull();
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
