// Warmup decision logic, pure (the driver in sampler.ts feeds it batch timings).
//
// Rule: double the batch size while batches are shorter than `minBatchNs` (so clock
// overhead and resolution do not dominate); after that keep the size and declare
// 'steady' once the last `steadyBatches` qualifying per-iteration estimates all lie
// within ±tolerance of their median AND at least `minNs` has passed (tier-up takes
// time even when numbers look flat). Past `budgetNs` warmup ends with 'budget'.

import type { WarmupOutcome, WarmupSummary } from '../results/schema.js';
import * as D from './defaults.js';

export interface WarmupConfig {
  budgetNs: number;
  minNs: number;
  minBatchNs: number;
  growth: number;
  steadyBatches: number;
  tolerance: number;
  firstIterations: number;
}

export const DEFAULT_WARMUP: WarmupConfig = {
  budgetNs: D.WARMUP_BUDGET_NS,
  minNs: D.WARMUP_MIN_NS,
  minBatchNs: D.WARMUP_MIN_BATCH_NS,
  growth: D.WARMUP_GROWTH,
  steadyBatches: D.WARMUP_STEADY_BATCHES,
  tolerance: D.WARMUP_TOLERANCE,
  firstIterations: D.WARMUP_FIRST_ITERATIONS,
};

export class WarmupTracker {
  private size: number;
  private batches = 0;
  private iterations = 0;
  private elapsedNs = 0;
  /** Per-iteration ns of consecutive qualifying batches (reset by a short batch). */
  private window: number[] = [];
  private lastPerIter = NaN;
  private outcome: WarmupOutcome | null = null;

  constructor(readonly config: WarmupConfig = DEFAULT_WARMUP) {
    this.size = Math.max(1, Math.floor(config.firstIterations));
  }

  /** Iterations of the next warmup batch. */
  nextIterations(): number {
    return this.size;
  }

  /**
   * Records one batch; `spentNs` is the time it cost (≥ ns, including bookkeeping) and
   * defaults to ns. A `disturbed` batch (the thread was switched out or moved during it) counts
   * toward the time spent but says nothing about the kernel's speed: it neither joins nor resets
   * the steadiness window. Returns the outcome once warmup is over, else null.
   */
  record(iterations: number, ns: number, spentNs = ns, disturbed = false): WarmupOutcome | null {
    if (this.outcome) return this.outcome;
    const c = this.config;
    this.batches++;
    this.iterations += iterations;
    this.elapsedNs += Math.max(ns, spentNs);
    // The last batch is the fallback estimate even when disturbed (every batch may be, e.g. under
    // Valgrind, which runs one thread at a time).
    this.lastPerIter = ns / iterations;
    if (disturbed && ns >= c.minBatchNs) {
      if (this.elapsedNs >= c.budgetNs) this.outcome = 'budget';
      return this.outcome;
    }
    if (ns < c.minBatchNs) {
      this.window = [];
      this.size = Math.max(this.size + 1, Math.ceil(this.size * c.growth));
    } else {
      this.window.push(this.lastPerIter);
      if (this.window.length > c.steadyBatches) this.window.shift();
    }
    if (this.isSteady() && this.elapsedNs >= c.minNs) this.outcome = 'steady';
    else if (this.elapsedNs >= c.budgetNs) this.outcome = 'budget';
    return this.outcome;
  }

  private isSteady(): boolean {
    const w = this.window;
    if (w.length < this.config.steadyBatches) return false;
    const med = median(w);
    if (!(med > 0)) return w.every((v) => v === med);
    return w.every((v) => Math.abs(v - med) <= this.config.tolerance * med);
  }

  /** Per-iteration estimate: median of the steady window, else the last batch. */
  estimateNs(): number {
    return this.window.length ? median(this.window) : this.lastPerIter;
  }

  summary(): WarmupSummary {
    return {
      outcome: this.outcome ?? 'budget',
      batches: this.batches,
      iterations: this.iterations,
      durationNs: this.elapsedNs,
      estimateNs: this.estimateNs(),
    };
  }
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}
