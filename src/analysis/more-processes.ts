// More processes for a benchmark whose processes disagree. A process can settle in a state that
// lasts its whole life and that its batches cannot show: compiled code laid out or tiered
// differently, a slow host spell. On this VM one run read a kernel at 1.3, 1.4 and 1.04 µs in
// its three processes while the yardstick was normal in all three (docs/measurements.md,
// "Contention"): the t-interval over three values was ±40 %. Three more processes make the
// interval honest about such a mix and often much narrower.
//
// The rule is two-stage and looks at the spread only, once: after the planned processes, a
// benchmark whose headline CI half-width is above DISAGREE_ABOVE gets more processes, as many as
// Stein's two-stage procedure asks for that half-width (Stein 1945): with k planned processes
// whose interval is ±h, n = ⌈k·(h / DISAGREE_ABOVE)²⌉ in all, at most the maximum. The final
// interval is the two-stage one of src/analysis/headline-ci.ts, exact under normality whatever n
// the first stage's sd chose (here n follows the sd relative to the first stage's mean, close to
// that), so adding fewer processes for a near miss keeps the coverage
// (test/analysis/more-processes.test.ts checks it by simulation). Adding the planned count
// again whatever the miss spent a whole pass on a benchmark at ±10.5 %.

import { relativeHalfWidth } from './half-width.js';
import type { AnalysisDetail, Headline } from '../results/schema.js';

/**
 * A headline CI half-width above this (relative) after the planned processes asks for more. With
 * 3 processes the t quantile is 4.3, so ordinary process-to-process differences of 2-4 % already
 * give ±5-9 % (the eight cost kernels of bench/engine/cost.ts on this VM at load 1); a threshold
 * there would add processes to half of them and cost ~1.5x. At ±10 % it takes a process ~20 % off.
 */
export const DISAGREE_ABOVE = 0.1;

/** Whether a benchmark's planned processes disagree enough to add processes. */
export function processesDisagree(h: Pick<Headline, 'point' | 'ciLow' | 'ciHigh'> | null): boolean {
  if (h === null) return false;
  return relativeHalfWidth(h) > DISAGREE_ABOVE;
}

/**
 * Whether the planned processes' spread chose how many were added (Stein's count, their
 * half-width above `above`), as opposed to replacing processes that ran slow alone. Only then is
 * the final interval two-stage, and only then do the words say the results disagreed. `above`
 * is the threshold the run recorded with its processes, DISAGREE_ABOVE for this build.
 */
export function spreadChoseCount(added: { halfWidth: number; above?: number }): boolean {
  // Written as "not within": a half-width read back as NaN (an infinite one is null in JSON, and
  // a file without the field has none) means the spread could not be bounded, so it chose.
  return !(added.halfWidth <= (added.above ?? DISAGREE_ABOVE));
}

/**
 * How many processes to add to `planned` whose headline is `h`: none when they agree, else
 * Stein's count for a half-width of DISAGREE_ABOVE, at least one and at most `max` in all. One
 * planned process has no spread between processes (its interval is over batches): it gets one more.
 */
export function processesToAdd(
  h: Pick<Headline, 'point' | 'ciLow' | 'ciHigh'> | null,
  planned: number,
  max: number,
): number {
  if (!processesDisagree(h) || max <= planned) return 0;
  if (planned < 2) return 1;
  const half = relativeHalfWidth(h!);
  const n = Number.isFinite(half) ? Math.ceil(planned * (half / DISAGREE_ABOVE) ** 2) : max;
  return Math.max(1, Math.min(max, n) - planned);
}

/**
 * The most processes per benchmark: what the caller asked for, else twice the planned count when
 * the count itself was left at its default, else the planned count (a count given explicitly is
 * the user's decision, and runs that must be comparable process for process keep it).
 */
export function maxProcesses(forks: number, forksGiven: boolean, asked?: number): number {
  if (asked !== undefined) return Math.max(asked, forks);
  return forksGiven ? forks : 2 * forks;
}

/**
 * The detail of a benchmark that got more processes (worded by src/report/details.ts); `kept` of
 * them carry the estimate (the others were left out as slow or odd); `replaced` of the planned
 * ones ran slow when the processes were added (src/api/more-processes.ts).
 */
export function addedProcesses(
  planned: number,
  processes: number,
  halfWidth: number,
  kept = processes,
  replaced = 0,
): AnalysisDetail {
  return {
    code: 'processes-added',
    severity: 'info',
    values: { planned, processes, halfWidth, above: DISAGREE_ABOVE, kept, replaced },
  };
}
