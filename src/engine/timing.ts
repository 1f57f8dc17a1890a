// What a batch's time is. Two sources:
// - 'wall': the clock's elapsed ticks (loop.ts), the default;
// - 'process-cpu': the CPU time of the whole process over the batch (getrusage RUSAGE_SELF
//   through process.cpuUsage(): every thread, µs resolution; Linux brings the calling
//   thread's pending runtime up to date on every read).
// An allocating kernel's batches hold collections, and V8's parallel GC helper threads run
// beside the measuring thread: on a pinned worker they share its CPU, so on a busy machine the
// measuring thread waits while other programs hold that CPU, and the wait lands in the batch's
// wall time. The process's CPU time counts the collection work of every thread (the kernel's
// own cost) and none of the waiting (docs/measurements.md "Allocating kernels under
// contention"). So a forked worker's sync kernel that allocates (ALLOCATING_BYTES_PER_CALL or
// more per call, read once after the warm-up by allocation-probe.ts) is timed on process CPU
// time; the clock's time is kept per batch (Batch.wallNs). In-process runs keep wall time: the
// calling process's other threads (a test runner's workers) would count too. Async kernels keep
// wall time: they wait on the event loop by design.

import type { Batch } from '../results/schema.js';

export type Timing = 'wall' | 'process-cpu';

/** The process's CPU time (user + system, every thread), ns. */
export function readProcessCpuNs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
}

export interface TimingChoice {
  /** The kernel allocates at least ALLOCATING_BYTES_PER_CALL per call (allocation-probe.ts). */
  allocating: boolean;
  /** The process runs nothing but this benchmark (a forked worker). */
  ownProcess: boolean;
  isAsync: boolean;
  /** Counts are simulated (no time is reported). */
  simulated: boolean;
}

export function chooseTiming(c: TimingChoice): Timing {
  return c.allocating && c.ownProcess && !c.isAsync && !c.simulated ? 'process-cpu' : 'wall';
}

/** Records a batch's process CPU time and, under 'process-cpu', makes it the batch's time. */
export function applyTiming(batch: Batch, processCpuNs: number, timing: Timing): void {
  batch.processCpuNs = processCpuNs;
  if (timing !== 'process-cpu') return;
  batch.wallNs = batch.ns;
  batch.ns = processCpuNs;
}
