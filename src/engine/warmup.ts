// Warmup decision logic, pure (the driver in sampler.ts feeds it batch timings).
//
// Rule: double the batch size while batches are shorter than `minBatchNs` (so clock
// overhead and resolution do not dominate); after that keep the size and declare
// 'steady' once the last `steadyBatches` qualifying per-iteration estimates all lie
// within ±tolerance of their median AND at least `minNs` has passed (tier-up takes
// time even when numbers look flat). Past `budgetNs` warmup ends with 'budget'.
//
// Batches that held a garbage collection are judged in a window of their own: a collection
// adds its time to one batch, so mixed with clean batches it reads as instability, while a
// kernel that collects in every batch has no clean batch at all (on the 2-vCPU VM an array
// push kernel collected in all of its 1.6 ms warmup batches and ran to the budget every time).
// Steadiness is judged on the window the latest batch joined, so old batches of the other window
// cannot end warm-up. A kernel whose batches collected garbage (at least COLLECTING_BATCHES of
// them: one collection can be leftover garbage of loading and set-up) warms up for at least
// `collectingMinNs`, because the heap's own sizing has to settle too (defaults.ts).

import { median } from 'simple-statistics';
import type { WarmupOutcome, WarmupSummary } from '../results/schema.js';
import * as D from './defaults.js';

export interface WarmupConfig {
  budgetNs: number;
  minNs: number;
  /** The minimum once COLLECTING_BATCHES batches have collected garbage (never below minNs). */
  collectingMinNs: number;
  minBatchNs: number;
  growth: number;
  steadyBatches: number;
  tolerance: number;
  firstIterations: number;
}

/** Collecting batches after which the collecting minimum applies. */
export const COLLECTING_BATCHES = 2;

export const DEFAULT_WARMUP: WarmupConfig = {
  budgetNs: D.WARMUP_BUDGET_NS,
  minNs: D.WARMUP_MIN_NS,
  collectingMinNs: D.WARMUP_COLLECTING_MIN_NS,
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
  /** Per-iteration ns of the latest qualifying batches without a collection (reset by a short batch). */
  private window: number[] = [];
  /** The same for batches that held a collection. */
  private gcWindow: number[] = [];
  private lastPerIter = NaN;
  private collecting = 0;
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
   * the steadiness windows. A `collected` batch held a garbage collection and joins the window of
   * such batches. Returns the outcome once warmup is over, else null.
   */
  record(iterations: number, ns: number, spentNs = ns, disturbed = false, collected = false): WarmupOutcome | null {
    if (this.outcome) return this.outcome;
    const c = this.config;
    this.batches++;
    this.iterations += iterations;
    this.elapsedNs += Math.max(ns, spentNs);
    // The last batch is the fallback estimate even when disturbed (every batch may be, e.g. under
    // Valgrind, which runs one thread at a time).
    this.lastPerIter = ns / iterations;
    if (collected) this.collecting++;
    if (disturbed && ns >= c.minBatchNs) {
      if (this.elapsedNs >= c.budgetNs) this.outcome = 'budget';
      return this.outcome;
    }
    const joined = collected ? this.gcWindow : this.window;
    if (ns < c.minBatchNs) {
      this.window.length = 0;
      this.gcWindow.length = 0;
      this.size = Math.max(this.size + 1, Math.ceil(this.size * c.growth));
    } else {
      joined.push(this.lastPerIter);
      if (joined.length > c.steadyBatches) joined.shift();
    }
    const minNs = this.collecting >= COLLECTING_BATCHES ? Math.max(c.minNs, c.collectingMinNs) : c.minNs;
    if (this.isSteady(joined) && this.elapsedNs >= minNs) this.outcome = 'steady';
    else if (this.elapsedNs >= c.budgetNs) this.outcome = 'budget';
    return this.outcome;
  }

  private isSteady(w: readonly number[]): boolean {
    if (w.length < this.config.steadyBatches) return false;
    const med = median(w);
    if (!(med > 0)) return w.every((v) => v === med);
    return w.every((v) => Math.abs(v - med) <= this.config.tolerance * med);
  }

  /** Per-iteration estimate: median of a steady window (the clean one first), else of the clean one, else the last batch. */
  estimateNs(): number {
    const w = [this.window, this.gcWindow].find((x) => this.isSteady(x)) ?? this.window;
    return w.length ? median(w) : this.lastPerIter;
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
