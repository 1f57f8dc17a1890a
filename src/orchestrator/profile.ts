// The profiling processes of a run: after the measured processes, one more per benchmark that
// runs the same measurement under V8's sampling profiler (src/profile/capture.ts). Its timings are thrown
// away: the profiler's sampling thread and its stack walks slow the kernel, so a profiled
// process is never one of the benchmark's measured processes (docs/guide.md, "Profiles").
import { runFork, type ForkOptions } from './fork.js';
import { fullName } from '../text/format.js';
import type { Platform } from '../platform/types.js';
import type { BenchmarkDescriptor as Descriptor } from '../ipc/protocol.js';
import { PROFILE_INTERVAL_US } from '../profile/capture.js';
import { type FunctionTime, isCpuProfile, KERNEL_LOOPS, sampleCount, selfTimesIn } from '../profile/cpuprofile.js';
import { profileFileName, writeProfile } from './profile-files.js';
import { summarize, type ProfileSummary } from '../profile/summary.js';
import { flameTree, type FlameTree } from '../profile/flame.js';

export interface ProfileRequest {
  /** The directory the user named, absolute. */
  dir: string;
  intervalUs?: number;
}

export interface ProfileJob {
  descriptor: Descriptor;
  /** The benchmark's place in the run (names its file). */
  index: number;
  /** A process index no measured process of the benchmark used (it seeds the process's plan). */
  forkIndex: number;
  /** Put before the file name's extension (a paired run's side). */
  suffix?: string;
}

export interface TakenProfile {
  summary: ProfileSummary;
  /** Every function's self time (the summary keeps the top ones). */
  times: FunctionTime[];
  /** The aggregated call tree (src/profile/flame.ts); absent when there is no profile. */
  tree?: FlameTree;
}

/** Runs one profiling process, its summary with the call tree; never throws: a failure is the summary's error line. */
export async function profileOne(
  platform: Platform,
  job: ProfileJob,
  opts: ForkOptions,
  req: ProfileRequest,
): Promise<ProfileSummary | 'interrupted'> {
  const taken = await takeProfile(platform, job, opts, req);
  if (taken === 'interrupted') return taken;
  return taken.tree ? { ...taken.summary, tree: taken.tree } : taken.summary;
}

/** Runs one profiling process and keeps every function's self time too. */
export async function takeProfile(
  platform: Platform,
  job: ProfileJob,
  opts: ForkOptions,
  req: ProfileRequest,
): Promise<TakenProfile | 'interrupted'> {
  const intervalUs = req.intervalUs ?? PROFILE_INTERVAL_US;
  const d = job.descriptor;
  const measure = { ...opts.measure, profile: { intervalUs } };
  const r = await runFork(platform, d, job.forkIndex, { ...opts, measure });
  if ('interrupted' in r) return 'interrupted';
  const failed = (error: string): TakenProfile => ({
    summary: { file: null, scope: 'process', samples: 0, intervalUs, top: [], error },
    times: [],
  });
  if ('error' in r) return failed(`the profiling process failed: ${r.error.message}`);
  if (!isCpuProfile(r.profile)) return failed('the profiling process returned no CPU profile');
  let file: string | null = null;
  let error: string | undefined;
  try {
    file = writeProfile(req.dir, profileFileName(job.index, fullName(d.group, d.title), job.suffix), r.profile);
  } catch (e) {
    error = (e as Error).message;
  }
  const { times, scope } = selfTimesIn(r.profile, KERNEL_LOOPS);
  const process = { index: r.fork.index, pid: r.fork.pid };
  return {
    summary: {
      ...summarize(times, scope, sampleCount(r.profile), intervalUs, file),
      process,
      ...(error ? { error } : {}),
    },
    times,
    tree: flameTree(r.profile, KERNEL_LOOPS),
  };
}
