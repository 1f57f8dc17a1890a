// Shared by the compat tests: run a file under `cyclebench run` (runFiles, fresh processes)
// quickly, and list a file through a worker (the orchestrator's discovery path).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runFiles } from '../../src/index.js';
import { listFile } from '../../src/orchestrator/fork.js';
import { loadPlatform } from '../../src/platform/load.js';
import type { BenchmarkResult } from '../../src/results/schema.js';
import { captureIo } from './io.js';

export const fixture = (rel: string) => fileURLToPath(new URL(`../fixtures/${rel}`, import.meta.url));

export async function measureFile(file: string, filter?: string, forks = 2): Promise<BenchmarkResult[]> {
  const q = captureIo(process.env);
  const { document } = await runFiles({
    files: file,
    filter,
    forks,
    cpu: false,
    counters: false,
    timeBudgetNs: 0.2e9,
    print: false,
    io: { ...q, cwd: process.cwd() },
  });
  return document.benchmarks;
}

/** Headline time per iteration of each benchmark by name (throws when one has none, naming its error). */
export function headlines(results: BenchmarkResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of results) {
    if (b.headline === null) throw new Error(`${b.name}: no headline (${b.error?.message ?? 'no error'})`);
    out[b.name] = b.headline.point;
  }
  return out;
}

export async function listed(file: string) {
  const r = await listFile(loadPlatform(), file);
  if (!('benchmarks' in r)) throw new Error(`listing ${file} failed: ${JSON.stringify(r)}`);
  return r.benchmarks;
}

export async function listError(file: string): Promise<string> {
  const r = await listFile(loadPlatform(), file);
  if (!('error' in r)) throw new Error(`listing ${file} did not fail: ${JSON.stringify(r)}`);
  return r.error;
}

const CLI = fileURLToPath(new URL('../../bin/cyclebench.js', import.meta.url));

/**
 * `cyclebench <args>` in a child process, awaited without blocking this worker (a blocking
 * spawnSync starves vitest's RPC on a long run). A run still going after `timeoutMs` is killed
 * and `timedOut` set, so a hang fails the test instead of stalling it.
 */
export function cli(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 180_000,
): Promise<{ status: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, timedOut });
    });
  });
}
