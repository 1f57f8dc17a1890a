// What a run keeps of a benchmark's CPU profile: where the file is and its top self-time
// functions (recorded in the result document, shown by the terminal and Markdown reports).
import { type CpuProfile, type FunctionTime, sampleCount, selfTimes } from './cpuprofile.js';

/** How many functions a summary keeps. */
export const TOP_FUNCTIONS = 10;

export interface ProfileSummary {
  /** The .cpuprofile written, as the user named its directory; null when it could not be taken or written. */
  file: string | null;
  samples: number;
  intervalUs: number;
  /** Largest self time first, at most TOP_FUNCTIONS. */
  top: FunctionTime[];
  /** Why there is no profile, or why it was not written (one line). */
  error?: string;
}

export function summarize(profile: CpuProfile, intervalUs: number, file: string | null): ProfileSummary {
  return { file, samples: sampleCount(profile), intervalUs, top: selfTimes(profile).slice(0, TOP_FUNCTIONS) };
}
