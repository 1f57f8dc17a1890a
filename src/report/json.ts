// The JSON result file; written atomically by ./output-files.ts.
import type { ResultDocument } from '../results/schema.js';

export function renderJson(doc: ResultDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export { writeFileAtomic } from './output-files.js';
