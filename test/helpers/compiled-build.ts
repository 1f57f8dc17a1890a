// vitest's globalSetup: the tests' child processes (the CLI, workers) run the compiled build
// (CYCLEBENCH_USE_DIST=1, set for every test file by test/helpers/use-compiled.ts), so dist/ must
// be the build of the sources under test. When any src/ file is newer than its compiled file
// (or has none), the sources are compiled first, with the command `npm run build:ts` runs.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The first source file whose compiled file is missing or older, or null when dist/ is current. */
export function staleSource(root = ROOT): string | null {
  const walk = (dir: string): string | null => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        const found = walk(path);
        if (found) return found;
        continue;
      }
      const m = /^(.*)\.(c?)ts$/.exec(e.name);
      if (!m || e.name.endsWith('.d.ts')) continue;
      const built = join(root, 'dist', relative(join(root, 'src'), dir), `${m[1]}.${m[2]}js`);
      if (!existsSync(built) || statSync(built).mtimeMs < statSync(path).mtimeMs) return relative(root, path);
    }
    return null;
  };
  return walk(join(root, 'src'));
}

export default function setup(): void {
  const stale = staleSource();
  if (stale === null) return;
  process.stderr.write(`dist/ is older than ${stale}: compiling the sources (npm run build:ts)\n`);
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
