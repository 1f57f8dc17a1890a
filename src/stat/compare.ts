// A/B verdicts per metric. The ratio is mean(contender) / mean(baseline) with a Welch
// t-interval on its logarithm over the runs (statistics/t-intervals.ts; runs are independent
// units). Chosen by seeded simulation (bench/statistics/coverage.ts): the percentile bootstrap
// it replaces called 20 % / 12 % of A/A pairs different with 2 / 3 runs per command; the Welch
// interval stays at or below α from 2 runs, also for skewed run times (docs/measurements.md).
// Verdicts (statistics/threshold.ts intervalVerdict): the CI excludes 1 AND the change exceeds the
// noise threshold → faster/slower (lower is better for every metric here: time, counts, memory);
// the whole CI inside ±threshold → no-difference; any other CI → cannot-tell, with about how many
// runs would settle it; fewer than MIN_RUNS_FOR_VERDICT runs on a side → too-few; a failed run or
// a missing metric on either side → incomparable. The rows are printed together (every metric of
// every contender), so faster/slower holds at a family-wise level: a row whose test Holm's
// procedure over every tested row does not reject says cannot tell (compareAll).

import { holmRejects } from '../statistics/holm.js';
import { pEquals } from '../statistics/p-value.js';
import { intervalPValue, ratioInterval } from '../statistics/t-intervals.js'; // not statistics/index.js: start-up
import { intervalVerdict, MAX_UNITS_ADVICE, unitsToResolve, withinNoiseReason } from '../statistics/threshold.js';
import { percent } from '../text/format.js';
import { METRICS } from './metrics.js';
import type { CommandResult, CommandComparison, MetricName } from './types.js';
import { DEFAULT_CONFIDENCE, DEFAULT_NOISE_THRESHOLD } from '../defaults.js';

export { DEFAULT_NOISE_THRESHOLD };
/** Fewer successful runs than this per side give no interval, so no verdict ('too-few'). */
export const MIN_RUNS_FOR_VERDICT = 2;

/** How `stat` compares two commands. */
export interface CommandCompareOptions {
  noiseThreshold?: number;
}

const mean = (v: readonly number[]): number => v.reduce((s, x) => s + x, 0) / v.length;

