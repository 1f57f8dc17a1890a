// The words of a process's details (src/engine/measure.ts, src/worker/prepare.ts,
// src/simulation/worker.ts), part of the one registry of detail words (src/report/details.ts
// DETAIL_TEXT): what the process could not do as asked.
import type { DetailValues } from '../results/schema.js';
import { formatBytes, formatNs } from '../text/format.js';

type ForkCode =
  | 'batches-capped'
  | 'memory-unavailable'
  | 'rusage-unavailable'
  | 'sched-unreadable'
  | 'gc-unobservable'
  | 'pin-failed'
  | 'fifo-unconfirmed'
  | 'fifo-refused'
  | 'mlock-failed'
  | 'no-counter-event'
  | 'counters-unavailable'
  | 'simulation-unsupported'
  | 'not-under-valgrind'
  | 'per-call-timing';

export const FORK_DETAIL_TEXT: { [C in ForkCode]: (v: DetailValues[C]) => string } = {
  'batches-capped': (v) =>
    `'${v.kernel}': batches capped at ${v.iterations} iterations, whose fresh inputs ` +
    `(~${formatBytes(v.bytesPerInput)} each) fill the ${formatBytes(v.maxBytes)} allowed`,
  'memory-unavailable': (v) => `allocation per operation needs v8.GCProfiler (Node >= 18.15); this is Node ${v.node}`,
  'rusage-unavailable': () =>
    'context switches and page faults not measured (thread rusage unavailable on this platform)',
  'sched-unreadable': () =>
    'migrations inferred from the CPU at both ends of a batch (/proc/thread-self/sched unreadable)',
  'gc-unobservable': (v) => `GC events are not observable: ${v.message}`,
  'pin-failed': (v) => `could not pin to CPU ${v.cpus.join(',')}: ${v.message}`,
  'fifo-unconfirmed': () =>
    'SCHED_FIFO was accepted but the thread does not report it; the normal scheduler is in force',
  'fifo-refused': (v) => `SCHED_FIFO refused, the normal scheduler stays in force: ${v.message}`,
  'mlock-failed': (v) => `mlockall failed, memory not locked: ${v.message}`,
  'no-counter-event': () => 'no counter event could be opened',
  'counters-unavailable': (v) => `counters unavailable: ${v.message}`,
  'simulation-unsupported': (v) => `simulated counters unavailable: ${v.reason ?? 'unsupported'}`,
  'not-under-valgrind': () => 'simulated counters unavailable: this process is not running under Valgrind',
  'per-call-timing': (v) =>
    "each call timed on its own, its beforeEach/afterEach hooks outside the timing; the clock's own cost, " +
    `${formatNs(v.overheadNs)} a call (median of empty calls, p10–p90 jitter ${formatNs(v.jitterNs)}), ` +
    `is taken out of every call (${v.processes} ${v.processes === 1 ? 'process' : 'processes'})`,
};
