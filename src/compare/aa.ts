// A/A check: the same benchmark measured as two arms in separate,
// interleaved processes (orchestrator/schedule.ts `interleavedArms`). The verdict should be
// "no-difference"; the smallest relative difference this setup can detect at 80 % power tells
// the user what the machine can resolve before they believe a 3 % win (src/report/aa-text.ts words it).
//
// Detectable difference, consistent with the verdict's interval (verdict.ts): two samples of n
// processes, per-process CV s (pooled over both arms), two-sided level α, power 1 - β:
//   δ = (√(n/(n-1))·t_{1-α/2, 2n-2} + t_{1-β, 2n-2}) · s · √(2/n)
// — the normal-approximation rule (van Belle, "Statistical Rules of Thumb", rule 2.3; as in
// statistics/power.ts) with t quantiles for the small number of processes and Hesterberg's
// small-sample expansion the verdict applies. It needs >= 2 processes per arm.

import { forkStatistic, isUsableBatch } from '../analysis/fork-fit.js';
import type { ForkResult, Statistic } from '../results/schema.js';
import { describe } from '../statistics/describe.js';
import { DEFAULT_COMPARE_SETTINGS, type CompareSettings, type VerdictResult } from './types.js';
import { detectableDifference, verdictForForks } from './verdict.js';

export interface AaResult extends VerdictResult {
  statistic: Statistic;
  processes: [number, number];
  /** Pooled CV of the per-process statistic over both arms; null with < 2 processes per arm. */
  processCv: number | null;
  /** Smallest relative difference detectable at `power`; null with < 2 processes per arm. */
  minimumDetectable: number | null;
  power: number;
  /** True when the verdict is "no-difference", as an A/A check must be ('cannot-tell': undecided, not passed). */
  passed: boolean;
}

import { measuredForks } from '../analysis/slow-processes.js';

export { detectableDifference } from './verdict.js';

function processCv(arms: readonly (readonly ForkResult[])[], statistic: Statistic): number | null {
  const vars: number[] = [];
  // The processes the verdict rests on (the run's slow and odd marks), so the detectable difference matches it.
  for (const forks of arms.map((arm) => measuredForks(arm))) {
    const points = forks.map((f) => forkStatistic(f.batches.filter(isUsableBatch), statistic)).filter(Number.isFinite);
    if (points.length < 2) return null;
    vars.push(describe(points).cv ** 2);
  }
  return Math.sqrt(vars.reduce((s, v) => s + v, 0) / vars.length);
}

export function aaCheck(
  armA: readonly ForkResult[],
  armB: readonly ForkResult[],
  settings: Partial<CompareSettings> = {},
  power = 0.8,
): AaResult {
  const s: CompareSettings = { ...DEFAULT_COMPARE_SETTINGS, ...settings };
  // The arms of one run: its odd-process marks were judged over both arms together.
  const v = verdictForForks(armA, armB, { ...s, oddMarks: true });
  const cv = processCv([armA, armB], v.statistic);
  const n = Math.min(armA.length, armB.length);
  const mdd = cv === null ? null : detectableDifference(cv, n, 1 - s.confidence, power);
  const { minimumDetectable: _m, ...rest } = v;
  return {
    ...rest,
    processes: [armA.length, armB.length],
    processCv: cv,
    minimumDetectable: mdd,
    power,
    passed: v.verdict === 'no-difference',
  };
}
