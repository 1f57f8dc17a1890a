// vitest's global setup for the fast tier: the CLI tests run the compiled CLI (dist/, see
// test/helpers/cli-process.ts), so dist/ is rebuilt first when a file under src/ is newer than
// what tsc compiled it to (src/a/b.ts → dist/a/b.js, .cts → .cjs, .mts → .mjs), or that output is
// missing. A checkout after `npm install` (whose prepare script runs the same tsc) and CI
// (`npm ci`) find it current and skip the build.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUTPUT: Record<string, string> = { '.ts': '.js', '.cts': '.cjs', '.mts': '.mjs' };

function mtime(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** The first source file under ROOT/src whose compiled file in ROOT/dist is missing or older, or null. */
export function staleSource(root = ROOT): string | null {
  const src = join(root, 'src');
  for (const e of readdirSync(src, { withFileTypes: true, recursive: true })) {
    const ext = /\.[cm]?ts$/.exec(e.name)?.[0];
    if (!e.isFile() || !ext || /\.d\.[cm]?ts$/.test(e.name)) continue;
    const source = join(e.parentPath ?? e.path, e.name);
    const built = mtime(join(root, 'dist', relative(src, source)).slice(0, -ext.length) + OUTPUT[ext]);
    if (built === null || built < statSync(source).mtimeMs) return relative(root, source);
  }
  return null;
}

export default function setup(): void {
  const stale = staleSource();
  if (stale === null) return;
  process.stderr.write(
    `fast tier: ${stale} is newer than its dist/ build; building dist/ (tsc -p tsconfig.build.json)\n`,
  );
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
