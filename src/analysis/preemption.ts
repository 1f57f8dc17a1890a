// Preempted batches (marked by the engine, src/engine/preemption.ts) are left out of every
// estimate and were measured again. Here they are counted, how many and why,
// and when they are so common that the clean batches may be a biased remainder (a kernel
// whose larger batches never fit in a time slice keeps only its small ones), the result is
// flagged `contended` (src/report/details.ts says what to do about it). Preemption alone is not bias: the clean
// batches of a well-replaced run measured 2.007 for a 2× kernel with two CPU hogs on two
// vCPUs and 37 % of batches preempted (docs/measurements.md, "Contention").

import type { Batch, ForkResult, PreemptionCause } from '../results/schema.js';
import { MAX_REMEASURES } from '../results/fork-schema.js';
import type { DetailValues } from '../results/detail-schema.js';

/** Share of preempted batches from which a result is flagged contended. */
export const CONTENDED_SHARE = 0.5;
/** Share of planned batches left without one clean measurement from which it is flagged too. */
export const UNREPLACED_SHARE = 0.1;

export interface PreemptionReport {
  preempted: number;
  total: number;
  byCause: Partial<Record<PreemptionCause, number>>;
  /** Planned batches whose every attempt was preempted: their size has no clean batch there. */
  unreplaced: number;
  /** Planned batches (clean ones plus unreplaced ones). */
  planned: number;
  /** Half the batches preempted, or a tenth of the planned ones never measured clean. */
  contended: boolean;
}

export function assessPreemption(forks: readonly ForkResult[]): PreemptionReport | null {
  let preempted = 0;
  let total = 0;
  let unreplaced = 0;
  const byCause: Partial<Record<PreemptionCause, number>> = {};
  for (const f of forks) {
    for (const b of f.batches) {
      total++;
      if (!b.preempted) continue;
      preempted++;
      byCause[b.preempted] = (byCause[b.preempted] ?? 0) + 1;
    }
    unreplaced += unreplacedIn(f.batches);
  }
  if (preempted === 0) return null;
  const planned = total - preempted + unreplaced;
  const contended = preempted / total >= CONTENDED_SHARE || unreplaced / planned >= UNREPLACED_SHARE;
  return { preempted, total, byCause, unreplaced, planned, contended };
}

/**
 * The planned batches of one process whose every attempt was preempted. The engine measures a
 * preempted batch again at its size after its round's planned batches, up to MAX_REMEASURES times,
 * and a round plans each size once (src/engine/sampler.ts): so among the batches of one size, in
 * order, each planned batch is a chain of preempted attempts ended by a clean one, or
 * 1 + MAX_REMEASURES preempted ones. A stretch of r preempted attempts before a clean batch holds
 * ⌊r / (1 + MAX_REMEASURES)⌋ chains that never ran clean; a stretch at the end, ⌈r / (1 + MAX_REMEASURES)⌉.
 */
export function unreplacedIn(batches: readonly Pick<Batch, 'iterations' | 'preempted'>[]): number {
  const chain = 1 + MAX_REMEASURES;
  const stretch = new Map<number, number>();
  let n = 0;
  for (const b of batches) {
    const r = stretch.get(b.iterations) ?? 0;
    if (b.preempted) stretch.set(b.iterations, r + 1);
    else {
      n += Math.floor(r / chain);
      stretch.set(b.iterations, 0);
    }
  }
  for (const r of stretch.values()) n += Math.ceil(r / chain);
  return n;
}

/** The report as a detail's values: counts by cause, and whether the run was contended. */
export function preemptionValues(r: PreemptionReport): DetailValues['preempted'] {
  return {
    preempted: r.preempted,
    total: r.total,
    involuntarySwitch: r.byCause['involuntary-switch'] ?? 0,
    migration: r.byCause.migration ?? 0,
    offCpu: r.byCause['off-cpu'] ?? 0,
    unreplaced: r.unreplaced,
    planned: r.planned,
    contended: r.contended,
  };
}
