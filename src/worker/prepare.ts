// Per-process conditions applied inside the worker, each failure a warning, never fatal:
// affinity (normally already set before exec by the orchestrator; re-checked here),
// opt-in mlockall (always undone before exit: V8 aborts at teardown with locks held,
// docs/platform-notes.md P17), and the perf counter set.

import { readdirSync } from 'node:fs';
import { COUNTER_EVENTS, type CounterSet, type Platform } from '../platform/types.js';
import type { AnalysisDetail, ForkResult } from '../results/schema.js';
import { detail, type DetailCode, type DetailValues } from '../results/detail-schema.js';
import type { WorkerRunOptions } from '../ipc/protocol.js';
import { openSimulatedCounters } from '../simulation/worker.js';

export interface Prepared {
  counters?: CounterSet;
  conditions: Partial<ForkResult['conditions']>;
  /** What could not be done as asked, as data (src/report/details.ts words it). */
  details: AnalysisDetail[];
  release(): void;
}

export function prepareProcess(platform: Platform, options: WorkerRunOptions): Prepared {
  const details: AnalysisDetail[] = [];
  const warn = <C extends DetailCode>(code: C, values: DetailValues[C]) => details.push(detail(code, values));
  const conditions: Partial<ForkResult['conditions']> = {
    cpu: null,
    mlock: false,
    envPadding: options.envPadding ?? 0,
  };
  if (options.cpu && options.cpu.length > 0) {
    try {
      // Under pin 'thread' the process started on the helper CPUs; this moves the calling
      // (JS) thread alone. Threads it creates from now on (e.g. libuv's pool, on first
      // use) inherit its mask: a benchmark doing async I/O shares its CPU with them.
      // Under pin 'process' the mask was set before exec, unless the worker was started ahead
      // of its turn on other CPUs: then every thread it has moves.
      const now = platform.sched.getAffinity(0);
      if (now.join(',') !== [...options.cpu].sort((a, b) => a - b).join(',')) {
        if ((options.pin ?? 'process') === 'process') moveEveryThread(platform, options.cpu);
        else platform.sched.setAffinity(options.cpu, 0);
      }
      conditions.cpu = platform.sched.getAffinity(0);
      conditions.pin = options.pin ?? 'process';
    } catch (e) {
      warn('pin-failed', { cpus: [...options.cpu], message: (e as Error).message });
    }
  }
  if (options.fifo) {
    try {
      platform.sched.setFifo(options.fifo.priority, options.fifo.rtLimitUs);
      conditions.fifo = platform.sched.policy() === 'fifo';
      if (!conditions.fifo) warn('fifo-unconfirmed', {});
    } catch (e) {
      conditions.fifo = false;
      warn('fifo-refused', { message: (e as Error).message });
    }
  }
  if (options.mlock) {
    try {
      platform.memory.lockAll();
      conditions.mlock = true;
    } catch (e) {
      warn('mlock-failed', { message: (e as Error).message });
    }
  }
  let counters: CounterSet | undefined;
  if (options.simulate) counters = openSimulatedCounters(platform, options.simulate, details);
  else if (options.counters) {
    try {
      if (!platform.counters.capability().supported)
        throw new Error(platform.counters.capability().reason ?? 'unsupported');
      counters = platform.counters.open([...COUNTER_EVENTS]);
      if (counters.active.length === 0) {
        counters.close();
        counters = undefined;
        warn('no-counter-event', {});
      } else {
        counters.enable();
      }
    } catch (e) {
      warn('counters-unavailable', { message: (e as Error).message });
      counters = undefined;
    }
  }
  return {
    counters,
    conditions,
    details,
    release() {
      try {
        counters?.disable();
        counters?.close();
      } catch {
        // closing is best-effort; the process is about to exit
      }
      if (conditions.mlock) {
        try {
          platform.memory.unlockAll();
        } catch {
          // nothing more to do: reported at lock time
        }
      }
    },
  };
}

/**
 * Sets the affinity of every thread of this process (sched_setaffinity(2) with a thread id; with
 * 0 it covers the calling thread alone, docs/platform-notes.md P24). The calling (measuring)
 * thread goes first, so a refusal for a helper leaves at least it where it belongs; threads it
 * starts later inherit its new mask (V8's and libuv's helper threads are started at start-up or
 * from it). A thread that ends meanwhile is skipped; any other refusal is thrown.
 */
export function moveEveryThread(platform: Platform, cpus: number[], taskDir = '/proc/self/task'): void {
  platform.sched.setAffinity(cpus, 0);
  const self = platform.sched.threadId();
  for (const tid of readdirSync(taskDir).map(Number)) {
    if (tid === self) continue;
    try {
      platform.sched.setAffinity(cpus, tid);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
    }
  }
}
