// What a run keeps of a benchmark's CPU profile: where the file is and its top self-time
// functions (recorded in the result document, shown by the terminal and Markdown reports).
import type { FunctionTime, Scope } from './cpuprofile.js';
import type { FlameTree } from './flame.js';

/** How many functions a summary keeps. */
export const TOP_FUNCTIONS = 10;

export interface ProfileSummary {
  /** The .cpuprofile written, as the user named its directory; null when it could not be taken or written. */
  file: string | null;
  samples: number;
  intervalUs: number;
  /**
   * What the shares are of: 'kernel', the samples inside the engine's loop that calls the kernel
   * (garbage collection not included: src/profile/cpuprofile.ts); 'process', every sample of the measurement (a kernel whose samples are not under
   * the loop: an async one).
   */
  scope: Scope;
  /** Largest self time first, at most TOP_FUNCTIONS. */
  top: FunctionTime[];
  /** Why there is no profile, or why it was not written (one line). */
  error?: string;
  /**
   * The profiling process: its process index (one no measured process of the benchmark has) and
   * pid. Absent when it failed, and in older files.
   */
  process?: { index: number; pid: number };
  /** The aggregated call tree for a flame graph (src/profile/flame.ts); absent for a paired run's sides, and in older files. */
  tree?: FlameTree;
}

/** The summary of a profile whose functions' self times (largest first) are `times`. */
export function summarize(
  times: readonly FunctionTime[],
  scope: Scope,
  samples: number,
  intervalUs: number,
  file: string | null,
): ProfileSummary {
  return { file, scope, samples, intervalUs, top: times.slice(0, TOP_FUNCTIONS) };
}
