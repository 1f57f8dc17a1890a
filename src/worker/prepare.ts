// Per-process conditions applied inside the worker, each failure a warning, never fatal:
// affinity (normally already set before exec by the orchestrator; re-checked here),
// opt-in mlockall (always undone before exit: V8 aborts at teardown with locks held,
// docs/platform-notes.md P17), and the perf counter set.

import type { CounterEventName, CounterSet, Platform } from '../platform/types.js';
import type { ForkResult } from '../results/schema.js';
import type { WorkerRunOptions } from './protocol.js';
import { openSimulatedCounters } from '../simulation/worker.js';

const ALL_EVENTS: CounterEventName[] = [
  'cycles',
  'instructions',
  'cache-references',
  'cache-misses',
  'branches',
  'branch-misses',
  'task-clock',
  'page-faults',
  'context-switches',
  'cpu-migrations',
];

export interface Prepared {
  counters?: CounterSet;
  conditions: Partial<ForkResult['conditions']>;
  warnings: string[];
  release(): void;
}

export function prepareProcess(platform: Platform, options: WorkerRunOptions): Prepared {
  const warnings: string[] = [];
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
      const now = platform.sched.getAffinity(0);
      if (now.join(',') !== [...options.cpu].sort((a, b) => a - b).join(','))
        platform.sched.setAffinity(options.cpu, 0);
      conditions.cpu = platform.sched.getAffinity(0);
      conditions.pin = options.pin ?? 'process';
    } catch (e) {
      warnings.push(`could not pin to CPU ${options.cpu.join(',')}: ${(e as Error).message}`);
    }
  }
  if (options.fifo) {
    try {
      platform.sched.setFifo(options.fifo.priority, options.fifo.rtLimitUs);
      conditions.fifo = platform.sched.policy() === 'fifo';
      if (!conditions.fifo)
        warnings.push('SCHED_FIFO was accepted but the thread does not report it; the normal scheduler is in force');
    } catch (e) {
      conditions.fifo = false;
      warnings.push(`SCHED_FIFO refused, the normal scheduler stays in force: ${(e as Error).message}`);
    }
  }
  if (options.mlock) {
    try {
      platform.memory.lockAll();
      conditions.mlock = true;
    } catch (e) {
      warnings.push(`mlockall failed, memory not locked: ${(e as Error).message}`);
    }
  }
  let counters: CounterSet | undefined;
  if (options.simulate) counters = openSimulatedCounters(platform, options.simulate, warnings);
  else if (options.counters) {
    try {
      if (!platform.counters.capability().supported)
        throw new Error(platform.counters.capability().reason ?? 'unsupported');
      counters = platform.counters.open(ALL_EVENTS);
      if (counters.active.length === 0) {
        counters.close();
        counters = undefined;
        warnings.push('no counter event could be opened');
      } else {
        counters.enable();
      }
    } catch (e) {
      warnings.push(`counters unavailable: ${(e as Error).message}`);
      counters = undefined;
    }
  }
  return {
    counters,
    conditions,
    warnings,
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
