// CPU hogs (`node -e 'for(;;){}'`, checking on their parent) that a bench starts and stops itself: killed when the bench
// stops them, and on every way the bench process ends (exit, Ctrl-C, SIGTERM, SIGHUP).
import { spawn, type ChildProcess } from 'node:child_process';

const hogs: ChildProcess[] = [];
// `for(;;){}`, but every ~0.1 s the hog checks that the bench that started it still runs: a
// bench blocked in spawnSync runs none of the handlers below until the child returns, so a
// SIGTERM then would otherwise leave the hog spinning. process.ppid is read afresh each time.
const HOG = [
  '-e',
  `const parent = process.ppid; for (;;) { for (let i = 0; i < 5e7; i++); if (process.ppid !== parent) process.exit(0); }`,
];

/** Starts one hog, free to run anywhere or pinned to `cpu` with taskset. */
export function startHog(cpu?: number): void {
  hogs.push(
    cpu === undefined
      ? spawn(process.execPath, HOG, { stdio: 'ignore' })
      : spawn('taskset', ['-c', String(cpu), process.execPath, ...HOG], { stdio: 'ignore' }),
  );
}

export function stopHogs(): void {
  for (const h of hogs.splice(0)) h.kill('SIGKILL');
}

process.on('exit', stopHogs);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(sig, () => {
    stopHogs();
    process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
  });
