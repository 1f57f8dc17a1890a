// The CLI in a child process without blocking the test's thread: vitest's worker answers its
// main process over RPC calls that fail after 60 s, so a synchronous spawn of a run that takes
// longer on a loaded machine fails the suite with every test passing (test/README.md).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const CLI = join(import.meta.dirname, '../../bin/cyclebench.js');

export interface Ran {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The child was killed after `timeoutMs`. */
  timedOut: boolean;
}

export interface SpawnOptions {
  cwd?: string;
  /** Added to (or, with `replaceEnv`, instead of) this process's environment. */
  env?: Record<string, string | undefined>;
  replaceEnv?: boolean;
  /** Killed with SIGKILL after this long (ms; 540 s unless given, under vitest's 600 s test timeout). */
  timeoutMs?: number;
}

/** Runs PROGRAM ARGS to completion: exit status or signal, both streams. */
export function spawnProcess(program: string, args: string[], o: SpawnOptions = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const env = o.replaceEnv ? o.env : { ...process.env, ...o.env };
    const child = spawn(program, args, { cwd: o.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, o.timeoutMs ?? 540_000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, timedOut });
    });
  });
}

/** `node bin/cyclebench.js ARGS`, as a user runs it. */
export function spawnCli(args: string[], o: SpawnOptions = {}): Promise<Ran> {
  return spawnProcess(process.execPath, [CLI, ...args], o);
}
