// The one presenter of a measured run: what `cyclebench run`, runFiles() and the in-process
// run() print after measuring. The table first (the quick look), then what was asked for,
// then the review last (the reviewer's record, same renderer as `cyclebench report`).
import { aaStatus } from './aa-text.js';
import type { DocumentComparison } from '../compare/documents.js';
import { renderText } from './compare-render.js';
import type { ResultDocument } from '../results/schema.js';
import { percent } from '../text/format.js';
import { escapeControls, truncateName } from '../text/terminal-safe.js';
import { comparisonsFor } from './comparisons.js';
import { renderSweeps } from './complexity.js';
import { renderDistributions } from './distribution.js';
import { renderReview } from './review.js';
import { renderSummary } from './summary.js';
import { renderTerminal } from './terminal.js';
import { renderProfilesText } from './profile.js';

export interface PresentOptions {
  /** 'summary' (default): the table that fits `columns` and one line per benchmark needing attention;
   *  'verbose': every estimate, warning and note; 'quiet': the table alone. */
  detail?: 'summary' | 'verbose' | 'quiet';
  /** Terminal width for the summary (default 80). */
  columns?: number;
  /** How the reader asks for every detail (default the command line's `--verbose`). */
  verboseHint?: string;
  /** A histogram and a run-order sparkline per benchmark. */
  distributions?: boolean;
  /** Every parameter sweep with its complexity fit. */
  complexity?: boolean;
  /** The A/A line of every benchmark measured as two arms. */
  aa?: boolean;
  /** The review (src/report/review.ts) after the table. */
  report?: boolean;
  /** The question the run answers, shown by the review. */
  hypothesis?: string;
  /** The run compared with a saved baseline (--baseline NAME). */
  against?: { name: string; comparison: DocumentComparison };
}

/** Everything printed about a measured run, in order. */
export function presentRun(document: ResultDocument, options: PresentOptions = {}): string {
  const detail = options.detail ?? 'summary';
  let out =
    detail === 'verbose'
      ? renderTerminal(document)
      : renderSummary(document, {
          columns: options.columns,
          quiet: detail === 'quiet',
          verboseHint: options.verboseHint,
        });
  if (options.distributions) out += renderDistributions(document);
  if (options.complexity) out += renderSweeps(document, true);
  if (options.aa) out += renderAaLines(document);
  out += renderProfilesText(document);
  const against = options.against;
  if (against)
    out += `\nAgainst baseline '${against.name}':\n${renderText(against.comparison, { verbose: detail === 'verbose' })}`;
  if (options.report)
    out += `\n${renderReview(document, { hypothesis: options.hypothesis, comparisons: comparisonsFor(document) })}`;
  return out;
}

function renderAaLines(doc: ResultDocument): string {
  const lines = doc.benchmarks
    .filter((b) => b.aa)
    .map((b) => {
      const a = b.aa!;
      const ratio = a.ratio
        ? `ratio ${a.ratio.point.toFixed(4)} [${a.ratio.ciLow.toFixed(4)}, ${a.ratio.ciHigh.toFixed(4)}]`
        : 'no ratio';
      const mdd = a.minimumDetectable === null ? 'unknown' : percent(a.minimumDetectable);
      const name = escapeControls(truncateName(b.name));
      const detectable = `smallest difference detectable at 80 % power: ${mdd}`;
      return `A/A ${name}: ${aaStatus(a)} (${a.verdict}), ${ratio}; ${detectable}`;
    });
  return lines.length ? `\n${lines.join('\n')}\n` : '';
}
