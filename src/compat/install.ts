// Installs the import mapping of src/compat/resolve-hooks.ts (and of require-hook.ts) in this
// process, once: from then on `import`/`require` of 'mitata' | 'tinybench' | 'vitest' |
// 'benchmark' | 'bench-node' | 'node:bench' in a benchmark file gets cyclebench's implementation
// of that API. Called by the benchmark worker only, never in the user's own process (the mapping
// is process-wide). docs/migration.md lists what maps.
import { readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { REFUSED_PACKAGES, refusalLine } from '../text/refused-tools.js';
import { mapRequires } from './require-hook.js';
import { initialize, resolveSync, type CompatHookData } from './resolve-hooks.js';

// module.registerHooks (Node >= 22.15) runs hooks in this thread, and tsx registers its own that
// way where it can: in-thread hooks see an import before the loader thread's hooks of
// module.register() do, so mitata's `import '..'` reached tsx unmapped on Node 22, 24 and 26
// (docs/node-versions.md), which also deprecates module.register (DEP0205).
type RegisterHooks = (hooks: { resolve: typeof resolveSync }) => unknown;
const registerHooks = (nodeModule as { registerHooks?: RegisterHooks }).registerHooks;

/** Package name → the module of this folder that implements its API. */
const MAPPED: Readonly<Record<string, string>> = {
  mitata: 'mitata',
  tinybench: 'tinybench',
  vitest: 'vitest',
  benchmark: 'benchmarkjs',
  'bench-node': 'bench-node',
  'node:bench': 'node-bench',
  'node:bench/reporters': 'node-bench-reporters',
};
export const MAPPED_PACKAGES = Object.keys(MAPPED);

let installed = false;

function sibling(name: string): string {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./${name}.${ext}`, import.meta.url).href;
}

/**
 * Does this benchmark file name a mapped or refused package (or a package root by '..', as mitata's
 * own examples do)? Installing the mapping on Node 20 starts Node's module-hooks thread, and every
 * later import then passes through it: ~150 ms of start-up per worker, paid only by files that need it. A file
 * that reaches those packages only through a helper module of its own is not seen; the guide says so.
 */
export function needsCompatImports(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file.startsWith('file:') ? fileURLToPath(file) : file, 'utf8');
  } catch {
    return false;
  }
  return (
    /(['"`])(mitata|tinybench|vitest|benchmark|bench-node|node:bench(\/reporters)?)\1/.test(text) ||
    /(['"`])\.\.(\/\.\.)*\/?\1/.test(text)
  );
}

export function installCompatImports(): void {
  if (installed) return;
  installed = true;
  const data: CompatHookData = { targets: {}, refused: {} };
  for (const [name, module] of Object.entries(MAPPED)) data.targets[name] = sibling(module);
  for (const [name, tool] of Object.entries(REFUSED_PACKAGES)) data.refused[name] = refusalLine(tool);
  if (registerHooks) {
    initialize(data);
    registerHooks({ resolve: resolveSync });
  } else {
    nodeModule.register(sibling('resolve-hooks'), { data });
  }
  const paths = Object.fromEntries(Object.entries(data.targets).map(([k, url]) => [k, fileURLToPath(url)]));
  // benchmark.js's module.exports is the Benchmark constructor itself.
  mapRequires(paths, data.refused, ['benchmark']);
}
