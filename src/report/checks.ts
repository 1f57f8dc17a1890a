// The assertions a benchmark file made (vitest 5's expect, src/analysis/checks.ts), one line each
// under the table: passed, FAILED, cannot tell (fails neither way), or not judged.
import type { CheckOutcome } from '../results/checks.js';
import { escapeControls } from '../text/terminal-safe.js';

const WORD = { passed: 'passed', failed: 'FAILED', 'cannot-tell': 'cannot tell', 'not-judged': 'not judged' } as const;

export function checkLines(checks: readonly CheckOutcome[]): string {
  if (checks.length === 0) return '';
  const lines = checks.map((c) => `  ${WORD[c.status]}: ${escapeControls(c.test)} › ${escapeControls(c.reason)}`);
  const failed = checks.filter((c) => c.status === 'failed').length;
  const unsure = checks.filter((c) => c.status === 'cannot-tell').length;
  const tail = [failed ? `${failed} failed` : '', unsure ? `${unsure} cannot tell (more processes: --forks)` : '']
    .filter(Boolean)
    .join(', ');
  return `\nassertions${tail ? ` (${tail})` : ''}:\n${lines.join('\n')}\n`;
}
