// Preempted batches (marked by the engine, src/engine/preemption.ts) are left out of every
// estimate and were measured again. Here they are counted, how many and why,
// and when they are so common that the clean batches may be a biased remainder (a kernel
// whose larger batches never fit in a time slice keeps only its small ones), the result is
// flagged `contended` (src/report/details.ts says what to do about it). Preemption alone is not bias: the clean
// batches of a well-replaced run measured 2.007 for a 2× kernel with two CPU hogs on two
// vCPUs and 37 % of batches preempted (docs/measurements.md, "Contention").

import type { ForkResult, PreemptionCause } from '../results/schema.js';
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
  for (const f of forks)
    f.batches.forEach((b, i) => {
      total++;
      if (!b.preempted) return;
      preempted++;
      byCause[b.preempted] = (byCause[b.preempted] ?? 0) + 1;
      // The engine measures a preempted batch again right after it, at the same size; the
      // last attempt of a chain that stayed preempted leaves its planned batch unreplaced.
      if (f.batches[i + 1]?.iterations !== b.iterations) unreplaced++;
    });
  if (preempted === 0) return null;
  const planned = total - preempted + unreplaced;
  const contended = preempted / total >= CONTENDED_SHARE || unreplaced / planned >= UNREPLACED_SHARE;
  return { preempted, total, byCause, unreplaced, planned, contended };
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
