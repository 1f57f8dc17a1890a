// Hardware/software counters per operation: each counter's delta per batch is
// regressed on iterations (per process, a repeated median slope over the median count of each
// batch size: counts have no preemption tail, but a batch that also ran a collection or a compile
// counts its instructions once, which a least-squares slope over a few batches spreads into every
// operation; mean over processes).
// The interval is built like the headline's (headline-ci.ts): a t-interval over the per-process
// slopes with 2 or more processes (the process is the unit of independence; the hierarchical
// bootstrap it replaces under-covers with 3 processes when processes differ more than batches,
// and took ~0.85 s of a default run's analysis), a bootstrap over the batches with one.
// Batches whose counters did not run (countersRunning 0)
// are "not counted", not zero, and are skipped. Derived ratios: IPC = instructions/cycles,
// cache-miss rate = cache-misses/cache-references, branch-miss rate = branch-misses/branches.

import type { Batch, CounterPerOp } from '../results/schema.js';
import type { CounterName } from '../platform/types.js';
import { hierarchicalBootstrap, type BootstrapOptions } from '../statistics/bootstrap.js';
import { meanInterval } from '../statistics/t-intervals.js';
import { DEFAULT_CONFIDENCE } from '../defaults.js';
import { perSizeRepeatedMedianSlope } from '../statistics/robust-slope.js';

export interface CountersSummary {
  perOp: CounterPerOp[];
  /** Events whose per-op interval lies wholly below zero: a count or time per operation never does. */
  omitted?: { event: CounterName; perOp: number }[];
  ipc?: number;
  cacheMissRate?: number;
  branchMissRate?: number;
}

type Point = [iterations: number, value: number];

/** The slope only (a one-process bootstrap calls it for every resample). */
function slopeOf(points: readonly Point[]): number {
  return perSizeRepeatedMedianSlope(
    points.map((p) => p[0]),
    points.map((p) => p[1]),
  );
}

function meanSlope(groups: readonly (readonly Point[])[]): number {
  let s = 0;
  for (const g of groups) s += slopeOf(g);
  return s / groups.length;
}

function pointsFor(batches: readonly Batch[], event: CounterName): Point[] {
  const pts: Point[] = [];
  for (const b of batches) {
    const v = b.counters?.[event];
    if (v === undefined || !Number.isFinite(v) || b.countersRunning === 0) continue;
    pts.push([b.iterations, v]);
  }
  return pts;
}

function ratio(num: CounterPerOp | undefined, den: CounterPerOp | undefined): number | undefined {
  if (!num || !den || !(den.perOp > 0)) return undefined;
  return num.perOp / den.perOp;
}

/** Per-op counters over processes; undefined when no batch carries counters. */
export function countersPerOp(
  groups: readonly (readonly Batch[])[],
  opts: BootstrapOptions,
): CountersSummary | undefined {
  const events = new Set<CounterName>();
  for (const g of groups)
    for (const b of g) for (const k of Object.keys(b.counters ?? {})) events.add(k as CounterName);
  if (events.size === 0) return undefined;
  const perOp: CounterPerOp[] = [];
  const omitted: { event: CounterName; perOp: number }[] = [];
  for (const event of [...events].sort()) {
    const pts = groups.map((g) => pointsFor(g, event)).filter((g) => g.length >= 2 && Number.isFinite(slopeOf(g)));
    if (pts.length === 0) continue;
    // A count that never changed (no context switch in any batch) has slope 0 in every resample.
    const constant = pts.every((g) => g.every((p) => p[1] === pts[0][0][1]));
    const ci = constant
      ? { point: 0, ciLow: 0, ciHigh: 0 }
      : pts.length >= 2
        ? meanInterval(pts.map(slopeOf), opts.confidence ?? DEFAULT_CONFIDENCE)
        : hierarchicalBootstrap(pts, meanSlope, opts);
    // A count per operation is never negative. A slope below zero whose interval reaches zero
    // is zero within the noise; one whose whole interval is below zero means the counter did
    // not follow the work, and is left out with a note.
    if (ci.ciHigh < 0) omitted.push({ event, perOp: ci.point });
    else perOp.push({ event, perOp: Math.max(0, ci.point), ciLow: Math.max(0, ci.ciLow), ciHigh: ci.ciHigh });
  }
  const by = (e: CounterName): CounterPerOp | undefined => perOp.find((p) => p.event === e);
  const out: CountersSummary = { perOp, ...(omitted.length ? { omitted } : {}) };
  const ipc = ratio(by('instructions'), by('cycles'));
  const cmr = ratio(by('cache-misses'), by('cache-references'));
  const bmr = ratio(by('branch-misses'), by('branches'));
  if (ipc !== undefined) out.ipc = ipc;
  if (cmr !== undefined) out.cacheMissRate = cmr;
  if (bmr !== undefined) out.branchMissRate = bmr;
  return out;
}
