// A differential profile of a paired run: which functions' time per operation changed most
// between the other tree and this one. A profile gives each function's share of the profiled
// process's time; times that side's median time per operation (from its measured processes)
// it becomes time per operation, so two sides whose profiles ran for different lengths compare.
// Functions are matched by name and script file name (the trees' paths differ; a line moves
// when code above it changes). The profiled processes ran with inlining off (capture.ts), so
// the split is of the source functions, and the figures are approximate: a pointer to where
// the change is, not a measurement of it.
import { basename } from 'node:path';
import type { FunctionTime } from './cpuprofile.js';
import type { ProfileSummary } from './summary.js';

export interface FunctionChange {
  name: string;
  /** The script's file name (no line: it may differ between the sides). */
  script: string;
  /** Estimated ns per operation on the other tree's side and on this tree's. */
  otherNs: number;
  thisNs: number;
}

export interface ProfileDifference {
  other: ProfileSummary;
  current: ProfileSummary;
  /** Largest change of time per operation first. */
  changes: FunctionChange[];
}

/** How many changed functions a difference keeps. */
export const TOP_CHANGES = 10;

function scriptName(url: string): string {
  if (!url) return '';
  try {
    return basename(new URL(url).pathname);
  } catch {
    return basename(url);
  }
}

/** Per function, its estimated ns per operation on each side; largest absolute change first. */
export function functionChanges(
  other: readonly FunctionTime[],
  current: readonly FunctionTime[],
  otherNsPerOp: number,
  thisNsPerOp: number,
  keep = TOP_CHANGES,
): FunctionChange[] {
  const byKey = new Map<string, FunctionChange>();
  const add = (f: FunctionTime, side: 'otherNs' | 'thisNs', nsPerOp: number) => {
    const script = scriptName(f.url);
    const k = `${f.name}\u0000${script}`;
    const c = byKey.get(k) ?? { name: f.name, script, otherNs: 0, thisNs: 0 };
    c[side] += f.share * nsPerOp;
    byKey.set(k, c);
  };
  for (const f of other) add(f, 'otherNs', otherNsPerOp);
  for (const f of current) add(f, 'thisNs', thisNsPerOp);
  return [...byKey.values()]
    .filter((c) => c.thisNs !== c.otherNs)
    .sort((x, y) => Math.abs(y.thisNs - y.otherNs) - Math.abs(x.thisNs - x.otherNs) || x.name.localeCompare(y.name))
    .slice(0, keep);
}
