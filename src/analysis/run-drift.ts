// A run whose machine changed speed while it ran. A run adds processes to a benchmark when its
// planned ones disagree (src/analysis/more-processes.ts); the added ones run after every
// planned process of the run, minutes later on a long suite. When the two stages read
// significantly different values, the run's processes are not draws from one state of the
// machine, and an interval over them, however narrow one side is, does not cover what the next
// run will read. Seen on a shared 2-vCPU guest (docs/measurements.md, "Allocating kernels through
// the gate"): a run of four allocating kernels whose planned processes of JSON.parse read 805–1,076 ns
// and whose added ones read 1,464–1,812 ns, as every other benchmark of that run did after the same
// moment, compared as "27 % faster" (p 0.034) against an unchanged run of the same code.
//
// The rule: a verdict compared against a drifted side must hold against each of its stages on
// its own (the other side whole); if one stage gives another verdict, the answer is 'cannot-tell'
// and the detail says which side changed and by how much. Stages are compared by the Welch test of
// the log ratio (statistics/t-intervals.ts), the same test the verdict uses, at DRIFT_ALPHA.

import type { AnalysisDetail } from '../results/schema.js';
import { detail, type Side } from '../results/detail-schema.js';
import { intervalPValue, ratioInterval } from '../statistics/t-intervals.js';
import { intervalVerdict } from '../statistics/threshold.js';

/**
 * Level of the stage-agreement test. Higher than a verdict's own α would be bolder, lower would
 * let more drifted runs through; 0.05 calls 5 % of undrifted two-stage sides drifted, and those
 * lose only verdicts that do not hold against each stage anyway.
 */
export const DRIFT_ALPHA = 0.05;

/** A side whose added processes read differently from its planned ones. */
export interface StageDrift {
  side: Side;
  /** Index (into the side's values) of each planned and each added process. */
  planned: number[];
  added: number[];
  /** Mean of the statistic over each stage. */
  plannedMean: number;
  addedMean: number;
  pValue: number;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The drift of one side: null unless it has 2 or more processes in each stage and the stages
 * differ at DRIFT_ALPHA. `first[i]` marks a planned process (absent: nothing was added).
 */
export function stageDrift(
  values: readonly number[],
  first: readonly boolean[] | undefined,
  side: Side,
  confidence: number,
): StageDrift | null {
  if (!first) return null;
  const planned = values.map((_, i) => i).filter((i) => first[i]);
  const added = values.map((_, i) => i).filter((i) => !first[i]);
  if (planned.length < 2 || added.length < 2) return null;
  const [p, a] = [planned.map((i) => values[i]), added.map((i) => values[i])];
  if (![...p, ...a].every((x) => Number.isFinite(x) && x > 0)) return null;
  const t = ratioInterval(p, a, confidence);
  const pValue = intervalPValue(t, confidence);
  if (!(pValue < DRIFT_ALPHA)) return null;
  return { side, planned, added, plannedMean: mean(p), addedMean: mean(a), pValue };
}

/**
 * Does `verdict` hold against each stage of every drifted side? Each stage (the other side
 * whole) gives its own ratio interval; the first stage whose verdict differs is returned as the
 * detail that makes the answer 'cannot-tell', null when every stage agrees.
 */
export function driftDetail(
  verdict: 'faster' | 'slower' | 'no-difference',
  values: readonly [readonly number[], readonly number[]],
  drifts: readonly StageDrift[],
  threshold: number,
  confidence: number,
): AnalysisDetail | null {
  for (const d of drifts) {
    const s = d.side === 'baseline' ? 0 : 1;
    for (const stage of [d.planned, d.added]) {
      const part = stage.map((i) => values[s][i]);
      const [base, contender] = s === 0 ? [part, values[1]] : [values[0], part];
      const t = ratioInterval(base, contender, confidence);
      const v = Number.isFinite(t.ciLow) ? intervalVerdict(t.point, t.ciLow, t.ciHigh, threshold) : 'cannot-tell';
      if (v !== verdict)
        return detail('run-drifted', {
          side: d.side,
          planned: d.planned.length,
          added: d.added.length,
          plannedMean: d.plannedMean,
          addedMean: d.addedMean,
          pValue: d.pValue,
          verdict,
        });
    }
  }
  return null;
}
