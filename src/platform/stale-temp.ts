// Temporary directories a killed cyclebench left: their names carry the pid of the process that
// made them (`<prefix><pid>-XXXXXX`, mkdtemp), and a later run removes those whose process is
// gone. Only directories (never a symlink) owned by the running user are touched.
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new temporary directory named for this process: `<tmpdir>/<prefix><pid>-XXXXXX`. */
export function makeOwnTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}${process.pid}-`));
}

/** The pid recorded in a name made by makeOwnTempDir, or null. */
export function ownerPid(prefix: string, name: string): number | null {
  if (!name.startsWith(prefix)) return null;
  const m = /^(\d+)-[^/]+$/.exec(name.slice(prefix.length));
  return m ? Number(m[1]) : null;
}

/** No process has this pid (kill(2) with signal 0: ESRCH); EPERM means one of another user. */
export function processGone(pid: number): boolean {
  if (!(pid > 0) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Is PATH a directory (not a symlink) owned by the running user? */
export function ownDirectory(path: string): boolean {
  try {
    const st = lstatSync(path);
    return st.isDirectory() && (typeof process.getuid !== 'function' || st.uid === process.getuid());
  } catch {
    return false;
  }
}

/** Removes `<tmpdir>/<prefix><pid>-*` directories of this user whose process is gone; returns them. */
export function removeStaleTempDirs(prefix: string): string[] {
  const dir = tmpdir();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = ownerPid(prefix, name);
    const path = join(dir, name);
    if (pid === null || !processGone(pid) || !ownDirectory(path)) continue;
    try {
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // housekeeping only: a directory that cannot be removed now stays for a later run
    }
  }
  return removed;
}
