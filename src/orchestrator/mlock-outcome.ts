// Whether --mlock held. Each worker tries mlockall itself (src/worker/prepare.ts) and records the
// outcome in forks[i].conditions.mlock, with an 'mlock-failed' detail holding the error when it
// failed. A run that asked for it says in one line when some worker's memory was not locked, and
// its result file records the truth (environment.conditions.mlock false), so no report claims a
// lock that was not there.
import type { BenchmarkResult } from '../results/schema.js';

/** The line to print when some process of the run did not lock its memory, or null when all did. */
export function mlockShortfall(benchmarks: ReadonlyArray<Pick<BenchmarkResult, 'forks'>>): string | null {
  let all = 0;
  let failed = 0;
  let why: string | undefined;
  for (const b of benchmarks)
    for (const f of b.forks ?? []) {
      all++;
      if (f.conditions.mlock) continue;
      failed++;
      const detail = f.details?.find((d) => d.code === 'mlock-failed');
      why ??= detail?.values.message;
    }
  if (failed === 0) return null;
  return (
    `--mlock: mlockall failed in ${failed} of ${all} processes${why ? ` (${why})` : ''}; ` +
    `memory was not locked${failed < all ? ' in those' : ''}`
  );
}
