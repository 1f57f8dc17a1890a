// Starts one fork: a fresh `node --expose-gc [--import tsx] worker/main` process with IPC,
// sends it one message and waits for one answer. A worker that crashes, exits without
// answering or runs past its time limit becomes an error outcome, never an exception.
//
// Conditions are applied *before exec* by setting them on the orchestrator's own main
// thread around spawn(): libuv forks from the calling thread, and both the affinity
// mask and the personality (ADDR_NO_RANDOMIZE) are inherited through fork and kept
// across execve (sched_setaffinity(2), personality(2)). Every thread the child ever
// creates therefore inherits them, which a pin applied after start-up cannot achieve
// for V8's already-running helper threads (docs/platform-notes.md e, P24).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Platform } from '../platform/types.js';
import { crashReason } from './crash-reason.js';
import { PARENT_PID_ENV } from '../worker/parent-guard.js';

export interface SpawnConditions {
  cpus?: number[] | null;
  noAslr?: boolean;
  /** Extra bytes of environment (Mytkowicz et al. 2009: env size moves the stack). */
  envPadding?: number;
}

export type WorkerOutcome<R> =
  | { ok: true; message: R; stderrTail: string }
  | { ok: false; kind: 'crash' | 'timeout' | 'interrupted'; message: string; stderrTail: string };

const TAIL_BYTES = 4096;

export function workerEntry(): string {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return fileURLToPath(new URL(`../worker/main.${ext}`, import.meta.url));
}

export function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

/**
 * Node 20 runs only JavaScript: a worker started from the sources runs under the TypeScript
 * loader (tsx) from its first module. The compiled worker starts without it and registers it
 * only when the benchmark file is TypeScript (worker/typescript.ts).
 */
export function workerArgs(entry = workerEntry()): string[] {
  return ['--expose-gc', ...(entry.endsWith('.ts') ? ['--import', tsxLoader()] : []), entry];
}

export interface RunWorkerOptions<M> {
  platform: Platform;
  request: M;
  timeoutMs: number;
  conditions?: SpawnConditions;
  /** Called for messages that are not the final answer (progress). */
  onMessage?: (msg: unknown) => void;
  /** Is `msg` the final answer? */
  isFinal: (msg: unknown) => boolean;
  signal?: AbortSignal;
  /** A program that runs node (valgrind and its arguments): the worker is then `command ...args node ...`. */
  wrapper?: { command: string; args: string[] };
}

export function runWorker<R>(opts: RunWorkerOptions<unknown>): Promise<WorkerOutcome<R>> {
  const env: Record<string, string | undefined> = { ...process.env, [PARENT_PID_ENV]: String(process.pid) };
  if (opts.conditions?.envPadding) env.CYCLEBENCH_ENV_PAD = 'x'.repeat(opts.conditions.envPadding);
  const nodeArgs = workerArgs();
  const w = opts.wrapper;
  const [command, args] = w ? [w.command, [...w.args, process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  const child = withConditions(opts.platform, opts.conditions, () =>
    // detached: its own process group (setsid), so a timeout or Ctrl-C ends whatever the
    // benchmark started too, and a terminal's Ctrl-C reaches only this process, which decides.
    spawn(command, args, {
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
      detached: true,
    }),
  );
  return new Promise((resolve) => {
    let tail = '';
    let answer: R | undefined;
    let settled = false;
    let why: 'timeout' | 'interrupted' | undefined;
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const timer = opts.timeoutMs > 0 ? setTimeout(() => stop('timeout'), opts.timeoutMs) : undefined;
    const onAbort = () => stop('interrupted');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    function stop(reason: 'timeout' | 'interrupted') {
      why ??= reason;
      killGroup(child.pid);
    }
    child.on('message', (msg) => {
      if (opts.isFinal(msg)) answer = msg as R;
      else opts.onMessage?.(msg);
    });
    child.on('error', (err) =>
      finish({ ok: false, kind: 'crash', message: `could not start worker: ${err.message}`, stderrTail: tail }),
    );
    child.on('exit', (code, sig) => {
      killGroup(child.pid); // whatever the benchmark left running in the worker's group
      if (answer !== undefined && why === undefined) return finish({ ok: true, message: answer, stderrTail: tail });
      if (why === 'timeout')
        return finish({
          ok: false,
          kind: 'timeout',
          message: `worker ran past the time limit of ${(opts.timeoutMs / 1000).toFixed(1)} s and was killed`,
          stderrTail: tail,
        });
      if (why === 'interrupted')
        return finish({ ok: false, kind: 'interrupted', message: 'interrupted', stderrTail: tail });
      finish({ ok: false, kind: 'crash', message: crashReason(code, sig, tail), stderrTail: tail });
    });
    function finish(outcome: WorkerOutcome<R>) {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    }
    child.send(opts.request as object);
  });
}

/** SIGKILL to the process group PID leads (the worker and what it started); ESRCH when none is left. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
      return;
    } catch {
      // no such group (already ended): try the pid, then give up
    }
  }
}

/** Applies affinity/personality to this thread for the duration of `fn` (the fork inside spawn). */
function withConditions<T>(platform: Platform, c: SpawnConditions | undefined, fn: () => T): T {
  const restore: (() => void)[] = [];
  try {
    if (c?.cpus && c.cpus.length > 0 && platform.sched.capability().supported) {
      const before = platform.sched.getAffinity(0);
      platform.sched.setAffinity(c.cpus, 0);
      restore.push(() => platform.sched.setAffinity(before, 0));
    }
    if (c?.noAslr && platform.layout.capability().supported) {
      const before = platform.layout.getPersonality();
      platform.layout.setPersonality(before | platform.layout.ADDR_NO_RANDOMIZE);
      restore.push(() => platform.layout.setPersonality(before));
    }
    return fn();
  } finally {
    for (const r of restore.reverse()) r();
  }
}
