// The one builder of a result document's envelope, for the forked run (src/api/finish-run.ts)
// and the in-process run() (src/api/run.ts): schema version, tool and creation time are set here.
import { readFileSync } from 'node:fs';
import { jsonText } from '../text/escape.js';
import { SCHEMA_VERSION, type ResultDocument } from './schema.js';

/** The package version, read from package.json (two levels above src/ and dist/ files). */
export function toolVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export type DocumentContent = Omit<ResultDocument, 'schemaVersion' | 'tool' | 'createdAt'>;

/** A result document stamped with the schema version, this tool's version and the current time. */
export function newDocument(content: DocumentContent): ResultDocument {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'cyclebench', version: toolVersion() },
    createdAt: new Date().toISOString(),
    ...content,
  };
}

/** The document as written to a .json file (and to standard output with `--json -`); bidi marks and C1 controls in strings as \u escapes (src/text/escape.ts). */
export function documentJson(doc: ResultDocument): string {
  return `${jsonText(doc)}\n`;
}
