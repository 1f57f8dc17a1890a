// vitest's globalSetup: the temporary files of a test run — the directories tests make under
// os.tmpdir(), and whatever their child processes put there (the TypeScript loader's cache, a
// paired run's checkouts) — go to one directory made for the run and removed when it ends, so a
// run leaves nothing behind in /tmp, whatever its tests leave. os.tmpdir() reads TMPDIR on Linux,
// and vitest starts its test workers after its global setup, from this process's environment.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** Short: a Unix socket's path must fit in 108 bytes, and tests make sockets a few levels below it. */
const PREFIX = 'cbt-';

export default function setup(): () => void {
  // vitest runs the global setup once per project: the second finds the first's directory.
  if (basename(tmpdir()).startsWith(PREFIX)) return () => {};
  const before = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  // Others may enter it, not write to it: the tests that run code as uid 65534
  // (test/cli/tsx-cache.test.ts, tsx-ipc.test.ts) reach directories they make inside it.
  chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
