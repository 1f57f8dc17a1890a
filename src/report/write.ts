// Writes report files for `cyclebench run --markdown/--csv/--html FILE` (the lead wires the
// flags). Verdicts come from src/compare (comparisonsFor) unless options.comparisons is given.
import type { ResultDocument } from '../results/schema.js';
import { comparisonsFor } from './comparisons.js';
import { writeFileAtomic } from './json.js';
import { renderers, type ReportOptions } from './reporter.js';

export interface ReportFiles {
  markdown?: string;
  csv?: string;
  html?: string;
}

/** Renders and writes each requested file atomically; returns the paths written. */
export function writeReports(doc: ResultDocument, files: ReportFiles, options: ReportOptions = {}): string[] {
  const wanted = (['markdown', 'csv', 'html'] as const).filter((f) => files[f]);
  if (wanted.length === 0) return [];
  const opts: ReportOptions = {
    ...options,
    comparisons: options.comparisons !== undefined ? options.comparisons : comparisonsFor(doc),
  };
  const written: string[] = [];
  for (const format of wanted) {
    const path = files[format] as string;
    writeFileAtomic(path, renderers[format].render(doc, opts));
    written.push(path);
  }
  return written;
}
