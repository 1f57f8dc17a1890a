// A batch during which the measuring thread was descheduled timed someone else's work as
// well as the kernel's. On a shared machine such batches run 1.5–3× slow and are common
// (a quarter to a half of batches with two CPU hogs on two vCPUs), and a robust fit only
// partly ignores them, so they are left out of every estimate and the batch is measured
// again at the same size: the i·d design stays balanced and the budget still bounds the run.
//
// Descheduled means, read outside the timed region:
// - an involuntary context switch of the thread (getrusage RUSAGE_THREAD, ru_nivcsw): the
//   scheduler took the CPU away; voluntary switches (blocking) are the kernel's own doing;
// - a migration to another CPU (the thread was stopped to be moved);
// - with the task-clock counter, on-CPU time clearly below the batch's wall time.
// getrusage's CPU times are not used for the last test: for the running thread they advance
// only at scheduler ticks (sum_exec_runtime without the current slice), 4 ms apart at HZ=250.
// GC is not preemption: collecting garbage is the kernel's own cost. V8's GC threads run on
// the measuring thread's CPU when the worker is pinned and switch it out involuntarily (on
// this 2-vCPU guest nearly every batch with a GC had an involuntary switch), so a batch with
// a GC (Batch.gc, known once the GC observer has reported) counts as preempted only when it
// migrated.

import type { Batch, PreemptionCause } from '../results/schema.js';

/** Off-CPU share of a batch's wall time (by task-clock) that counts as preempted. */
export const OFF_CPU_SHARE = 0.05;
/** And at least this much off-CPU time, ns (counter reads and clock jitter stay below it). */
export const OFF_CPU_MIN_NS = 20_000;

export function preemptionOf(b: Batch): PreemptionCause | null {
  if (b.migrations > 0 || (b.cpuStart >= 0 && b.cpuEnd >= 0 && b.cpuStart !== b.cpuEnd)) return 'migration';
  if (b.gc > 0) return null;
  if ((b.involuntarySwitches ?? 0) > 0) return 'involuntary-switch';
  const onCpu = b.counters?.['task-clock'];
  if (onCpu !== undefined && b.ns - onCpu > Math.max(OFF_CPU_SHARE * b.ns, OFF_CPU_MIN_NS)) return 'off-cpu';
  return null;
}
