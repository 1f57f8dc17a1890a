// The JSON result file: written to a temporary name and renamed, so an interrupted
// write never leaves a truncated file where a good one was.
import { renameSync, writeFileSync } from 'node:fs';
import type { ResultDocument } from '../results/schema.js';

export function renderJson(doc: ResultDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
