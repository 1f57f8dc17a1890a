// Output files of every command (run, stat, audit, report, baselines). Paths are checked
// before any measuring starts, so a typo never throws a finished run away; a write that
// still fails (disk full, directory removed meanwhile) is reported in one line, its
// temporary file removed, and the other outputs are still written.

import { accessSync, constants, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface OutputRequest {
  /** How the user named it, e.g. "--json". */
  label: string;
  path: string;
  /** Missing parent directories will be created (baselines): the nearest existing one must be writable. */
  createParent?: boolean;
}

export class OutputPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputPathError';
  }
}

function errno(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
}

/** The same file however it is named: device and inode when it exists, else its real directory plus name. */
function identity(abs: string): string {
  try {
    const st = statSync(abs);
    return `${st.dev}:${st.ino}`;
  } catch {
    try {
      return join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      return abs;
    }
  }
}

function checkOne(o: OutputRequest, abs: string): string | null {
  try {
    if (statSync(abs).isDirectory()) return `${o.label} ${o.path} is a directory`;
  } catch {
    // does not exist yet: its directory decides
  }
  let dir = dirname(abs);
  for (;;) {
    try {
      if (!statSync(dir).isDirectory()) return `${o.label} ${o.path}: ${dir} is not a directory`;
      break;
    } catch {
      if (!o.createParent || dirname(dir) === dir) return `${o.label} ${o.path}: directory ${dir} does not exist`;
      dir = dirname(dir);
    }
  }
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (e) {
    return `${o.label} ${o.path}: directory ${dir} is not writable (${errno(e)})`;
  }
  return null;
}

/** One line naming the first problem with the outputs, or null: checked before any work is done. */
export function checkOutputPaths(outputs: OutputRequest[], inputs: string[], cwd: string): string | null {
  const seen = new Map<string, OutputRequest>();
  const inputIds = new Map(inputs.map((p) => [identity(resolve(cwd, p)), p]));
  for (const o of outputs) {
    const abs = resolve(cwd, o.path);
    const problem = checkOne(o, abs);
    if (problem) return problem;
    const id = identity(abs);
    const input = inputIds.get(id);
    if (input !== undefined) return `${o.label} ${o.path} would overwrite the input ${input}`;
    const other = seen.get(id);
    if (other) return `${other.label} ${other.path} and ${o.label} ${o.path} name the same file`;
    seen.set(id, o);
  }
  return null;
}

/** Throws OutputPathError with one line when the outputs must not be used. */
export function assertOutputPaths(outputs: OutputRequest[], inputs: string[], cwd: string): void {
  const problem = checkOutputPaths(outputs, inputs, cwd);
  if (problem) throw new OutputPathError(problem);
}

/**
 * Writes to a temporary name beside PATH, then renames, so an interrupted write never leaves a
 * truncated file where a good one was. On failure the temporary file is removed and the error
 * is one line naming PATH.
 */
export function writeFileAtomic(path: string, text: string): void {
  // A path that exists and is not a regular file (a device such as /dev/stdout or /dev/full, a
  // FIFO) is written in place: renaming over it would replace the device node itself. A
  // symbolic link to a regular file is resolved, so the rename replaces the file, not the link.
  let target = path;
  try {
    const st = statSync(path);
    if (!st.isFile()) {
      try {
        writeFileSync(path, text);
        return;
      } catch (e) {
        throw new OutputPathError(`could not write ${path} (${errno(e)})`);
      }
    }
    target = realpathSync(path);
  } catch (e) {
    if (e instanceof OutputPathError) throw e;
    // does not exist yet: written under its own name
  }
  const tmp = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, target);
  } catch (e) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the directory itself is gone or unwritable: there is no temporary file to leave behind
    }
    throw new OutputPathError(`could not write ${path} (${errno(e)})`);
  }
}

/** Writes one output; returns null, or the one-line reason it failed (the caller carries on). */
export function tryWrite(path: string, text: string | (() => string)): string | null {
  try {
    writeFileAtomic(path, typeof text === 'string' ? text : text());
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
