// Suite-level error control of a CI gate: with N benchmarks compared, the chance that unchanged
// code fails the gate stays at most α (1 - confidence), not up to 1 - (1 - α)^N (65 % for 50
// benchmarks at α = 5 %), by Holm's procedure (src/statistics/holm.ts) over the p-values of the
// tests the ratio intervals invert (VerdictResult.ciPValue).
import { holmRejects } from '../statistics/holm.js';
import { trimmedPercent } from '../text/format.js';
import type { AnalysisDetail } from '../results/schema.js';
import type { Comparison } from './types.js';

/**
 * A row whose test counts in the family: it has a p-value and was compared. A row found
 * incomparable after its interval was computed (a changed environment) keeps its p but was not
 * compared: counted, it would lower the level the compared rows are held to.
 */
export const isTested = (c: Comparison): boolean =>
  typeof c.ciPValue === 'number' && c.verdict !== 'incomparable' && c.verdict !== 'too-few';

/**
 * The rows' verdicts at a family-wise level: a row called faster or slower at its own level whose
 * test Holm's procedure over every tested row does not reject becomes 'cannot-tell', with the
 * reason (`not-after-adjustment`) naming its own p and the family. Two runs of unchanged code
 * compared over N benchmarks then print a faster/slower verdict with probability at most α
 * whatever N is, where each row at its own level gives one with probability up to
 * 1 - (1 - α)^N (18.5 % for four benchmarks at α = 5 %). Rows without a test are unchanged.
 */
export function adjustVerdicts(comparisons: readonly Comparison[], alpha: number, inRun = false): Comparison[] {
  const tested = comparisons.filter(isTested);
  if (tested.length < 2) return [...comparisons];
  const rejects = holmRejects(
    tested.map((c) => c.ciPValue as number),
    alpha,
  );
  const held = new Set(tested.filter((_, i) => rejects[i]));
  return comparisons.map((c) => {
    if (!(c.verdict === 'faster' || c.verdict === 'slower') || held.has(c) || typeof c.ciPValue !== 'number') return c;
    const because: AnalysisDetail = {
      code: 'not-after-adjustment',
      severity: 'warning',
      values: { verdict: c.verdict, pValue: c.ciPValue, family: tested.length, alpha, ...(inRun ? { inRun } : {}) },
    };
    // The reason the row's own verdict carried (a rank test's doubt) stays as a note.
    return { ...c, verdict: 'cannot-tell', because, details: c.because ? [c.because, ...c.details] : c.details };
  });
}

export interface SuiteGate {
  /** Comparisons with a test (a p-value): the family the level is adjusted over. */
  family: number;
  /** Slower beyond the threshold, and significant after Holm: these fail the gate. */
  regressions: Comparison[];
  /** Slower beyond the threshold at the row's own level, but not after Holm: named; they pass, or fail as unsure with `unsureFails`. */
  notAfterAdjustment: Comparison[];
  alpha: number;
  /** The gate fails on rows it cannot tell about (`,cannot-tell`): then `notAfterAdjustment` fails it too. */
  unsureFails?: boolean;
}

/** Regressions of a suite: 'slower' by more than `threshold` and rejected by Holm over every tested comparison. */
export function suiteRegressions(comparisons: readonly Comparison[], threshold: number, alpha: number): SuiteGate {
  const tested = comparisons.filter(isTested);
  const rejects = holmRejects(
    tested.map((c) => c.ciPValue as number),
    alpha,
  );
  const held = new Set(tested.filter((_, i) => rejects[i]));
  // A row the table already holds to the family-wise level (adjustVerdicts) says cannot-tell and
  // keeps its own level's verdict in its reason: it was slower at its own level.
  const slower = comparisons.filter(
    (c) => (c.verdict === 'slower' || slowerOnItsOwn(c)) && c.ratio !== null && c.ratio.point > 1 + threshold,
  );
  return {
    family: tested.length,
    // A slower row without a p-value (none of the comparisons here lack one) is kept as a regression.
    regressions: slower.filter((c) => held.has(c) || !isTested(c)),
    notAfterAdjustment: slower.filter((c) => isTested(c) && !held.has(c)),
    alpha,
  };
}

/** A row faster or slower at its own level that the family-wise level made cannot-tell (adjustVerdicts). */
export function notAfterAdjustment(c: Comparison): 'faster' | 'slower' | null {
  return c.verdict === 'cannot-tell' && c.because?.code === 'not-after-adjustment' ? c.because.values.verdict : null;
}

const slowerOnItsOwn = (c: Comparison) => notAfterAdjustment(c) === 'slower';

/** "… (Holm over 50 comparisons)": how the gate's level was adjusted; null when nothing was tested. */
export function adjustmentLine(g: SuiteGate): string | null {
  if (g.family === 0) return null;
  const level = trimmedPercent(g.alpha);
  return g.family > 1
    ? `regressions judged at a family-wise level of ${level} (Holm over ${g.family} comparisons)`
    : `regressions judged at ${level} (1 comparison: no adjustment)`;
}
