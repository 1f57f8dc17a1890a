// The one reporter interface (habit 7: reporters never measure; one file per format)
// and the registry of formats by name. Every reporter is `render(doc, options) → string`;
// writing files is done by the caller (see write.ts).
import type { ResultDocument } from '../results/schema.js';
import { renderCsv } from './csv.js';
import { renderReview, type ReviewOptions } from './review.js';
import { renderHtml } from './html.js';
import { documentJson } from '../results/document.js';
import { renderMarkdown } from './markdown.js';
import { renderTerminal } from './terminal.js';

/** Options every reporter accepts; a format ignores what it cannot show. */
export type ReportOptions = ReviewOptions;

export interface Reporter {
  /** Format name, as given to `--format`. */
  readonly format: string;
  /** Usual file extension, without the dot. */
  readonly extension: string;
  readonly description: string;
  render(doc: ResultDocument, options?: ReportOptions): string;
}

export const REPORT_FORMATS = ['terminal', 'json', 'text', 'markdown', 'csv', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const renderers: Record<ReportFormat, Reporter> = {
  terminal: {
    format: 'terminal',
    extension: 'txt',
    description: 'tables per group, as `cyclebench run` prints them',
    render: (doc) => renderTerminal(doc),
  },
  json: {
    format: 'json',
    extension: 'json',
    description: 'the versioned result document with raw batches',
    render: (doc) => documentJson(doc),
  },
  text: {
    format: 'text',
    extension: 'txt',
    description: 'the honest report, plain text',
    render: (doc, o) => renderReview(doc, o, 'text'),
  },
  markdown: {
    format: 'markdown',
    extension: 'md',
    description: 'the honest report and detailed estimates, Markdown',
    render: (doc, o) => renderMarkdown(doc, o),
  },
  csv: {
    format: 'csv',
    extension: 'csv',
    description: 'one row per benchmark, fixed columns, RFC 4180',
    render: (doc) => renderCsv(doc),
  },
  html: {
    format: 'html',
    extension: 'html',
    description: 'self-contained HTML report with plots',
    render: (doc, o) => renderHtml(doc, o),
  },
};