function valuesOf(c: CommandResult, m: MetricName): number[] {
  return c.runs
    .filter((r) => r.ok && !r.warmup)
    .map((r) => r.values[m])
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

export function compareMetric(
  base: CommandResult,
  cont: CommandResult,
  indices: [number, number],
  metric: MetricName,
  opts: CommandCompareOptions = {},
): CommandComparison {
  const threshold = opts.noiseThreshold ?? DEFAULT_NOISE_THRESHOLD;
  const head = { baseline: indices[0], contender: indices[1], metric };
  const incomparable = (reason: string): CommandComparison => ({
    ...head,
    ratio: null,
    ci95: null,
    verdict: 'incomparable',
    reason,
  });
  for (const [c, i] of [
    [base, indices[0]],
    [cont, indices[1]],
  ] as const) {
    const failed = c.failures.filter((f) => !f.warmup).length;
    if (failed > 0) return incomparable(`command ${i + 1} failed in ${failed} run(s)`);
  }
  const a = valuesOf(base, metric);
  const b = valuesOf(cont, metric);
  if (a.length === 0 || b.length === 0) return incomparable('metric missing');
  // A ratio needs both means above 0; the reason names the side whose mean is not.
  const zero = [mean(a) > 0 ? null : 'baseline', mean(b) > 0 ? null : 'contender'].filter((x) => x !== null);
  if (zero.length) return incomparable(`${zero.length === 2 ? 'both means are' : `${zero[0]} mean is`} 0: no ratio`);
  if (a.length < MIN_RUNS_FOR_VERDICT || b.length < MIN_RUNS_FOR_VERDICT) {
    const have = `have ${a.length} and ${b.length}`;
    const reason = `too few runs for a verdict (need ${MIN_RUNS_FOR_VERDICT} per command, ${have})`;
    return { ...head, ratio: mean(b) / mean(a), ci95: null, verdict: 'too-few', reason };
  }
  const ci = ratioInterval(a, b, DEFAULT_CONFIDENCE);
  if (!Number.isFinite(ci.point) || !Number.isFinite(ci.ciLow) || !Number.isFinite(ci.ciHigh))
    return incomparable('the ratio or its interval is undefined');
  const pValue = intervalPValue(ci, DEFAULT_CONFIDENCE);
  const out = {
    ...head,
    ratio: ci.point,
    ci95: [ci.ciLow, ci.ciHigh] as [number, number],
    ...(Number.isFinite(pValue) ? { pValue } : {}),
  };
  const verdict = intervalVerdict(ci.point, ci.ciLow, ci.ciHigh, threshold);
  const includesOne = ci.ciLow <= 1 && ci.ciHigh >= 1;
  if (verdict === 'cannot-tell') {
    const needed = unitsToResolve(
      ci.point,
      ci.ciLow,
      ci.ciHigh,
      Math.min(a.length, b.length),
      threshold,
      DEFAULT_CONFIDENCE,
    );
    const advice =
      needed === null
        ? `more than ${MAX_UNITS_ADVICE} runs a command would be needed: not reachable here`
        : `about ${needed} runs a command (--runs) would settle it`;
    const what = includesOne ? 'includes 1' : 'excludes 1';
    return {
      ...out,
      verdict,
      reason: `cannot tell: CI of the ratio ${what} but reaches beyond ±${percent(threshold, 2)}; ${advice}`,
    };
  }
  if (verdict === 'no-difference')
    return {
      ...out,
      verdict,
      reason: includesOne
        ? `CI of the ratio inside ±${percent(threshold, 2)}`
        : withinNoiseReason(ci.point - 1, threshold),
    };
  return { ...out, verdict, reason: 'CI of the ratio excludes 1' };
}

/**
 * Every contender (index ≥ 1) against the first command, for every metric either side
 * measured. Metrics neither side could measure are already reported as not supported;
 * when every run failed, the always-available metrics still get an 'incomparable' row.
 */
export function compareAll(commands: CommandResult[], opts: CommandCompareOptions = {}): CommandComparison[] {
  const out: CommandComparison[] = [];
  for (let j = 1; j < commands.length; j++) {
    const pair = [commands[0], commands[j]];
    for (const def of METRICS) {
      const measured = pair.some((c) => def.name in c.metrics);
      const unsupported = pair.some((c) => def.name in c.unsupported);
      if (!measured && (unsupported || def.event)) continue;
      out.push(compareMetric(commands[0], commands[j], [0, j], def.name, opts));
    }
  }
  return familyWise(out, 1 - DEFAULT_CONFIDENCE);
}

/**
 * The rows at a family-wise level `alpha`: a faster/slower row whose test Holm's procedure over
 * every tested row does not reject becomes cannot-tell, its own verdict and p in the reason. Eight
 * metrics of two runs of one command, each at its own 95 %, printed a faster or slower row in
 * about a third of seeded runs (test/stat/family.test.ts).
 */
function familyWise(rows: CommandComparison[], alpha: number): CommandComparison[] {
  const tested = rows.filter((r) => r.pValue !== undefined);
  if (tested.length < 2) return rows;
  const rejects = holmRejects(
    tested.map((r) => r.pValue!),
    alpha,
  );
  const held = new Set(tested.filter((_, i) => rejects[i]));
  return rows.map((r) => {
    if ((r.verdict !== 'faster' && r.verdict !== 'slower') || held.has(r) || r.pValue === undefined) return r;
    const level = percent(alpha, 0);
    return {
      ...r,
      verdict: 'cannot-tell',
      reason:
        `cannot tell: ${r.verdict} on its own (p ${pEquals(r.pValue)}), but not among the ` +
        `${tested.length} compared metrics (Holm, family-wise ${level})`,
    };
  });
}
