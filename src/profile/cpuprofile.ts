// Self time per function from a V8 CPU profile (the `.cpuprofile` format Chrome DevTools,
// speedscope and Node's --cpu-prof read: the Profiler domain's Profile object, Chrome DevTools
// Protocol, https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile).
// Each sample names the node (a call stack) that was running; a sample lasts until the next one
// (timeDeltas[i + 1]), the last one until endTime. Self time of a function is the time of the
// samples whose node's own frame is that function, summed over every stack it appears on top of.
// Written here rather than taken from a library: the packages that read .cpuprofile files
// (speedscope's importer, pprof converters) build whole flame-graph models for this one sum.

export interface CallFrame {
  functionName: string;
  scriptId?: string;
  url: string;
  /** 0-based, as the protocol gives it. */
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** µs, on the profiler's clock. */
  startTime: number;
  endTime: number;
  samples?: number[];
  /** µs between consecutive samples (the first one from startTime). */
  timeDeltas?: number[];
}

/** One function's self time in a profile. */
export interface FunctionTime {
  /** The function's name, or '(anonymous)'; V8's own entries keep theirs: '(program)', '(garbage collector)'. */
  name: string;
  /** Its script (a file: URL, a path, or '' for V8's own entries). */
  url: string;
  /**
   * 1-based line of the function's start; null for V8's own entries and for a TypeScript file,
   * whose code V8 ran as the TypeScript loader turned it into JavaScript (its lines are not the file's).
   */
  line: number | null;
  /** Self time, ns. */
  selfNs: number;
  /** Share of the profile's sampled time (idle left out). */
  share: number;
}

/** V8's entry for time the thread was waiting: not time the benchmark spent. */
export const IDLE = '(idle)';

/** True when `value` has the shape of a CPU profile this module can sum. */
export function isCpuProfile(value: unknown): value is CpuProfile {
  const p = value as Partial<CpuProfile> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    Array.isArray(p.nodes) &&
    typeof p.startTime === 'number' &&
    typeof p.endTime === 'number' &&
    p.nodes.every((n) => typeof n?.id === 'number' && typeof n.callFrame?.functionName === 'string')
  );
}

/** Scripts V8 ran as transformed by the TypeScript loader (src/worker/typescript.ts). */
const TYPESCRIPT = /\.[cm]?tsx?$/;

/** The 1-based line of a frame's function, or null (V8's own entries, a TypeScript file: FunctionTime.line). */
export function frameLine(frame: Pick<CallFrame, 'url' | 'lineNumber'>): number | null {
  return frame.url && !TYPESCRIPT.test(frame.url) && frame.lineNumber >= 0 ? frame.lineNumber + 1 : null;
}

function functionKey(f: CallFrame): string {
  return `${f.functionName}\u0000${f.url}\u0000${f.lineNumber}\u0000${f.columnNumber}`;
}

/** Microseconds each sample lasted. */
export function sampleDurations(p: CpuProfile): number[] {
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  if (deltas.length !== samples.length) {
    // No usable timestamps: every sample gets an equal part of the profile.
    const each = samples.length ? Math.max(0, p.endTime - p.startTime) / samples.length : 0;
    return samples.map(() => each);
  }
  let t = p.startTime;
  const times = deltas.map((d) => (t += d));
  return times.map((at, i) => Math.max(0, (i + 1 < times.length ? times[i + 1] : p.endTime) - at));
}

/**
 * The engine's generated loops that call the kernel (src/engine/loop.ts, src/engine/latency-loop.ts):
 * a sample with one of them on its stack is time of the kernel's calls.
 */
export const KERNEL_LOOPS: readonly string[] = ['cyclebenchLoop', 'cyclebenchLatencyLoop'];

/**
 * The nodes whose samples count: those with a function named in `under` on their stack; every
 * node when no node has such a function (an async kernel resumes from the microtask queue, not
 * from the loop). Garbage collection is left out of the first: V8 charges its samples to a
 * '(garbage collector)' entry under the root, not to the code whose allocations started it, so
 * the kernel's share of it cannot be told from the engine's or the profiler's.
 */
function countedNodes(p: CpuProfile, under: readonly string[]): { ids: Set<number> | null; scope: Scope } {
  if (under.length === 0) return { ids: null, scope: 'process' };
  const ids = new Set<number>();
  const visit = (id: number, inside: boolean, seen: Set<number>) => {
    const n = byId.get(id);
    if (!n || seen.has(id)) return;
    seen.add(id);
    const now = inside || under.includes(n.callFrame.functionName);
    if (now) ids.add(id);
    for (const c of n.children ?? []) visit(c, now, seen);
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const children = new Set(p.nodes.flatMap((n) => n.children ?? []));
  const seen = new Set<number>();
  for (const n of p.nodes) if (!children.has(n.id)) visit(n.id, false, seen);
  const loops = p.nodes.some((n) => under.includes(n.callFrame.functionName));
  return loops ? { ids, scope: 'kernel' } : { ids: null, scope: 'process' };
}

/** What a profile's shares are of: the kernel's calls, or the whole profiled measurement. */
export type Scope = 'kernel' | 'process';

/**
 * Self time of every function of the profile, largest first; idle time left out. With `under`,
 * only the samples taken inside those functions count, when any are (countedNodes).
 */
export function selfTimes(p: CpuProfile, under: readonly string[] = []): FunctionTime[] {
  return selfTimesIn(p, under).times;
}

/** selfTimes, and what the shares are of. */
export function selfTimesIn(p: CpuProfile, under: readonly string[] = []): { times: FunctionTime[]; scope: Scope } {
  const { ids, scope } = countedNodes(p, under);
  const byNode = new Map(p.nodes.filter((n) => !ids || ids.has(n.id)).map((n) => [n.id, n]));
  const sums = new Map<string, { frame: CallFrame; us: number }>();
  const add = (frame: CallFrame, us: number) => {
    if (frame.functionName === IDLE) return;
    const k = functionKey(frame);
    const s = sums.get(k);
    if (s) s.us += us;
    else sums.set(k, { frame, us });
  };
  const samples = p.samples ?? [];
  if (samples.length > 0) {
    const durations = sampleDurations(p);
    samples.forEach((id, i) => {
      const node = byNode.get(id);
      if (node) add(node.callFrame, durations[i]);
    });
  } else {
    // A profile without its sample list (some writers keep hitCount only): counts times the mean interval.
    const hits = p.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0);
    const each = hits ? Math.max(0, p.endTime - p.startTime) / hits : 0;
    for (const n of byNode.values()) if (n.hitCount) add(n.callFrame, n.hitCount * each);
  }
  const total = [...sums.values()].reduce((t, s) => t + s.us, 0);
  const times = [...sums.values()]
    .filter((s) => s.us > 0)
    .map(({ frame, us }) => ({
      name: frame.functionName || '(anonymous)',
      url: frame.url,
      line: frameLine(frame),
      selfNs: us * 1000,
      share: total > 0 ? us / total : 0,
    }))
    .sort((a, b) => b.selfNs - a.selfNs || a.name.localeCompare(b.name));
  return { times, scope };
}

/** How many samples the profile holds. */
export function sampleCount(p: CpuProfile): number {
  return p.samples?.length ?? p.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0);
}
