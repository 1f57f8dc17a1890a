// The words of a CI gate's decision (src/compare/gate.ts): one line each, in the order a reader
// needs them: what could not be checked, how the level was adjusted, which slower rows pass after
// the adjustment, the cannot-tell policy, then every reason the gate fails.
import type { DocumentComparison } from '../compare/documents.js';
import type { GateDecision, GateSettings, PairedGateDecision } from '../compare/gate.js';
import { adjustmentLine, notAfterAdjustment } from '../compare/suite-level.js';
import type { Comparison } from '../compare/types.js';
import { formatPValue } from '../statistics/p-value.js';
import { settingPercent } from '../text/format.js';
import { displayName } from '../compare/match.js';
import { escapeControls } from '../text/terminal-safe.js';
import { comparisonReason } from './details.js';

// As the table names it (args included), with control characters made visible: one line each.
const nameOf = (c: Comparison) => escapeControls(displayName(c));

/**
 * The policy for 'cannot-tell' rows, whenever there are any: they pass by default (an interval
 * too wide to judge is not a regression shown), or fail with --fail-on …,cannot-tell.
 */
export function cannotTellPolicy(rows: readonly Comparison[], failOnCannotTell: boolean): string | null {
  const names = rows.map(nameOf);
  if (names.length === 0) return null;
  const list = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  return failOnCannotTell
    ? `${names.length} benchmark(s) cannot tell (${list}): they fail the gate (--fail-on …,cannot-tell)`
    : `${names.length} benchmark(s) cannot tell (${list}): they pass the gate; add ,cannot-tell to --fail-on to fail them`;
}

/** Why the gate fails, one line each (none: it passes). */
export function gateFailureLines(d: GateDecision, s: GateSettings): string[] {
  const lines: string[] = [];
  const bad = d.suite.regressions;
  if (bad.length)
    lines.push(
      `${bad.length} significant regression(s) beyond ${settingPercent(s.threshold)} ` +
        `(${bad.map(nameOf).join(', ')})`,
    );
  const unsure = d.cannotTell.length + (s.failOnCannotTell ? d.suite.notAfterAdjustment.length : 0);
  if (s.failOnCannotTell && unsure)
    lines.push(`${unsure} benchmark(s) cannot tell, which --fail-on …,cannot-tell fails`);
  for (const c of d.failedContenders) lines.push(`${nameOf(c)}: ${comparisonReason(c)}`);
  for (const c of d.unestimated) lines.push(`${nameOf(c)}: not checked: ${comparisonReason(c)}`);
  for (const name of d.missing) lines.push(`${name}: missing from the contender`);
  if (d.environment.length && !s.allowEnvChange)
    lines.push(
      `${d.environment.length} benchmark(s) ran on a different environment (${comparisonReason(d.environment[0])}); ` +
        'pass --allow-env-change to gate on such runs',
    );
  if (d.checkedNothing) lines.push('no benchmark could be compared, so --fail-on checked nothing');
  return lines;
}

/** Every line `compare --fail-on` prints about its gate. */
export function gateLines(result: DocumentComparison, d: GateDecision, s: GateSettings): string[] {
  const lines: string[] = [];
  if (d.unchecked.length > 0)
    lines.push(
      `${d.unchecked.length} benchmark(s) with too few processes for a verdict; --fail-on could not check them`,
    );
  const adjusted = adjustmentLine(d.suite);
  if (adjusted) lines.push(adjusted);
  const own = `${+(s.confidence * 100).toFixed(2)} %`;
  for (const c of d.suite.notAfterAdjustment)
    lines.push(
      `${nameOf(c)}: slower at its own ${own} but not after Holm over ${d.suite.family} comparisons ` +
        `(p = ${formatPValue(c.ciPValue ?? null)}): ` +
        (s.failOnCannotTell ? 'cannot tell, which --fail-on …,cannot-tell fails' : 'passes the gate'),
    );
  const faster = result.comparisons.filter((c) => notAfterAdjustment(c) === 'faster').map(nameOf);
  if (s.failOnCannotTell && faster.length)
    lines.push(
      `${faster.length} benchmark(s) faster at their own ${own} but not after Holm (${faster.join(', ')}): ` +
        'no regression either way, they pass the gate',
    );
  const policy = cannotTellPolicy(d.cannotTell, s.failOnCannotTell);
  if (policy) lines.push(policy);
  lines.push(...gateFailureLines(d, s));
  return lines;
}

/** A paired run's gate line: the cannot-tell policy, whenever a gate is asked for and some cannot tell. */
export function pairedGateLine(d: PairedGateDecision, failOnCannotTell: boolean): string | null {
  if (!d.gated || d.cannotTell.length === 0) return null;
  return (
    `${d.cannotTell.length} benchmark(s) cannot tell (${d.cannotTell.join(', ')}): ` +
    (failOnCannotTell
      ? 'they fail the gate (--fail-on-cannot-tell)'
      : 'they pass the gate; add --fail-on-cannot-tell to fail them')
  );
}
