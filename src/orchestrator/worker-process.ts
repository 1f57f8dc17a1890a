// Starts one fork: a fresh `node --expose-gc [--import tsx] worker/main` process with IPC,
// sends it one message and waits for one answer. A worker that crashes, exits without
// answering or runs past its time limit becomes an error outcome, never an exception.
//
// Conditions are applied *before exec* by setting them on the orchestrator's own main
// thread around spawn(): libuv forks from the calling thread, and both the affinity
// mask and the personality (ADDR_NO_RANDOMIZE) are inherited through fork and kept
// across execve (sched_setaffinity(2), personality(2)). Every thread the child ever
// creates therefore inherits them, which a pin applied after start-up cannot achieve
// for V8's already-running helper threads (docs/platform-notes.md e, P24). The one exception
// is a worker started ahead of its turn (ahead.ts): it starts on CPUs the measuring worker does
// not use, and moves every one of its threads to the measuring CPU when its request arrives
// (worker/prepare.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Platform } from '../platform/types.js';
import { crashReason } from './crash-reason.js';
import { PARENT_PID_ENV } from '../ipc/parent-guard.js';
import { newProcessTag, PROCESS_TAG_ENV, sweepTag } from '../platform/leftovers.js';

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
/** How long after a worker's exit its output may still arrive before its ending is taken as is. */
const OUTPUT_GRACE_MS = 2000;

/**
 * The worker's entry: the one beside this module (src/ in a checkout, dist/ when installed). From
 * the sources, CYCLEBENCH_USE_DIST=1 starts the compiled worker instead (dist/worker/main.js, built
 * by `npm run build:ts`), as it makes bin/cyclebench.js run the compiled CLI: a worker then loads
 * compiled JavaScript instead of passing every module through the TypeScript loader, about 0.5 s
 * of CPU less per process (docs/measurements.md, "Cost of a default run").
 */
export function workerEntry(): string {
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('../worker/main.js', import.meta.url));
  if (process.env.CYCLEBENCH_USE_DIST === '1') {
    const dist = fileURLToPath(new URL('../../dist/worker/main.js', import.meta.url));
    if (existsSync(dist)) return dist;
  }
  return fileURLToPath(new URL('../worker/main.ts', import.meta.url));
}

/**
 * The module a worker started from the sources is given with `--import`: it registers tsx with a
 * checked private cache, or none (bin/typescript-loader.js), where `--import tsx` would use the
 * shared temporary directory.
 */
export function tsxLoader(): string {
  return new URL('../../bin/register-typescript.js', import.meta.url).href;
}

/**
 * Node 20 runs only JavaScript: a worker started from the sources runs under the TypeScript
 * loader (tsx) from its first module. The compiled worker starts without it and registers it
 * only when the benchmark file is TypeScript (worker/typescript.ts).
 */
export function workerArgs(entry = workerEntry()): string[] {
  return ['--expose-gc', ...(entry.endsWith('.ts') ? ['--import', tsxLoader()] : []), entry];
}

/**
 * The Node binary that runs a worker and the flags it is given before the worker's own (a side of
 * a paired run, src/paired/sides.ts); by default the Node running cyclebench, no extra flags.
 */
export interface NodeLaunch {
  execPath: string;
  flags: string[];
}

export interface StartOptions {
  platform: Platform;
  node?: NodeLaunch;
  conditions?: SpawnConditions;
  /** A program that runs node (valgrind and its arguments): the worker is then `command ...args node ...`. */
  wrapper?: { command: string; args: string[] };
}

export interface RunWorkerOptions<M> extends StartOptions {
  request: M;
  timeoutMs: number;
  /** Called for messages that are not the final answer (progress, neighbour); `reply` sends one back. */
  onMessage?: (msg: unknown, reply: (answer: object) => void) => void;
  /** Is `msg` the final answer? */
  isFinal: (msg: unknown) => boolean;
  signal?: AbortSignal;
  /** A worker started earlier (startWorker); it gets the request instead of a new process. */
  started?: StartedWorker;
}

type Ending = { code: number | null; signal: NodeJS.Signals | null } | { error: Error };

/** A worker process that has been spawned and waits for its one request. */
export interface StartedWorker {
  readonly child: ChildProcess;
  /** The last TAIL_BYTES of its stdout and stderr. */
  tail(): string;
  /** Settles when the process has ended (or could not be started). */
  readonly ended: Promise<Ending>;
  /** Ends it and whatever it started (a pre-started worker that is not needed). */
  discard(): void;
  /**
   * Stops (SIGSTOP) or continues (SIGCONT) it and whatever it started: it must not run while
   * another worker times. Nothing is sent once it has ended.
   */
  pause(stopped: boolean): void;
  /**
   * Whether the process is stopped now (every thread's state in /proc is T), or has ended: a SIGSTOP
   * takes effect only once the process next runs, which on a busy CPU can be milliseconds later.
   * null where /proc cannot tell.
   */
  isStopped(): boolean | null;
}

