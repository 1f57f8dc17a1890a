// Output files of every command (run, stat, audit, report, baselines). Paths are checked
// before any measuring starts, so a typo never throws a finished run away; a write that
// still fails (disk full, directory removed meanwhile) is reported in one line, its
// temporary file removed, and the other outputs are still written.

import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

/** What a file was when it was looked at: compared before a replace so another writer is not dropped silently. */
export type FileStamp = string | null;

/** Device, inode, size and modification time of PATH (following no link), or null when it does not exist. */
export function fileStamp(path: string): FileStamp {
  try {
    const st = lstatSync(path, { bigint: true });
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}`;
  } catch {
    return null;
  }
}

/**
 * A symbolic link this user or root made is followed; one another user owns (planted in a shared
 * directory, say) is replaced by the file instead, never written through: the kernel's
 * protected_symlinks rule for sticky directories, applied everywhere.
 */
function trustedLink(path: string): boolean {
  const st = lstatSync(path);
  return st.uid === 0 || st.uid === process.geteuid?.();
}

export interface WriteOptions {
  /** The stamp (fileStamp) the file had when this run looked at it: a different one now is refused, one line. */
  unchangedSince?: FileStamp;
}

/**
 * Writes TEXT to PATH through a temporary file in the same directory, then renames it over PATH,
 * so an interrupted write never leaves a truncated file where a good one was. The temporary file
 * has a random name and is created with O_CREAT|O_EXCL|O_NOFOLLOW: it is a new regular file of
 * this process, never an entry someone else planted (a symbolic link to another file, say). On
 * failure it is removed and the error is one line naming PATH. Every output file of every
 * command goes through here (docs/guide.md, "Output files").
 */
export function writeFileAtomic(path: string, text: string, options: WriteOptions = {}): void {
  let target = path;
  try {
    const link = lstatSync(path);
    const follow = !link.isSymbolicLink() || trustedLink(path);
    const st = follow ? statSync(path) : link;
    // A path that exists and is not a regular file (a device such as /dev/stdout or /dev/full, a
    // FIFO) is written in place: renaming over it would replace the device node itself. A
    // symbolic link to a regular file made by this user or root is resolved, so the rename
    // replaces the file, not the link.
    if (follow && !st.isFile() && !st.isDirectory()) {
      try {
        writeFileSync(path, text);
        return;
      } catch (e) {
        throw new OutputPathError(`could not write ${path} (${errno(e)})`);
      }
    }
    if (follow && link.isSymbolicLink()) target = realpathSync(path);
  } catch (e) {
    if (e instanceof OutputPathError) throw e;
    // does not exist yet (or a dangling link): written under its own name
  }
  if (options.unchangedSince !== undefined && fileStamp(target) !== options.unchangedSince)
    throw new OutputPathError(`${path} was changed by another process since this run started; not replaced`);
  const tmp = join(dirname(target), `.${basename(target)}.${randomBytes(8).toString('hex')}.tmp`);
  let fd: number | undefined;
  let created = false;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
    created = true;
    writeFileSync(fd, text);
    closeSync(fd);
    fd = undefined;
    if (options.unchangedSince !== undefined && fileStamp(target) !== options.unchangedSince)
      throw new OutputPathError(`${path} was changed by another process since this run started; not replaced`);
    renameSync(tmp, target);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    try {
      // Only a file this process created: when O_EXCL refused, the entry is someone else's.
      if (created) rmSync(tmp, { force: true });
    } catch {
      // the directory itself is gone or unwritable: there is no temporary file to leave behind
    }
    if (e instanceof OutputPathError) throw e;
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
