// Where a syntax error in a .js/.mjs bench file is. The SyntaxError that import() rejects
// with carries no file position (V8 keeps it in a private "arrow" field that Node prints
// only for an uncaught error), so the file is checked again with `node --check`, whose
// report starts "FILE:LINE", then the source line, then a caret under the column.
// TypeScript files go through tsx (esbuild), whose message already has FILE:LINE:COL.
import { spawnSync } from 'node:child_process';

const CHECK_TIMEOUT_MS = 10_000;

/** "FILE:LINE:COLUMN" (1-based) of the first syntax error in FILE, or null when not found. */
export function syntaxErrorLocation(file: string): string | null {
  if (!/\.(c|m)?js$/.test(file)) return null;
  const r = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: CHECK_TIMEOUT_MS });
  if (r.status === 0 || typeof r.stderr !== 'string') return null;
  const lines = r.stderr.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`${file}:`));
  if (at < 0) return null;
  const line = Number(lines[at].slice(file.length + 1));
  if (!Number.isInteger(line) || line < 1) return null;
  const caret = lines[at + 2]?.indexOf('^') ?? -1;
  return caret >= 0 ? `${file}:${line}:${caret + 1}` : `${file}:${line}`;
}
