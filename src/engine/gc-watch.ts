// GC contamination: a PerformanceObserver('gc') collects GC entries; each batch's
// window (performance.now() just outside the timed region) is matched against them.
// Entries are delivered asynchronously, which is why the driver yields to the event
// loop between rounds and once more before the final match.

import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import type { Batch } from '../results/schema.js';

export interface TimeWindow {
  startMs: number;
  endMs: number;
}

/** Number of entries overlapping each window (entries and windows in performance.now() ms). */
export function countOverlaps(
  windows: readonly TimeWindow[],
  entries: readonly { startTime: number; duration: number }[],
): number[] {
  return windows.map(
    (w) => entries.filter((e) => e.startTime < w.endMs && e.startTime + e.duration > w.startMs).length,
  );
}

/**
 * Pause time of the entries inside each window, in ns: the union of the entries (so two that
 * overlap count once) clipped to the window, so it never exceeds the window's own length.
 */
export function pauseInside(
  windows: readonly TimeWindow[],
  entries: readonly { startTime: number; duration: number }[],
): number[] {
  return windows.map((w) => {
    const parts = entries
      .map((e) => [Math.max(e.startTime, w.startMs), Math.min(e.startTime + e.duration, w.endMs)] as const)
      .filter(([a, b]) => b > a)
      .sort((x, y) => x[0] - y[0]);
    let ms = 0;
    let reached = -Infinity;
    for (const [a, b] of parts) {
      const from = Math.max(a, reached);
      if (b > from) ms += b - from;
      reached = Math.max(reached, b);
    }
    return ms * 1e6;
  });
}

/** Sets batches[i].gc (entries overlapping windows[i]) and .gcNs (their pause inside it, at most the batch's wall ns). */
export function markBatches(
  batches: readonly Batch[],
  windows: readonly TimeWindow[],
  entries: readonly { startTime: number; duration: number }[],
): void {
  const counts = countOverlaps(windows, entries);
  const pauses = pauseInside(windows, entries);
  batches.forEach((b, i) => {
    b.gc = counts[i];
    b.gcNs = Math.min(pauses[i], b.wallNs ?? b.ns);
  });
}

export class GcWatch {
  private entries: { startTime: number; duration: number }[] = [];
  private observer: PerformanceObserver | null = null;
  /** Why GC is not observed, when it is not. */
  readonly problem: string | null;

  constructor() {
    let problem: string | null = null;
    try {
      this.observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries() as PerformanceEntry[])
          this.entries.push({ startTime: e.startTime, duration: e.duration });
      });
      this.observer.observe({ entryTypes: ['gc'] });
    } catch (err) {
      problem = (err as Error).message;
    }
    this.problem = problem;
  }

  /**
   * Waits until the entries of collections that already happened have arrived. Node 20 hands
   * a GC entry to observers two event-loop turns after the collection (measured: a forced
   * gc() was reported after exactly two setImmediate turns in 20 of 20 tries); three give margin.
   */
  async settle(): Promise<void> {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  }

  counts(windows: readonly TimeWindow[]): number[] {
    return countOverlaps(windows, this.entries);
  }

  /** Sets each batch's collection count and pause time from its window (markBatches). */
  mark(batches: readonly Batch[], windows: readonly TimeWindow[]): void {
    markBatches(batches, windows, this.entries);
  }

  close(): void {
    this.observer?.disconnect();
    this.observer = null;
  }
}
