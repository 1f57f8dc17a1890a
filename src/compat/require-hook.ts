// The CommonJS side of the import mapping (resolve-hooks.ts covers import): a CommonJS
// benchmark file is loaded with require (src/api/collect.ts), and node:module's register()
// hooks do not see require() on Node 20. Node resolves every require() through
// Module._resolveFilename (undocumented but stable since Node 0.x, and what tools such as
// module-alias rely on), so the worker wraps it: a request for a mapped package from a file
// outside node_modules resolves to cyclebench's implementation, one for a refused package
// (src/text/refused-tools.ts) throws the refusal line; everything else is unchanged.
// A package whose `module.exports` is a function (benchmark.js: `new (require('benchmark'))(…)`)
// is given as its implementation's default export: require() of an ES module returns its
// namespace, so the default export is put in require's cache (Module._cache, which
// Module._load reads by the resolved name before loading anything) under a name of its own.
import Module, { createRequire } from 'node:module';

type ResolveFilename = (
  request: string,
  parent: { filename?: string | null } | undefined,
  ...rest: unknown[]
) => string;

const requireHere = createRequire(import.meta.url);

/** The require-cache name of `path`'s default export, registered on first use. */
function defaultExportOf(path: string): string {
  const cache = (Module as unknown as { _cache: Record<string, Module> })._cache;
  const name = `${path}#default`;
  if (cache[name] === undefined) {
    const m = new Module(name);
    m.filename = name;
    m.exports = (requireHere(path) as { default: unknown }).default;
    m.loaded = true;
    cache[name] = m;
  }
  return name;
}

export function mapRequires(
  targets: Record<string, string>,
  refused: Record<string, string> = {},
  defaults: readonly string[] = [],
): void {
  const loader = Module as unknown as { _resolveFilename: ResolveFilename };
  const original = loader._resolveFilename;
  loader._resolveFilename = function (this: unknown, request, parent, ...rest) {
    const from = parent?.filename;
    if (Object.hasOwn(refused, request) && from && !from.includes('/node_modules/')) throw new Error(refused[request]);
    if (Object.hasOwn(targets, request) && from && !from.includes('/node_modules/'))
      return defaults.includes(request) ? defaultExportOf(targets[request]) : targets[request];
    return original.call(this, request, parent, ...rest);
  };
}
