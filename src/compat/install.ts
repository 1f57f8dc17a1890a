// Installs the import mapping of src/compat/resolve-hooks.ts (and of require-hook.ts) in this
// process, once: from then on `import`/`require` of 'mitata' | 'tinybench' | 'vitest' in a benchmark file gets
// cyclebench's implementation of that API. Called by the benchmark worker only, never in
// the user's own process (the mapping is process-wide). docs/migration.md lists what maps.
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { mapRequires } from './require-hook.js';
import type { CompatHookData } from './resolve-hooks.js';

export const MAPPED_PACKAGES = ['mitata', 'tinybench', 'vitest'] as const;

let installed = false;

function sibling(name: string): string {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./${name}.${ext}`, import.meta.url).href;
}

export function installCompatImports(): void {
  if (installed) return;
  installed = true;
  const data: CompatHookData = { targets: {} };
  for (const name of MAPPED_PACKAGES) data.targets[name] = sibling(name);
  register(sibling('resolve-hooks'), { data });
  mapRequires(Object.fromEntries(Object.entries(data.targets).map(([k, url]) => [k, fileURLToPath(url)])));
}
