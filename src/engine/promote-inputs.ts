// Moving a batch's fresh inputs out of V8's young generation before its clock starts.
//
// Inputs just made by .setupEach() are young, and every scavenge copies what is alive in the
// young generation: a kernel that allocates triggers scavenges inside the timed loop, each one
// copying the batch's n inputs, so a batch costs more per call the larger it is and the slope
// reads far above the same kernel in set-up form (docs/measurements.md, "Fresh inputs and the
// young generation"). Two scavenges promote them: V8 moves an object that survived one
// scavenge to the old generation at the next. Then, before the clock, the process waits until
// its other threads are idle (a collection leaves work to V8's helper threads, which share the
// measuring thread's CPU when it is pinned).
//
// V8's gc function: workers start with --expose-gc (src/orchestrator/worker-process.ts), which
// defines globalThis.gc; a process started without it (run() in-process) gets it from a new vm
// context created while the --expose-gc flag is set, and the flag is cleared again at once, so
// no other context gains a `gc` global.

import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options?: { type: 'minor' | 'major' }) => void;
let found: Gc | null | undefined;

/** V8's gc function, or null when this process cannot have it. */
export function v8Gc(): Gc | null {
  if (found !== undefined) return found;
  const own = (globalThis as { gc?: unknown }).gc;
  if (typeof own === 'function') return (found = own as Gc);
  try {
    v8.setFlagsFromString('--expose-gc');
    const made = vm.runInNewContext('gc') as unknown;
    found = typeof made === 'function' ? (made as Gc) : null;
  } catch {
    found = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return found;
}

/** CPU time (µs) the process may spend in a 1 ms sleep of its main thread and count as idle. */
const IDLE_CPU_US = 200;
/**
 * The wait for idle helper threads ends after this many sleeps even if they are still busy.
 * Ending it after 5 ms instead read 76.2 µs for a kernel that reads 6.2 µs with this many on a
 * loaded machine (docs/measurements.md, "Fresh inputs and the young generation").
 */
const MAX_IDLE_WAITS = 10;

/** Promotes what is alive in the young generation (two scavenges), then waits for idle GC helpers. */
export async function promoteYoung(): Promise<boolean> {
  const gc = v8Gc();
  if (!gc) return false;
  gc({ type: 'minor' });
  gc({ type: 'minor' });
  for (let i = 0; i < MAX_IDLE_WAITS; i++) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 1));
    const spent = process.cpuUsage(before);
    if (spent.user + spent.system < IDLE_CPU_US) break;
  }
  return true;
}