/**
 * Spawns a worker that waits for its request. With `prepareFile`, it is told at once to get the
 * module loaders that file needs ready (ipc/protocol.ts PrepareRequest), so that start-up is done
 * before the request arrives.
 */
export function startWorker(opts: StartOptions & { prepareFile?: string }): StartedWorker {
  // The tag marks the worker and everything it starts, wherever they re-parent (leftovers.ts).
  const tag = newProcessTag();
  const env: Record<string, string | undefined> = {
    ...process.env,
    [PARENT_PID_ENV]: String(process.pid),
    [PROCESS_TAG_ENV]: tag,
  };
  if (opts.conditions?.envPadding) env.CYCLEBENCH_ENV_PAD = 'x'.repeat(opts.conditions.envPadding);
  const node = opts.node ?? { execPath: process.execPath, flags: [] };
  const nodeArgs = [...node.flags, ...workerArgs()];
  const w = opts.wrapper;
  const [command, args] = w ? [w.command, [...w.args, node.execPath, ...nodeArgs]] : [node.execPath, nodeArgs];
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
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // Never signalled after it has ended: its pid may belong to another process by then.
  let exited = false;
  let stopped = false;
  const ended = new Promise<Ending>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      killGroup(child.pid); // whatever the benchmark left running in the worker's group
      sweepTag(tag); // and what left the group (setsid, a double fork)
      // 'exit' may come before the last output is read (the worker's line saying why it ended,
      // ipc/exit-cause.ts): settle once its output has closed, or a moment later should a
      // process outside the group still hold the pipes.
      const settle = () => resolve({ code, signal });
      if (child.stdout?.readableEnded !== false && child.stderr?.readableEnded !== false) return settle();
      child.once('close', settle);
      setTimeout(settle, OUTPUT_GRACE_MS).unref();
    });
    // 'error' without a pid: the process could not be spawned, and no 'exit' follows. With a pid
    // it is a failed send to a worker that is ending; its 'exit' says how it ended.
    child.on('error', (error) => {
      if (child.pid === undefined) resolve({ error });
    });
  });
  if (opts.prepareFile !== undefined) child.send({ type: 'prepare', file: opts.prepareFile });
  return {
    child,
    tail: () => tail,
    ended,
    discard: () => {
      if (!exited) killGroup(child.pid);
    },
    pause: (stop) => {
      if (exited || stop === stopped) return;
      stopped = stop;
      signalGroup(child.pid, stop ? 'SIGSTOP' : 'SIGCONT');
    },
    isStopped: () => (exited ? true : processStopped(child.pid)),
  };
}

export function runWorker<R>(opts: RunWorkerOptions<unknown>): Promise<WorkerOutcome<R>> {
  const worker = opts.started ?? startWorker(opts);
  const child = worker.child;
  return new Promise((resolve) => {
    let answer: R | undefined;
    let settled = false;
    let why: 'timeout' | 'interrupted' | undefined;
    const timer = opts.timeoutMs > 0 ? setTimeout(() => stop('timeout'), opts.timeoutMs) : undefined;
    const onAbort = () => stop('interrupted');
    if (opts.signal?.aborted) stop('interrupted');
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    function stop(reason: 'timeout' | 'interrupted') {
      why ??= reason;
      killGroup(child.pid);
    }
    child.on('message', (msg) => {
      if (opts.isFinal(msg)) answer = msg as R;
      else opts.onMessage?.(msg, (answer) => child.connected && child.send(answer));
    });
    void worker.ended.then((end) => {
      const tail = worker.tail();
      if ('error' in end)
        return finish({
          ok: false,
          kind: 'crash',
          message: `could not start worker: ${end.error.message}`,
          stderrTail: tail,
        });
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
      const message = crashReason(end.code, end.signal, tail, opts.wrapper?.command);
      finish({ ok: false, kind: 'crash', message, stderrTail: tail });
    });
    function finish(outcome: WorkerOutcome<R>) {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    }
    if (child.connected) child.send(opts.request as object);
  });
}

/**
 * Whether every thread of PID is stopped (T, or t under a tracer) or gone (Z, X), from
 * /proc/PID/task/TID/stat: a group stop reaches each thread when it next runs. null where /proc
 * cannot be read.
 */
function processStopped(pid: number | undefined): boolean | null {
  if (pid === undefined) return null;
  try {
    return readdirSync(`/proc/${pid}/task`).every((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The state follows the command name, which is in parentheses and may itself hold ') '.
      const close = stat.lastIndexOf(')');
      return 'TtZX'.includes(stat.slice(close + 2, close + 3));
    });
  } catch {
    return null;
  }
}

/** SIGKILL to the process group PID leads (the worker and what it started); ESRCH when none is left. */
function killGroup(pid: number | undefined): void {
  signalGroup(pid, 'SIGKILL');
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, signal);
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
