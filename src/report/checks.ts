// The assertions a benchmark file made (vitest 5's expect, src/analysis/checks.ts), one line each
// under the table: passed, FAILED, cannot tell (fails neither way), or not judged.
import type { CheckOutcome } from '../results/checks.js';
import { escapeControls } from '../text/terminal-safe.js';

const WORD = { passed: 'passed', failed: 'FAILED', 'cannot-tell': 'cannot tell', 'not-judged': 'not judged' } as const;

/** One assertion in words: "passed: test › reason" (as recorded: escape it where it is printed). */
export function checkLine(c: CheckOutcome): string {
  return `${WORD[c.status]}: ${c.test} › ${c.reason}`;
}

/** "2 failed, 1 cannot tell (more processes: --forks)", or '' when none failed or is unsure. */
export function checkTally(checks: readonly CheckOutcome[]): string {
  const failed = checks.filter((c) => c.status === 'failed').length;
  const unsure = checks.filter((c) => c.status === 'cannot-tell').length;
  return [failed ? `${failed} failed` : '', unsure ? `${unsure} cannot tell (more processes: --forks)` : '']
    .filter(Boolean)
    .join(', ');
}

export function checkLines(checks: readonly CheckOutcome[]): string {
  if (checks.length === 0) return '';
  const tail = checkTally(checks);
  return `\nassertions${tail ? ` (${tail})` : ''}:\n${checks.map((c) => `  ${escapeControls(checkLine(c))}`).join('\n')}\n`;
}
