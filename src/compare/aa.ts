// A/A check: the same benchmark measured as two arms in separate,
// interleaved processes (orchestrator/schedule.ts `interleavedArms`). The verdict should be
// "no-difference"; the smallest relative difference this setup can detect at 80 % power tells
// the user what the machine can resolve before they believe a 3 % win (src/report/aa-text.ts words it).
//
// Detectable difference: that of the verdict's own test, the Welch test of the log ratio over
// processes (statistics/welch-power.ts), with n processes per arm and the per-process CV pooled
// over both arms. It needs >= 2 processes per arm.

import { processStatistic } from '../analysis/fork-fit.js';
import type { ForkResult, Statistic } from '../results/schema.js';
import { describe } from '../statistics/describe.js';
import { DEFAULT_COMPARE_SETTINGS, type CompareSettings, type VerdictResult } from './types.js';
import { verdictForForks } from './verdict.js';
import { welchDetectableDifference } from '../statistics/welch-power.js';

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

function processCv(arms: readonly (readonly ForkResult[])[], statistic: Statistic): number | null {
  const vars: number[] = [];
  // The processes the verdict rests on (the run's slow and odd marks), so the detectable difference matches it.
  for (const forks of arms.map((arm) => measuredForks(arm))) {
    const points = forks.map((f) => processStatistic(f, statistic)).filter(Number.isFinite);
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
  const mdd = cv === null ? null : welchDetectableDifference(cv, n, 1 - s.confidence, power);
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
