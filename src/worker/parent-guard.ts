// A worker must not outlive the orchestrator that started it: killed by SIGKILL, the
// orchestrator runs no cleanup, and a worker spinning in a benchmark never returns to its
// event loop to notice. The kernel ends it instead (prctl(2) PR_SET_PDEATHSIG, from the
// addon, Linux); where that is unavailable, losing the IPC channel ends it.
import { loadAddon, PLATFORM_ENV } from '../platform/load.js';

/** Set by the orchestrator: the pid this worker must die with. */
export const PARENT_PID_ENV = 'CYCLEBENCH_PARENT_PID';

const SIGKILL = 9;

/** Returns how the worker is tied to its parent: 'pdeathsig', or 'ipc' alone. */
export function dieWithParent(isFinished: () => boolean): 'pdeathsig' | 'ipc' {
  let how: 'pdeathsig' | 'ipc' = 'ipc';
  if (process.env[PLATFORM_ENV] !== 'js') {
    const set = loadAddon().addon?.processSetParentDeathSignal;
    try {
      if (typeof set === 'function' && set(SIGKILL) === true) how = 'pdeathsig';
    } catch {
      // the IPC watchdog below still applies
    }
  }
  // The parent may have died before the call: this process has then been re-parented already.
  const parent = Number(process.env[PARENT_PID_ENV]);
  if (parent > 0 && process.ppid !== parent) process.exit(1);
  process.on('disconnect', () => {
    if (!isFinished()) process.exit(1);
  });
  return how;
}
