// `cyclebench report` and the library's renderReport share one path from what was read to the
// report: a run's result document, a paired run's file (run --against --json) or node:bench
// NDJSON. The CLI imports only the API and the document side (docs/architecture.md).
import { isPairedJson, parsePairedDocument } from '../paired/document-schema.js';
import { renderPairedReport } from '../paired/report.js';
import { comparisonsFor } from '../report/comparisons.js';
import { jsonText } from '../text/escape.js';
import { type ReportFormat, type ReportOptions, renderers } from '../report/reporter.js';
import { parseResultDocument } from '../results/read.js';
import type { ResultDocument } from '../results/schema.js';

export { isPairedJson } from '../paired/document-schema.js';

/** A paired file has no per-benchmark tables or complexity fits; this names what it refused. */
export class NotForPairedError extends Error {}

/**
 * The report of a file's content in `format`. `where` names the source in error messages.
 * A hypothesis given in `options` wins over one recorded by `cyclebench run --hypothesis`.
 */
export function renderReadReport(
  read: { nodeBench: ResultDocument } | { json: unknown },
  where: string,
  format: ReportFormat,
  options: ReportOptions = {},
): string {
  if ('json' in read && isPairedJson(read.json)) {
    if (options.complexity) throw new NotForPairedError('complexity applies to run result files, not to a paired file');
    const doc = parsePairedDocument(read.json, where);
    // A paired file's own JSON is the document; the terminal reads its text report.
    if (format === 'json') return `${jsonText(doc)}\n`;
    return renderPairedReport(doc, format === 'terminal' ? 'text' : format);
  }
  const doc = 'nodeBench' in read ? read.nodeBench : parseResultDocument(read.json, where);
  const recorded = typeof doc.options?.hypothesis === 'string' ? doc.options.hypothesis : undefined;
  return renderers[format].render(doc, {
    comparisons: comparisonsFor(doc),
    ...options,
    hypothesis: options.hypothesis ?? recorded,
  });
}
