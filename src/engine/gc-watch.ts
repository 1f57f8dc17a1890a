// GC contamination: a PerformanceObserver('gc') collects GC entries; each batch's
// window (performance.now() just outside the timed region) is matched against them.
// Entries are delivered asynchronously, which is why the driver yields to the event
// loop between rounds and once more before the final match.

import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

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

  close(): void {
    this.observer?.disconnect();
    this.observer = null;
  }
}
