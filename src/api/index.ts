// The registration API: bench(), group(), blackhole(), run().
//
// Every benchmark file imports the package entry, so every worker process loads this module and
// what it imports statically. The in-process run() needs the analysis, the report and the
// environment probe (about 80 modules the worker itself never loads), so they load on run()'s
// first call, not with the benchmark file: docs/measurements.md, "Cost of a default run".

import { currentMode } from './mode.js';
import { register, withGroup } from './registry.js';
import type { RunApiOptions, RunResult } from './run.js';
import type { BenchFn, BenchHandle } from './types.js';

export { blackhole } from '../engine/sink.js';
export { IN_PROCESS_NOTE } from './in-process-note.js';
export type { RunApiOptions, RunResult } from './run.js';
export { collectBenchmarks } from './collect.js';
export { runFiles, type RunFilesOptions, type RunOutcome } from './run-files.js';
export { runFilesAgainst, type RunFilesAgainstOptions, type AgainstOutcome } from './run-against.js';

/**
 * Registers a benchmark. `fn` is a kernel `() => value`, a setup `(args) => kernel`
 * (recognised because it returns a function), or `{ setup?, fn }`; see src/api/types.ts.
 * Nothing is called at registration time.
 */
export function bench(name: string, fn: BenchFn): BenchHandle {
  return register(name, fn);
}

/** Benchmarks registered inside `body` (synchronous) belong to group `name` (nested: "a/b"). */
export function group(name: string, body: () => void): void {
  withGroup(name, body);
}

/**
 * Measures the registered benchmarks in this process (src/api/run.ts). In a worker that lists or
 * measures the file (collect mode) it returns at once, without loading the in-process run.
 */
export async function run(options?: RunApiOptions): Promise<RunResult> {
  if (currentMode() === 'collect') return { measured: false, benchmarks: [], document: null };
  return (await import('./run.js')).run(options);
}
