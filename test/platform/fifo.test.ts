// SCHED_FIFO and its watchdog, in a child process: a runaway kernel under SCHED_FIFO
// must be ended by the kernel (RLIMIT_RTTIME), not by the goodwill of the orchestrator.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPlatform } from '../../src/platform/load.js';

const CHILD = fileURLToPath(new URL('../fixtures/platform-fifo.ts', import.meta.url));
const platform = loadPlatform();

describe.skipIf(platform.kind !== 'native')('SCHED_FIFO with the RLIMIT_RTTIME watchdog', () => {
  it('rejects bad priorities and limits before the syscall', () => {
    expect(() => platform.sched.setFifo(0)).toThrow(/1\.\.99/);
    expect(() => platform.sched.setFifo(1, -5)).toThrow(/RLIMIT_RTTIME/);
  });

  it('reports the policy of the calling thread', () => {
    expect(platform.sched.policy()).toBe('other');
  });

  it('a spinning FIFO thread is killed by the kernel (or FIFO is refused with a reason)', () => {
    // Backstop timeout only; the watchdog fires after 200 ms of CPU.
    const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD], {
      encoding: 'utf8',
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    const first = JSON.parse(r.stdout.split('\n')[0]) as { policy?: string; refused?: string };
    if (first.refused !== undefined) {
      expect(first.refused).toMatch(/EPERM|sched_setscheduler|RLIMIT_RTTIME/);
      expect(r.status).toBe(0);
      return;
    }
    expect(first.policy).toBe('fifo');
    expect(['SIGXCPU', 'SIGKILL']).toContain(r.signal);
    expect(r.error, 'the backstop timeout had to kill it').toBeUndefined();
  });
});
