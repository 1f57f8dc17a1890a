// The policy of a CI gate: given the comparisons and the gate's settings, which rows fail it and
// whether it passes. Two gates share it: `compare --fail-on` over two result files, and a paired
// run's --fail-on-regression / --fail-on-cannot-tell. Data only; src/report/gate.ts words it.
//
// - A regression is a 'slower' row whose ratio exceeds 1 + threshold and that holds after Holm's
//   adjustment over every compared row (suite-level.ts), so unchanged code fails at most
//   1 - confidence of the time however many benchmarks there are.
// - A 'cannot-tell' row (an interval too wide to judge) passes unless the gate names cannot-tell.
//   A row that cannot tell only after the adjustment is judged by its own level's verdict: faster,
//   or slower within the threshold, passes even then; slower beyond it fails with cannot-tell.
// - A contender that crashed or is missing fails; so does a changed environment unless allowed,
//   and a row whose ratio could not be estimated (no usable batches, a zero time, no counts to
//   compare): the gate would otherwise pass a contender it never checked.
// - A gate that compared nothing has checked nothing and fails, also when every row had too few
//   processes for a verdict; beside compared rows, such rows are listed as unchecked and pass.
import type { DocumentComparison } from './documents.js';
import { notAfterAdjustment, suiteRegressions, type SuiteGate } from './suite-level.js';
import type { Comparison } from './types.js';
import type { Verdict } from '../results/schema.js';

export interface GateSettings {
  /** Slower by more than this fraction fails (`--fail-on regression:5%`: 0.05; `regression`: 0). */
  threshold: number;
  /** Confidence of the comparisons: the family-wise level is 1 - confidence. */
  confidence: number;
  /** 'cannot-tell' rows fail too. */
  failOnCannotTell: boolean;
  /** A changed environment is a caveat, not a failure. */
  allowEnvChange: boolean;
}

export interface GateDecision {
  /** The Holm-adjusted regressions, and the slower rows that do not hold after the adjustment. */
  suite: SuiteGate;
  /** Every 'cannot-tell' row (they fail only with failOnCannotTell). */
  cannotTell: Comparison[];
  /** Incomparable because the contender failed (crashed, contaminated). */
  failedContenders: Comparison[];
  /** Incomparable because no ratio could be estimated for the pair: not checked, and it fails. */
  unestimated: Comparison[];
  /** Benchmarks of the baseline that the contender lacks. */
  missing: string[];
  /** Incomparable because the environment changed (they fail unless allowEnvChange). */
  environment: Comparison[];
  /** Too few processes for a verdict: the gate could not check them. */
  unchecked: Comparison[];
  /** No row could be compared: none were given, or each was incomparable or had too few processes. */
  checkedNothing: boolean;
  failed: boolean;
}

/** Verdict 'slower' and ratio above 1 + threshold, before the suite-level adjustment. */
export function regressions(comparisons: readonly Comparison[], threshold: number): Comparison[] {
  return comparisons.filter((c) => c.verdict === 'slower' && c.ratio !== null && c.ratio.point > 1 + threshold);
}

/** The gate over a comparison of two result files. */
export function decideGate(result: DocumentComparison, s: GateSettings): GateDecision {
  const rows = result.comparisons;
  const incomparable = (cause: Comparison['cause']) =>
    rows.filter((c) => c.verdict === 'incomparable' && c.cause === cause);
  const suite = { ...suiteRegressions(rows, s.threshold, 1 - s.confidence), unsureFails: s.failOnCannotTell };
  // A row that cannot tell only because the family-wise level held back its own verdict is judged by
  // that verdict: faster on its own is no regression, slower on its own within the threshold is
  // none either, and slower beyond it is listed among the regressions that do not hold (suite).
  const cannotTell = rows.filter((c) => c.verdict === 'cannot-tell' && notAfterAdjustment(c) === null);
  const failedContenders = incomparable('contender');
  const unestimated = rows.filter((c) => c.verdict === 'incomparable' && (c.cause === 'estimate' || !c.cause));
  const environment = incomparable('environment');
  const compared = rows.some((c) => c.verdict !== 'incomparable' && c.verdict !== 'too-few');
  const checkedNothing = !compared;
  return {
    suite,
    cannotTell,
    failedContenders,
    unestimated,
    missing: result.onlyBase,
    environment,
    unchecked: rows.filter((c) => c.verdict === 'too-few'),
    checkedNothing,
    failed:
      suite.regressions.length > 0 ||
      (s.failOnCannotTell && (cannotTell.length > 0 || suite.notAfterAdjustment.length > 0)) ||
      failedContenders.length > 0 ||
      unestimated.length > 0 ||
      result.onlyBase.length > 0 ||
      (!s.allowEnvChange && environment.length > 0) ||
      checkedNothing,
  };
}

export interface PairedGateSettings {
  /** A 'slower' row fails. */
  failOnRegression: boolean;
  /** A 'cannot-tell' row fails. */
  failOnCannotTell: boolean;
}

export interface PairedGateDecision {
  /** A gate was asked for. */
  gated: boolean;
  /** Names of the 'slower' rows. */
  slower: string[];
  /** Names of the 'cannot-tell' rows. */
  cannotTell: string[];
  failed: boolean;
}

/**
 * The gate of a paired run, over each row's verdict (undefined: the row has none because it
 * failed, which fails the run itself, not the gate).
 */
export function decidePairedGate(
  rows: readonly { name: string; verdict?: string }[],
  s: PairedGateSettings,
): PairedGateDecision {
  const named = (v: Verdict) => rows.filter((r) => r.verdict === v).map((r) => r.name);
  const slower = named('slower');
  const cannotTell = named('cannot-tell');
  return {
    gated: s.failOnRegression || s.failOnCannotTell,
    slower,
    cannotTell,
    failed: (s.failOnRegression && slower.length > 0) || (s.failOnCannotTell && cannotTell.length > 0),
  };
}
