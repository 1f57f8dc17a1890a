// The call tree of a CPU profile, aggregated small enough to keep in the result document and
// draw as a flame graph (src/report/flame-svg.ts) without the .cpuprofile file: frames are merged
// by function along each path (as a flame graph does), frames below a share of the total are
// merged into one "(smaller frames)" frame per parent, and the tree is cut after a depth. Each
// frame has its self time (samples with it on top) and total time (samples with it on the stack).
// Its root is what the summary's shares are of (src/profile/cpuprofile.ts): the engine's loops
// that call the kernel, merged into one frame, or the whole profile for a kernel not under them.
import { type CallFrame, type CpuProfile, frameLine, IDLE, sampleDurations } from './cpuprofile.js';

/** Frames below this share of the root's time are merged (one per parent). */
export const FLAME_MIN_SHARE = 0.005;
/** Frames deeper than this (the root is depth 0) are not kept; their time stays in their ancestors' totals. */
export const FLAME_MAX_DEPTH = 32;

/** One frame of the flame tree, in depth-first order (a child follows its parent, depth one more). */
export interface FlameFrame {
  /** The function's name; '(smaller frames)' for merged small frames, '(kernel calls)' for the merged loops. */
  name: string;
  /** Its script, omitted for V8's own entries and merged frames. */
  url?: string;
  /** 1-based line of the function's start, as FunctionTime.line; omitted when unknown. */
  line?: number;
  depth: number;
  /** ns with this frame on top of the stack. */
  selfNs: number;
  /** ns with this frame on the stack. */
  totalNs: number;
  /** How many frames were merged into this one (merged small frames only). */
  merged?: number;
}

export interface FlameTree {
  minShare: number;
  maxDepth: number;
  /** Some frames were deeper than maxDepth. */
  cut: boolean;
  /** Depth-first, the root first (depth 0). */
  frames: FlameFrame[];
}

interface Building {
  key: string;
  frame: CallFrame;
  selfUs: number;
  totalUs: number;
  children: Map<string, Building>;
}

const SMALLER = '(smaller frames)';
export const KERNEL_ROOT = '(kernel calls)';

const keyOf = (f: CallFrame) => `${f.functionName}\u0000${f.url}\u0000${f.lineNumber}`;

/**
 * The aggregated call tree of `p`: rooted at the frames named in `under` (merged into one root)
 * when any is in the profile, else at the profile's root; idle time left out, and garbage
 * collection too under `under` (its samples sit under the profile's root, not under the loops).
 */
export function flameTree(
  p: CpuProfile,
  under: readonly string[],
  minShare = FLAME_MIN_SHARE,
  maxDepth = FLAME_MAX_DEPTH,
): FlameTree {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const samples = p.samples ?? [];
  if (samples.length > 0) {
    const d = sampleDurations(p);
    samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + d[i]));
  } else {
    const hits = p.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0);
    const each = hits ? Math.max(0, p.endTime - p.startTime) / hits : 0;
    for (const n of p.nodes) if (n.hitCount) selfUs.set(n.id, n.hitCount * each);
  }
  const make = (frame: CallFrame): Building => ({
    key: keyOf(frame),
    frame,
    selfUs: 0,
    totalUs: 0,
    children: new Map(),
  });
  const kernel = p.nodes.some((n) => under.includes(n.callFrame.functionName));
  const root = make({ functionName: kernel ? KERNEL_ROOT : '(root)', url: '', lineNumber: -1, columnNumber: -1 });
  const seen = new Set<number>();
  // Adds node `id` (and its subtree) under `into`; returns the time it added.
  const add = (id: number, into: Building): number => {
    const n = byId.get(id);
    if (!n || seen.has(id) || n.callFrame.functionName === IDLE) return 0;
    seen.add(id);
    const k = keyOf(n.callFrame);
    let b = into.children.get(k);
    if (!b) into.children.set(k, (b = make(n.callFrame)));
    const own = selfUs.get(id) ?? 0;
    b.selfUs += own;
    let total = own;
    for (const c of n.children ?? []) total += add(c, b);
    b.totalUs += total;
    return total;
  };
  const childIds = new Set(p.nodes.flatMap((n) => n.children ?? []));
  const tops = p.nodes.filter((n) => !childIds.has(n.id));
  if (kernel) {
    // The outermost loop frames on each path: their subtrees are the kernel's calls.
    const loops: number[] = [];
    const find = (id: number, path: Set<number>) => {
      const n = byId.get(id);
      if (!n || path.has(id)) return;
      if (under.includes(n.callFrame.functionName)) return void loops.push(id);
      path.add(id);
      for (const c of n.children ?? []) find(c, path);
      path.delete(id);
    };
    for (const t of tops) find(t.id, new Set());
    for (const id of loops) root.totalUs += add(id, root);
  } else {
    // The profile's own root frame becomes the tree's root.
    for (const t of tops) {
      root.selfUs += selfUs.get(t.id) ?? 0;
      root.totalUs += selfUs.get(t.id) ?? 0;
      seen.add(t.id);
      for (const c of t.children ?? []) root.totalUs += add(c, root);
    }
  }
  const frames: FlameFrame[] = [];
  let cut = false;
  const floorUs = root.totalUs * minShare;
  const emit = (b: Building, depth: number) => {
    const line = frameLine(b.frame);
    frames.push({
      name: b.frame.functionName || '(anonymous)',
      ...(b.frame.url ? { url: b.frame.url } : {}),
      ...(line !== null ? { line } : {}),
      depth,
      selfNs: Math.round(b.selfUs * 1000),
      totalNs: Math.round(b.totalUs * 1000),
    });
    const kids = [...b.children.values()].filter((c) => c.totalUs > 0);
    if (kids.length === 0) return;
    if (depth + 1 > maxDepth) return void (cut = true);
    kids.sort((x, y) => y.totalUs - x.totalUs || x.key.localeCompare(y.key));
    const small = kids.filter((c) => c.totalUs < floorUs);
    for (const c of kids) if (c.totalUs >= floorUs) emit(c, depth + 1);
    if (small.length) {
      const ns = Math.round(small.reduce((t, c) => t + c.totalUs, 0) * 1000);
      frames.push({ name: SMALLER, depth: depth + 1, selfNs: ns, totalNs: ns, merged: small.length });
    }
  };
  emit(root, 0);
  return { minShare, maxDepth, cut, frames };
}
