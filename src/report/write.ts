// Writes report files for `cyclebench run --markdown/--csv/--html FILE`. Verdicts come from src/compare
// (comparisonsFor) unless options.comparisons is given.
import type { ResultDocument } from '../results/schema.js';
import { comparisonsFor } from './comparisons.js';
import { tryWrite } from '../results/output-files.js';
import { renderers, type ReportOptions } from './reporter.js';

export interface ReportFiles {
  markdown?: string;
  csv?: string;
  html?: string;
}

export interface WriteOutcome {
  written: string[];
  /** One line per file that could not be written; the others were still written. */
  failed: string[];
}

/** The Markdown report of a document, with the verdicts it shows (`--markdown -`). */
export function renderMarkdown(doc: ResultDocument, options: ReportOptions = {}): string {
  return renderers.markdown.render(doc, { ...options, comparisons: options.comparisons ?? comparisonsFor(doc) });
}

/** Renders and writes each requested file atomically. */
export function writeReports(doc: ResultDocument, files: ReportFiles, options: ReportOptions = {}): WriteOutcome {
  const wanted = (['markdown', 'csv', 'html'] as const).filter((f) => files[f]);
  const written: string[] = [];
  const failed: string[] = [];
  if (wanted.length === 0) return { written, failed };
  const opts: ReportOptions = {
    ...options,
    comparisons: options.comparisons !== undefined ? options.comparisons : comparisonsFor(doc),
  };
  for (const format of wanted) {
    const path = files[format] as string;
    const error = tryWrite(path, () => renderers[format].render(doc, opts));
    if (error) failed.push(`--${format}: ${error}`);
    else written.push(path);
  }
  return { written, failed };
}
