// Finds benchmark files: explicit files are taken as given; folders are searched for
// *.bench.{ts,mts,cts,js,mjs,cjs} (node_modules and dot-folders skipped), sorted for a stable order.
// *.cyclebench.{…} is found too: a name `vitest bench` (which takes *.bench.*) never picks up.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const BENCH_FILE = /\.(cyclebench|bench)\.(ts|mts|cts|js|mjs|cjs)$/;

export class DiscoveryError extends Error {}

/** A named benchmark file that is not a regular file: a problem with the file, not with the usage. */
export class NotAFileError extends DiscoveryError {}

export function findBenchFiles(paths: string[], cwd: string): string[] {
  const found = new Set<string>();
  for (const p of paths) {
    const abs = resolve(cwd, p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      throw new DiscoveryError(`no such file or folder: ${p}`);
    }
    if (st.isDirectory()) walk(abs, found);
    // A FIFO or a device would block or never end the import that loads it.
    else if (!st.isFile()) throw new NotAFileError(`${p} is not a regular file or a folder`);
    else found.add(abs);
  }
  if (found.size === 0)
    throw new DiscoveryError(
      `no *.bench.* or *.cyclebench.* files (ts, mts, cts, js, mjs, cjs) under ${paths.join(', ')}`,
    );
  return [...found].sort();
}

/** A regular file, or a link to one (a FIFO or device named like a benchmark file is skipped). */
function isRegular(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function walk(dir: string, out: Set<string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (BENCH_FILE.test(entry.name) && isRegular(full)) out.add(full);
  }
}
