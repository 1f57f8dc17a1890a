// What V8 did in some processes against the others (ForkResult.v8, src/worker/v8-watch.ts), as
// detail values: the findings that single out processes (an odd process, slow states, a warm-up
// that did not settle) then say whether the kernel's compiled code differed there, or whether
// every process ran the same tier without a deoptimization, which leaves layout or the host.
import type { DeoptCount, ForkResult, V8Record, V8Values } from '../results/schema.js';

type Phase = 'warmup' | 'sampling';
/** What this module reads of a process: its V8 record (a paired run keeps only that). */
type WithV8 = Pick<ForkResult, 'v8'>;

/** The processes' deoptimizations in one phase, or null when a process could not read them. */
function deoptsIn(forks: readonly WithV8[], phase: Phase): number | null {
  let n = 0;
  for (const f of forks) {
    const d = f.v8?.deopts;
    if (!d) return null;
    n += d[phase];
  }
  return n;
}

/** The most frequent (function, reason) of the processes' deoptimizations in one phase, as "f: reason". */
function topDeopt(forks: readonly WithV8[], phase: Phase): string | null {
  const key = phase === 'warmup' ? 'warmupFunctions' : 'samplingFunctions';
  const all = new Map<string, number>();
  for (const f of forks)
    for (const d of f.v8?.deopts?.[key] ?? ([] as DeoptCount[])) {
      const k = `${d.function}${d.role === 'kernel' ? ' (the kernel)' : d.role === 'loop' ? ' (the timed loop)' : ''}: ${d.reason}`;
      all.set(k, (all.get(k) ?? 0) + d.count);
    }
  const top = [...all.entries()].sort((a, b) => b[1] - a[1])[0];
  return top ? top[0] : null;
}

/** "kernel/loop" tiers at the end of the sampled batches (or of warm-up). */
function tierOf(v8: V8Record, at: 'warmup' | 'end'): string {
  return `${v8[at].kernel}/${v8[at].loop}`;
}

/** Distinct tiers of the processes, in order of first appearance. */
function tiers(forks: readonly WithV8[], at: 'warmup' | 'end'): string[] {
  return [...new Set(forks.map((f) => tierOf(f.v8!, at)))];
}

/**
 * Values comparing `subject` processes with `others` in `phase` (the sampled batches, or warm-up):
 * their deoptimizations, the most frequent one, and their tiers (kernel/loop) at the phase's end.
 * Empty when a process has no V8 record (older files, a run that did not read it).
 */
export function v8Comparison(subject: readonly WithV8[], others: readonly WithV8[], phase: Phase): V8Values {
  if (subject.length === 0 || ![...subject, ...others].every((f) => f.v8)) return {};
  const at = phase === 'warmup' ? 'warmup' : 'end';
  return {
    deopts: deoptsIn(subject, phase),
    othersDeopts: others.length ? deoptsIn(others, phase) : null,
    deoptAt: topDeopt(subject, phase),
    tiers: tiers(subject, at),
    otherTiers: others.length ? tiers(others, at) : [],
  };
}
