// A worker must not outlive the orchestrator that started it: killed by SIGKILL, the
// orchestrator runs no cleanup, and a worker spinning in a benchmark never returns to its
// event loop to notice. The kernel ends it instead (prctl(2) PR_SET_PDEATHSIG, from the
// addon, Linux); where that is unavailable, a once-a-second check notices the worker has
// been re-parented. (A 'disconnect' listener would ref the IPC channel and keep a worker
// whose benchmark never settles alive forever, so none is added.)
import { loadAddon, PLATFORM_ENV } from '../platform/load.js';

/** Set by the orchestrator: the pid this worker must die with. */
export const PARENT_PID_ENV = 'CYCLEBENCH_PARENT_PID';

const SIGKILL = 9;

/** Returns how the worker is tied to its parent: 'pdeathsig', or the re-parenting check alone. */
export function dieWithParent(): 'pdeathsig' | 'ppid-check' {
  let how: 'pdeathsig' | 'ppid-check' = 'ppid-check';
  if (process.env[PLATFORM_ENV] !== 'js') {
    const set = loadAddon().addon?.processSetParentDeathSignal as ((signal: number) => unknown) | undefined;
    try {
      if (typeof set === 'function' && set(SIGKILL) === true) how = 'pdeathsig';
    } catch {
      // the re-parenting check below still applies
    }
  }
  // The parent may have died before the call: this process has then been re-parented already.
  const parent = Number(process.env[PARENT_PID_ENV]);
  if (!(parent > 0)) return how;
  const orphaned = () => process.ppid !== parent;
  if (orphaned()) process.exit(1);
  setInterval(() => orphaned() && process.exit(1), 1000).unref();
  return how;
}
