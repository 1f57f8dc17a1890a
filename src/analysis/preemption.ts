// Preempted batches (marked by the engine, src/engine/preemption.ts) are left out of every
// estimate and were measured again. Here they are counted: one line says how many and why,
// and when they are so common that the clean batches may be a biased remainder (a kernel
// whose larger batches never fit in a time slice keeps only its small ones), the result is
// flagged `contended` with what to do about it.

import type { ForkResult, PreemptionCause } from '../results/schema.js';

/** Share of preempted batches from which a result is flagged contended. */
export const CONTENDED_SHARE = 0.25;

export interface PreemptionReport {
  preempted: number;
  total: number;
  byCause: Partial<Record<PreemptionCause, number>>;
  /** At least CONTENDED_SHARE of the batches were preempted. */
  contended: boolean;
}

const CAUSE_TEXT: Record<PreemptionCause, string> = {
  'involuntary-switch': 'involuntary context switch',
  migration: 'migration',
  'off-cpu': 'off-CPU time',
};

export function assessPreemption(forks: readonly ForkResult[]): PreemptionReport | null {
  let preempted = 0;
  let total = 0;
  const byCause: Partial<Record<PreemptionCause, number>> = {};
  for (const f of forks)
    for (const b of f.batches) {
      total++;
      if (!b.preempted) continue;
      preempted++;
      byCause[b.preempted] = (byCause[b.preempted] ?? 0) + 1;
    }
  if (preempted === 0) return null;
  return { preempted, total, byCause, contended: preempted / total >= CONTENDED_SHARE };
}

export function describePreemption(r: PreemptionReport): string {
  const causes = (Object.entries(r.byCause) as [PreemptionCause, number][])
    .map(([c, n]) => `${n} ${CAUSE_TEXT[c]}`)
    .join(', ');
  const share = `${((r.preempted / r.total) * 100).toFixed(0)} %`;
  const head = `${r.preempted} of ${r.total} batches (${share}) were preempted (${causes}), left out and measured again`;
  return r.contended
    ? `contended: ${head}; the CPU was shared for much of the run: close other programs, choose a quiet CPU ` +
        'with --cpu, or add processes (--forks)'
    : head;
}
