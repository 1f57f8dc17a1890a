// The registration API: bench(), group(), blackhole(), run().

import { register, withGroup } from './registry.js';
import type { BenchFn, BenchHandle } from './types.js';

export { blackhole } from '../engine/sink.js';
export { run, IN_PROCESS_NOTE, type RunApiOptions, type RunResult } from './run.js';
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
