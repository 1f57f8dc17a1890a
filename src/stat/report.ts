// One reporter interface, one file per format (habit 7): text, json, csv, markdown.

import { renderCsv } from './report-csv.js';
import { renderJson } from './report-json.js';
import { renderMarkdown } from './report-markdown.js';
import { renderText } from './report-text.js';
import type { StatResult } from './types.js';

export type StatFormat = 'text' | 'json' | 'csv' | 'markdown';
export type StatReporter = (result: StatResult) => string;

export const REPORTERS: Record<StatFormat, StatReporter> = {
  text: renderText,
  json: renderJson,
  csv: renderCsv,
  markdown: renderMarkdown,
};
