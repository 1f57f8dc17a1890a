// Shared by the compat tests: run a file under `cyclebench run` (runFiles, fresh processes)
// quickly, and list a file through a worker (the orchestrator's discovery path).
import { fileURLToPath } from 'node:url';
import { runFiles } from '../../src/index.js';
import { listFile } from '../../src/orchestrator/fork.js';
import { loadPlatform } from '../../src/platform/load.js';
import { expect } from 'vitest';
import type { BenchmarkResult, RelativeResult } from '../../src/results/schema.js';
import { type Ran, spawnCli } from './cli-process.js';
import { captureIo } from './io.js';

export const fixture = (rel: string) => fileURLToPath(new URL(`../fixtures/${rel}`, import.meta.url));

/**
 * Budgets for a file whose assertions are about loading, errors, what each call received, or an
 * order of benchmarks whose work differs tenfold or more: a 20 ms warm-up (the engine's default
 * is up to 500 ms; a kernel with per-call set-up spends many times its timed budget on the
 * untimed set-up) and 50 ms of sampling per process.
 */
export const QUICK = { warmupBudgetNs: 20e6, timeBudgetNs: 0.05e9 } as const;

export async function measureFile(
  file: string,
  filter?: string,
  forks = 2,
  budgets: { warmupBudgetNs?: number; timeBudgetNs?: number } = {},
): Promise<BenchmarkResult[]> {
  const q = captureIo(process.env);
  const { document } = await runFiles({
    files: file,
    filter,
    forks,
    cpu: false,
    counters: false,
    timeBudgetNs: 0.2e9,
    ...budgets,
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

/** `cyclebench <args>` in a child process, awaited (test/helpers/cli-process.ts); killed after `timeoutMs`. */
export function cli(args: string[], env: Record<string, string> = {}, timeoutMs = 180_000): Promise<Ran> {
  return spawnCli(args, { env, timeoutMs });
}

/**
 * A benchmark's verdict against its baseline in one run: `expected`, or an honest 'cannot tell'
 * of two kinds. The processes compared sat in different host states (machine-changed,
 * src/compare/verdict.ts) while the interval itself said `expected`: under a test suite's load the
 * host's memory state can hold most of one side's few processes, too many to leave out (once in
 * CI: 2 of 3 at 1.99× the run's). Or the interval itself is too wide to settle it, its point on
 * the expected side: at load 9 in CI, fib(40) against fib(10) with 4 processes a side. Any other
 * answer (the other direction, no difference, a drift between stages) fails.
 */
export function expectVerdict(rel: RelativeResult | undefined, baseline: string, expected: 'slower' | 'faster'): void {
  expect(rel).toMatchObject({ baseline });
  const seen = JSON.stringify({ verdict: rel!.verdict, ratio: rel!.ratio, because: rel!.because });
  if (rel!.verdict === 'cannot-tell' && rel!.because?.code === 'machine-changed')
    expect(rel!.because.values, seen).toMatchObject({ sameRun: true, verdict: expected });
  // Held back only by the family-wise level over the run's comparisons (Holm): its own verdict is
  // the direction asserted.
  else if (rel!.verdict === 'cannot-tell' && rel!.because?.code === 'not-after-adjustment')
    expect(rel!.because.values, seen).toMatchObject({ verdict: expected });
  else if (rel!.verdict === 'cannot-tell' && rel!.because?.code === 'cannot-tell') {
    const r = rel!.ratio!;
    expect(expected === 'slower' ? r.point > 1 : r.point < 1, seen).toBe(true);
    // The interval reaches back across the noise threshold: its own width is the reason.
    const threshold = (rel!.because.values as { threshold: number }).threshold;
    expect(expected === 'slower' ? r.ciLow <= 1 + threshold : r.ciHigh >= 1 - threshold, seen).toBe(true);
  } else expect(rel!.verdict, seen).toBe(expected);
}
