// Where a syntax error in a bench file is.
//
// JavaScript: the SyntaxError that import() rejects with carries no file position (V8 keeps it
// in a private "arrow" field that Node prints only for an uncaught error), so the source is
// checked again with `node --input-type=<type> --check` fed on stdin, whose report starts
// "[stdin]:LINE", then the source line, then a caret under the column. The type is given
// explicitly because `node --check FILE` on an ambiguous .js file with import statements exits
// 0 on Node 20 even when the file does not parse. A .js file may be either type, so both are
// tried and only the report whose message is the one import() gave is used: a position from a
// check that failed for another reason would be a wrong position.
//
// TypeScript (and any file tsx transforms): esbuild's message is "Transform failed with N
// error(s):\nFILE:LINE:COL: ERROR: TEXT", with COL counted from 0 in UTF-8 bytes
// (esbuild's Location type), so it is turned into a 1-based column in characters.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CHECK_TIMEOUT_MS = 10_000;

/** The module types `node --check` is asked to parse FILE as, most likely first. */
function typesOf(file: string): ('module' | 'commonjs')[] {
  if (/\.mjs$/.test(file)) return ['module'];
  if (/\.cjs$/.test(file)) return ['commonjs'];
  if (/\.js$/.test(file)) return ['module', 'commonjs'];
  return [];
}

/** "LINE:COLUMN" (1-based) of the syntax error MESSAGE in SOURCE parsed as TYPE, or null. */
function checkAs(source: string, type: 'module' | 'commonjs', message: string): string | null {
  const r = spawnSync(process.execPath, [`--input-type=${type}`, '--check'], {
    input: source,
    encoding: 'utf8',
    timeout: CHECK_TIMEOUT_MS,
  });
  if (r.status === 0 || typeof r.stderr !== 'string') return null;
  const lines = r.stderr.split('\n');
  if (!lines.includes(`SyntaxError: ${message}`)) return null;
  const at = lines.findIndex((l) => /^\[stdin\]:\d+$/.test(l));
  if (at < 0) return null;
  const line = Number(lines[at].slice('[stdin]:'.length));
  const caret = lines[at + 2]?.indexOf('^') ?? -1;
  return caret >= 0 ? `${line}:${caret + 1}` : `${line}`;
}

/** "FILE:LINE:COLUMN" (1-based) of the SyntaxError MESSAGE that importing FILE gave, or null. */
export function syntaxErrorLocation(file: string, message: string): string | null {
  const types = typesOf(file);
  if (types.length === 0) return null;
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  for (const type of types) {
    const where = checkAs(source, type, message);
    if (where !== null) return `${file}:${where}`;
  }
  return null;
}

/** The 1-based character column of a 0-based UTF-8 byte offset into line LINE of FILE. */
function characterColumn(file: string, line: number, byteColumn: number): number {
  try {
    const text = readFileSync(file, 'utf8').split('\n')[line - 1];
    if (text !== undefined) return Buffer.from(text, 'utf8').subarray(0, byteColumn).toString('utf8').length + 1;
  } catch {
    // unreadable now: the byte column is the best there is
  }
  return byteColumn + 1;
}

/** esbuild's first error as "TEXT at FILE:LINE:COLUMN" (1-based), or null for another message. */
export function transformErrorText(message: string): string | null {
  const m = /^Transform failed with (\d+) errors?:\n(.+):(\d+):(\d+): ERROR: (.*)$/m.exec(message);
  if (!m) return null;
  const [, count, file, line, column, text] = m;
  const where = `${file}:${line}:${characterColumn(file, Number(line), Number(column))}`;
  const more = Number(count) > 1 ? ` (and ${Number(count) - 1} more)` : '';
  return `${text} at ${where}${more}`;
}
