// Whether a CPU profiler was started by the process's own flags. Node's `--cpu-prof` (and V8's
// `--prof`, its tick log) sample the whole process from its first instruction, measured batches
// included, so a process started with one of them is recorded as profiled (ForkResult.profiled):
// the report can then tell a measured process that ran under a profiler (`run --flags`,
// NODE_OPTIONS) from one that did not. The profiling processes of `--profile` use the inspector
// instead (src/profile/capture.ts) and are never measured ones.

/** Flags that start a sampling profiler for the whole process (Node's CLI docs, V8's --prof). */
const PROFILER = /^--(cpu-prof|prof)(=|$)/;

/** The profiler flag among `execArgv` and NODE_OPTIONS's words, or null when there is none. */
export function profilerFlag(execArgv: readonly string[], nodeOptions = ''): string | null {
  const words = [...execArgv, ...nodeOptions.split(/\s+/).filter(Boolean)];
  return words.find((w) => PROFILER.test(w)) ?? null;
}
