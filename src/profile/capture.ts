// V8's sampling CPU profiler around one piece of work, inside the worker process, through the
// inspector's Profiler domain (node:inspector, Node 8 and later, the same on Node 20–26). It is
// used rather than starting the worker with `--cpu-prof`: the domain profiles only the
// measurement (not the process's start-up, module loading or the TypeScript loader, which
// `--cpu-prof` records from the first instruction), it takes its sampling interval per session,
// and it hands the profile back to the worker, which sends it to the orchestrator with its
// answer: the orchestrator alone writes files, where the user said.
import { Session } from 'node:inspector';
import { setFlagsFromString } from 'node:v8';
import type { CpuProfile } from './cpuprofile.js';

/** Sampling interval, µs: a 1 s budget gives about 10 000 samples, most of them in the kernel. */
export const PROFILE_INTERVAL_US = 100;

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T)));
  });
}

/**
 * Turns V8's inlining off for the rest of the process. V8's profiler charges the time of a
 * function inlined into optimized code to the function it was inlined into (measured on Node 20:
 * a kernel whose time is all in one helper showed 84 % in the engine's loop function and 15 % in
 * the helper; with inlining off, 98 % in the helper). A profiling process is never measured, so
 * its code may differ from a measured one's; the profile then names the source function that
 * spends the time. Call it before the benchmark file is loaded: the flags apply to code compiled
 * afterwards. `--maglev-inlining` is Maglev's, the optimizing tier Node 22 and later also run.
 */
export function attributeToSourceFunctions(): void {
  setFlagsFromString('--no-turbo-inlining');
  setFlagsFromString('--no-maglev-inlining');
}

/** Runs `work` under the sampling profiler; resolves to its result and the profile. */
export async function withCpuProfile<T>(
  intervalUs: number,
  work: () => Promise<T>,
): Promise<{ result: T; profile: CpuProfile }> {
  if (!process.features.inspector)
    throw new Error('this Node.js was built without the inspector: no CPU profile can be taken');
  const session = new Session();
  session.connect();
  try {
    await post(session, 'Profiler.enable');
    await post(session, 'Profiler.setSamplingInterval', { interval: intervalUs });
    await post(session, 'Profiler.start');
    const result = await work();
    const { profile } = await post<{ profile: CpuProfile }>(session, 'Profiler.stop');
    return { result, profile };
  } finally {
    session.disconnect();
  }
}
