// vitest's global setup for the fast tier: the CLI tests run the compiled CLI (dist/, see
// test/helpers/cli-process.ts), so dist/ is rebuilt first when any file under src/ is newer than
// the oldest file tsc wrote there (tsc rewrites every output file on each build), or when it is
// missing. A fresh checkout after `npm install` (whose prepare script runs the same tsc) and CI
// (`npm ci`) find it current and skip the build.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Modification times (ms) of every file under DIR whose name passes KEEP; none when DIR is missing. */
function mtimes(dir: string, keep: (name: string) => boolean): number[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs);
}

export function distIsStale(root = ROOT): boolean {
  const built = mtimes(join(root, 'dist'), (n) => /\.(c|m)?js$/.test(n));
  if (built.length === 0) return true;
  const oldestBuilt = Math.min(...built);
  return mtimes(join(root, 'src'), () => true).some((t) => t > oldestBuilt);
}

export default function setup(): void {
  if (!distIsStale()) return;
  process.stderr.write('fast tier: src/ is newer than dist/; building dist/ (tsc -p tsconfig.build.json)\n');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
