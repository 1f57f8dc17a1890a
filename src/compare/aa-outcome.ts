// What an A/A check (aa.ts) says about the setup, in one word. Its own module, with nothing but a
// type import, because the package entry's exports (src/export/github-benchmark.ts) use it and must
// not load the analysis aa.ts imports.
import type { AaResult } from './aa.js';

/**
 * passed; undecided (too few processes, or an interval too wide to tell: neither a pass nor a
 * fault of the setup); or failed.
 */
export function aaOutcome(r: Pick<AaResult, 'passed' | 'verdict'>): 'passed' | 'undecided' | 'failed' {
  if (r.passed) return 'passed';
  return r.verdict === 'too-few' || r.verdict === 'cannot-tell' ? 'undecided' : 'failed';
}
