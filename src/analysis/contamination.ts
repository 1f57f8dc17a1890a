// Contaminated batches: a batch that overlapped a GC, a CPU migration, a context
// switch or a page fault is counted per kind, never dropped from the main estimate; the
// estimate is recomputed on the batches clean of that kind and the relative change reported,
// so the reader sees both how many batches were hit and whether it matters.

import type { Batch, Flag, Statistic } from '../results/schema.js';
import { pooledStatistic } from './fork-fit.js';

interface Kind {
  flag: Flag;
  hit: (b: Batch) => boolean;
}

export const CONTAMINATION_KINDS: readonly Kind[] = [
  { flag: 'gc-during-batches', hit: (b) => b.gc > 0 },
  {
    flag: 'migrations',
    hit: (b) => b.migrations > 0 || (b.cpuStart >= 0 && b.cpuEnd >= 0 && b.cpuStart !== b.cpuEnd),
  },
  { flag: 'context-switches', hit: (b) => b.contextSwitches > 0 },
  { flag: 'page-faults', hit: (b) => b.pageFaults > 0 },
];

/** The kinds a batch's own counters show (GC, context switches, migrations): what plots mark. */
export const COUNTED_KINDS: readonly Kind[] = CONTAMINATION_KINDS.filter((k) =>
  ['gc-during-batches', 'context-switches', 'migrations'].includes(k.flag),
);

/** The one contamination predicate: the batch was hit by one of `kinds` (default: every kind). */
export function isContaminated(b: Batch, kinds: readonly Kind[] = CONTAMINATION_KINDS): boolean {
  return kinds.some((k) => k.hit(b));
}

export interface ContaminationReport {
  flag: Flag;
  batches: number;
  total: number;
  /** Headline statistic on the clean batches only; null when too few remain. */
  cleanPoint: number | null;
  /** cleanPoint / point - 1; null when not recomputable. */
  relativeChange: number | null;
}

/** Counts each kind of contamination and re-estimates without it. */
export function assessContamination(
  groups: readonly (readonly Batch[])[],
  statistic: Statistic,
  /** The processes timed their own samples (fork-fit.ts fitFork). */
  manual: boolean,
  point: number,
): ContaminationReport[] {
  const total = groups.reduce((s, g) => s + g.length, 0);
  const out: ContaminationReport[] = [];
  for (const kind of CONTAMINATION_KINDS) {
    const hits = groups.reduce((s, g) => s + g.filter(kind.hit).length, 0);
    if (hits === 0) continue;
    // Keep the processes that still have at least 2 clean batches and a finite statistic.
    const clean = groups
      .map((g) => g.filter((b) => !kind.hit(b)))
      .filter((g) => g.length >= 2 && Number.isFinite(pooledStatistic([g], statistic, manual)));
    const cleanPoint = clean.length > 0 ? pooledStatistic(clean, statistic, manual) : null;
    out.push({
      flag: kind.flag,
      batches: hits,
      total,
      cleanPoint,
      relativeChange: cleanPoint === null || point === 0 ? null : cleanPoint / point - 1,
    });
  }
  return out;
}
