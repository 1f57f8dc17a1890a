// Bytes allocated on the V8 heap over a stretch of code, with what garbage collection did
// accounted for: the heap's used size can only be compared before and after when no
// collection ran in between, so v8.GCProfiler (Node >= 18.15) records the used size
// before and after every collection, and
//   allocated = used(end) − used(start) + Σ (used before GC − used after GC).
// Measured with a 1,000-element array: 8,048 bytes expected, 8,060–8,260 bytes per array
// read (docs/measurements.md). Off-heap memory (ArrayBuffer backing stores) is not counted.

import v8 from 'node:v8';

export interface AllocationReading {
  /** Bytes allocated on the V8 heap between start() and stop(). */
  bytes: number;
  /** Collections that ran in between (their freed bytes are added back). */
  collections: number;
}

interface GcStatistics {
  statistics: Array<{
    beforeGC: { heapStatistics: { usedHeapSize: number } };
    afterGC: { heapStatistics: { usedHeapSize: number } };
  }>;
}

type Profiler = { start(): void; stop(): GcStatistics | undefined };
const ProfilerClass = (v8 as unknown as { GCProfiler?: new () => Profiler }).GCProfiler;

/** Why allocations cannot be measured here, or null when they can. */
export const allocationProblem: string | null = ProfilerClass
  ? null
  : `allocation per operation needs v8.GCProfiler (Node >= 18.15); this is Node ${process.version}`;

/** One measurement window; create, start(), run the code, stop(). */
export class AllocationMeter {
  private profiler: Profiler | null = null;
  private usedStart = 0;

  start(): void {
    if (!ProfilerClass) throw new Error(allocationProblem!);
    this.profiler = new ProfilerClass();
    this.profiler.start();
    this.usedStart = v8.getHeapStatistics().used_heap_size;
  }

  stop(): AllocationReading {
    const usedEnd = v8.getHeapStatistics().used_heap_size;
    const stats = this.profiler?.stop();
    this.profiler = null;
    let freed = 0;
    for (const gc of stats?.statistics ?? [])
      freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
    return { bytes: usedEnd - this.usedStart + freed, collections: stats?.statistics.length ?? 0 };
  }
}

/**
 * What a reading of nothing reads: the meter's own allocation between start() and stop() (the
 * profiler and the heap statistics objects; ~600 B on Node 20). The median of `n` empty readings,
 * to subtract from a reading of something small.
 */
export function meterOwnBytes(n = 5): number {
  const meter = new AllocationMeter();
  const readings: number[] = [];
  for (let i = 0; i < n; i++) {
    meter.start();
    readings.push(meter.stop().bytes);
  }
  readings.sort((a, b) => a - b);
  return Math.max(0, readings[n >> 1]);
}

/** Bytes still available to the V8 heap before its limit. */
export function heapHeadroom(): number {
  const s = v8.getHeapStatistics();
  return s.heap_size_limit - s.used_heap_size;
}
