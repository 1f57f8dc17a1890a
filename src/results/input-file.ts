// Reading a JSON file a user named (result documents, baselines, paired documents, the state
// file of `system tune`): everything is checked whole before any other code touches it, so a
// hostile or damaged file is one line, never a hang, a stack overflow or a runaway allocation
// (docs/guide.md, "Input files").
// - Only a regular file is read. It is opened with O_NONBLOCK, so opening a FIFO does not wait
//   for a writer, and checked on the open descriptor (fstat): a FIFO, /dev/zero or /dev/urandom
//   is refused before a byte is read.
// - At most MAX_INPUT_BYTES are read (a file that grows meanwhile is caught by reading one more).
// - Nesting deeper than MAX_JSON_DEPTH is refused by a scan of the text before JSON.parse: the
//   renderers, the matcher (src/compare/match.ts) and JSON.parse's reviver all recurse.
// - A number that parses to ±Infinity (1e999) is refused: no statistic or chart can use it.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Largest input file read: 64 MiB, about 100 times the largest result document a full suite writes. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;
/** Deepest nesting of arrays and objects accepted; a result document nests about 8 levels. */
export const MAX_JSON_DEPTH = 64;

export class InputFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputFileError';
  }
}

function kind(st: import('node:fs').Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a directory';
  return 'something other than a regular file';
}

/**
 * The text of the regular file PATH, at most MAX_INPUT_BYTES; InputFileError (one line without
 * the path) otherwise. `flags` are added to the open (O_NOFOLLOW for the state file).
 */
export function readInputText(path: string, flags = 0): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | flags);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputFileError('no such file');
    if (code === 'ELOOP') throw new InputFileError('is a symbolic link; refusing to use it');
    throw new InputFileError(`cannot read (${code ?? (e as Error).message})`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new InputFileError(`is ${kind(st)}; only a regular file is read`);
    return readOpenFile(fd, st.size);
  } catch (e) {
    if (e instanceof InputFileError) throw e;
    throw new InputFileError(`cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  } finally {
    closeSync(fd);
  }
}

/**
 * The text of the regular file open as FD (SIZE bytes by fstat), at most MAX_INPUT_BYTES;
 * InputFileError when larger. For a reader that checks the descriptor itself (the state file).
 */
export function readOpenFile(fd: number, size: number): string {
  if (size > MAX_INPUT_BYTES) throw new InputFileError(tooLarge(size));
  const buf = Buffer.alloc(Math.min(size, MAX_INPUT_BYTES) + 1);
  let n = 0;
  for (;;) {
    const got = readSync(fd, buf, n, buf.length - n, null);
    if (got === 0) break;
    n += got;
    if (n === buf.length) {
      if (n > MAX_INPUT_BYTES) throw new InputFileError(tooLarge(n));
      break; // the file grew while read: what it held at open is read, and its parse checks it
    }
  }
  return buf.toString('utf8', 0, n);
}

function tooLarge(bytes: number): string {
  const mib = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
  return `is larger than ${mib(MAX_INPUT_BYTES)} (${bytes > MAX_INPUT_BYTES ? mib(bytes) : 'grew while read'}); refusing to read it`;
}

/**
 * The first place JSON TEXT nests deeper than MAX_JSON_DEPTH, or null. A hand-written scan, not a
 * library: it must run before anything recursive touches the text, and needs only to skip strings.
 */
export function jsonDepthProblem(text: string): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return `nests deeper than ${MAX_JSON_DEPTH} levels`;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

/** JSON.parse, refusing a number that parses to ±Infinity (InputFileError naming its key). */
export function parseFiniteJson(text: string): unknown {
  const depth = jsonDepthProblem(text);
  if (depth) throw new InputFileError(depth);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new InputFileError(`not valid JSON (${(e as Error).message})`);
  }
  const bad = valueProblem(parsed);
  if (bad) throw new InputFileError(bad);
  return parsed;
}

/**
 * The first problem of a parsed VALUE (from a file or handed to the library): nesting deeper
 * than MAX_JSON_DEPTH or a number that is not finite; null when none. Iterative, so a value
 * nested 200,000 deep is measured without recursion.
 */
interface Node {
  v: unknown;
  depth: number;
  key: string | number;
  parent: Node | null;
}

function where(n: Node): string {
  const parts: string[] = [];
  for (let p: Node | null = n; p && p.parent; p = p.parent)
    parts.push(
      typeof p.key === 'number'
        ? `[${p.key}]`
        : /^[A-Za-z_$][\w$]{0,40}$/.test(p.key)
          ? `.${p.key}`
          : `[${JSON.stringify(p.key.slice(0, 40))}]`,
    );
  return parts.reverse().join('').replace(/^\./, '') || 'the document';
}

export function valueProblem(value: unknown): string | null {
  const stack: Node[] = [{ v: value, depth: 0, key: '', parent: null }];
  while (stack.length) {
    const n = stack.pop()!;
    const v = n.v;
    if (typeof v === 'number' && !Number.isFinite(v)) return `${where(n)} is ${v} (not a finite number)`;
    if (v === null || typeof v !== 'object') continue;
    if (n.depth + 1 > MAX_JSON_DEPTH) return `${where(n)} nests deeper than ${MAX_JSON_DEPTH} levels`;
    if (Array.isArray(v))
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: n.depth + 1, key: i, parent: n });
    else
      for (const k of Object.keys(v).reverse())
        stack.push({ v: (v as Record<string, unknown>)[k], depth: n.depth + 1, key: k, parent: n });
  }
  return null;
}
