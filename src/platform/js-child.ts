// Portable child runner over child_process.spawn (no shell): wall time, exit code or
// signal, SIGKILL on timeout, execError on spawn failure. Counters and per-child rusage
// need the native addon (fork + perf_event_open + wait4), so they are empty/null here.

import { spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { PlatformError } from './errors.js';
import { EVENT_TABLE, isCounterEventName } from './counters-math.js';
import type { ChildRunOptions, ChildRunResult, ChildRunner, CounterEventName } from './types.js';

const REASON = 'portable fallback: counters and per-child rusage need the native addon';

function invalid(message: string): PlatformError {
  return new PlatformError(message, 'EINVAL');
}

function validate(o: ChildRunOptions): void {
  if (!Array.isArray(o.argv) || o.argv.length === 0 || o.argv.some((a) => typeof a !== 'string') || o.argv[0] === '') {
    throw invalid('argv must be a non-empty array of strings');
  }
  const t = o.timeoutMs ?? 0;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) throw invalid('timeoutMs must be a finite number >= 0');
  const bad = (o.events ?? []).filter((e) => !isCounterEventName(e));
  if (bad.length > 0) throw invalid(`unknown counter event(s): ${bad.join(', ')}`);
}

export function createJsChildRunner(): ChildRunner {
  return {
    capability: () => ({ supported: true, reason: REASON }),
    async run(o: ChildRunOptions): Promise<ChildRunResult> {
      validate(o);
      const events = (o.events ?? []).map((name: CounterEventName) => ({
        name,
        kind: EVENT_TABLE[name].kind,
        available: false,
        code: 'ENOTSUP',
        reason: REASON,
      }));
      return new Promise((resolve) => {
        const t0 = process.hrtime.bigint();
        const child = spawn(o.argv[0], o.argv.slice(1), {
          cwd: o.cwd,
          env: o.env ?? process.env,
          stdio: o.stdio ?? 'inherit',
          shell: false,
          // Its own process group (setsid), so a timeout or Ctrl-C ends what the command started.
          detached: true,
        });
        let timedOut = false;
        let execError: ChildRunResult['execError'];
        const timer =
          (o.timeoutMs ?? 0) > 0
            ? setTimeout(() => {
                timedOut = true;
                try {
                  killGroup(child.pid, 'SIGKILL');
                } catch {
                  // already gone
                }
              }, o.timeoutMs)
            : undefined;
        if (child.pid !== undefined && o.onPid) {
          try {
            o.onPid(child.pid);
          } catch {
            // the caller's handler failed; the run goes on
          }
        }
        let settled = false;
        const done = (exitCode: number | null, signal: string | null) => {
          if (settled) return;
          settled = true;
          if (timer) clearTimeout(timer);
          resolve({
            pid: child.pid ?? -1,
            exitCode,
            signal,
            timedOut,
            ...(execError ? { execError } : {}),
            wallNs: Number(process.hrtime.bigint() - t0),
            rusage: null,
            counters: { events, active: [], raw: [] },
          });
        };
        // spawn failures (ENOENT, EACCES) arrive as 'error' without 'exit'.
        child.on('error', (e: NodeJS.ErrnoException) => {
          execError = { code: e.code ?? 'EUNKNOWN', errno: Math.abs(e.errno ?? 0), syscall: e.syscall ?? 'spawn' };
          done(127, null); // what the native runner's child exits with after a failed exec
        });
        child.on('exit', (code, signal) => done(code, signal));
      });
    },
    kill(pid: number, signal: string): void {
      if (!Number.isSafeInteger(pid) || pid <= 0) throw invalid(`pid must be a positive integer, got ${pid}`);
      if (!(signal in osConstants.signals)) throw invalid(`unknown signal ${JSON.stringify(signal)}`);
      try {
        killGroup(pid, signal);
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        throw new PlatformError(err.message, err.code ?? 'EUNKNOWN', Math.abs(err.errno ?? 0), 'kill');
      }
    },
  };
}

/** Signals the process group PID leads (the command and what it started), else PID alone. */
function killGroup(pid: number | undefined, signal: string): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    process.kill(pid, signal);
  }
}
