// Nothing cyclebench starts outlives it, SIGKILL included (docs/platform-notes.md "Processes
// left behind"). Every worker and every measured command gets a tag in its environment
// (CYCLEBENCH_PROCESS_TAG=<token>:<n>); environment variables are inherited through fork and
// execve, so whatever those processes start carries it too, also after setsid(2) or a double
// fork that re-parents it to PID 1, where neither a process group nor a parent-death signal
// reaches. Two sweeps end tagged processes (SIGKILL, by scanning /proc/<pid>/environ):
//   - sweepTag(tag) when one worker or one command is done with (its end, a timeout, Ctrl-C);
//   - a watchdog: a small `node -e` process in its own session that holds the read end of a
//     pipe whose write end only this process has. When this process dies, however it dies, the
//     kernel closes the write end; the watchdog reads EOF and sweeps every tag of this process.
// What escapes: a process that clears or replaces its environment (env -i, sudo), one that
// runs as another user when cyclebench is not root (its environ cannot be read), and a process
// started on request by a service outside the tree (systemd, at). Linux only (/proc); elsewhere
// process groups and the parent-death check of the workers remain.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { runInThisContext } from 'node:vm';

export const PROCESS_TAG_ENV = 'CYCLEBENCH_PROCESS_TAG';

/**
 * One pass repeated until a pass finds nothing: SIGKILL to every process whose environment has
 * an entry starting with NEEDLE (a killed process is a zombie with an empty environ, so it is not
 * found again; a child forked just before its parent was killed is found by the next pass). It is
 * source text because the watchdog runs it in a bare `node -e`, without this module's loaders.
 */
const SWEEP_SOURCE = `function sweep(fs, needle) {
  const want = Buffer.from('\\0' + needle);
  let killed = 0;
  for (let pass = 0; pass < 1000; pass++) {
    let found = 0;
    let names = [];
    try { names = fs.readdirSync('/proc'); } catch { return killed; }
    for (const name of names) {
      if (!/^[0-9]+$/.test(name) || Number(name) === process.pid) continue;
      let env;
      try { env = fs.readFileSync('/proc/' + name + '/environ'); } catch { continue; }
      if (Buffer.concat([Buffer.from([0]), env]).indexOf(want) < 0) continue;
      try { process.kill(Number(name), 'SIGKILL'); found++; } catch {}
    }
    killed += found;
    if (found === 0) return killed;
  }
  return killed;
}`;

type Sweep = (fsModule: typeof fs, needle: string) => number;
let sweepFn: Sweep | undefined;

/** Ends every process tagged exactly TAG; returns how many were signalled. Linux only. */
export function sweepTag(tag: string): number {
  if (process.platform !== 'linux') return 0;
  sweepFn ??= runInThisContext(`(${SWEEP_SOURCE})`) as Sweep;
  return sweepFn(fs, `${PROCESS_TAG_ENV}=${tag}\0`);
}

let token: string | undefined;
let counter = 0;
let watchdog: ChildProcess | null = null;

/**
 * A new tag for one worker or one command (put it in its environment under PROCESS_TAG_ENV).
 * The first call starts the watchdog; one that has ended is started again.
 */
export function newProcessTag(): string {
  token ??= `${process.pid}.${randomBytes(6).toString('hex')}`;
  if (process.platform === 'linux' && watchdog === null) watchdog = startWatchdog(token);
  return `${token}:${++counter}`;
}

/** The watchdog's whole program: wait for EOF on stdin (this process has died), then sweep. */
const WATCHDOG_SOURCE = `${SWEEP_SOURCE}
const fs = require('fs');
const needle = ${JSON.stringify(PROCESS_TAG_ENV)} + '=' + process.argv[1] + ':';
let done = false;
const end = () => { if (done) return; done = true; sweep(fs, needle); process.exit(0); };
process.stdin.on('end', end);
process.stdin.on('error', end);
process.stdin.resume();`;

function startWatchdog(tokenOfThisProcess: string): ChildProcess | null {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_OPTIONS; // a bare node: loaders or flags meant for benchmarks are not needed
  delete env[PROCESS_TAG_ENV]; // a tag from an outer cyclebench stays theirs, not inherited here
  let child: ChildProcess;
  try {
    // detached: its own session, so a terminal's Ctrl-C or hang-up does not end it first.
    child = spawn(process.execPath, ['-e', WATCHDOG_SOURCE, tokenOfThisProcess], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      env,
    });
  } catch {
    return null; // the per-worker sweeps and process groups still apply
  }
  child.on('error', () => {}); // spawn failure: reported by 'exit'/'close' below as an ended watchdog
  child.stdin?.on('error', () => {});
  child.on('exit', () => {
    if (watchdog === child) watchdog = null;
  });
  // Neither the process nor its pipe keeps this process's event loop alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}
