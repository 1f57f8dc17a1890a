// The CommonJS side of the import mapping (resolve-hooks.ts covers import): a CommonJS
// benchmark file is loaded with require (src/api/collect.ts), and node:module's register()
// hooks do not see require() on Node 20. Node resolves every require() through
// Module._resolveFilename (undocumented but stable since Node 0.x, and what tools such as
// module-alias rely on), so the worker wraps it: a request for a mapped package from a file
// outside node_modules resolves to cyclebench's implementation, one for a refused package
// (src/text/refused-tools.ts) throws the refusal line; everything else is unchanged.
import Module from 'node:module';

type ResolveFilename = (
  request: string,
  parent: { filename?: string | null } | undefined,
  ...rest: unknown[]
) => string;

export function mapRequires(targets: Record<string, string>, refused: Record<string, string> = {}): void {
  const loader = Module as unknown as { _resolveFilename: ResolveFilename };
  const original = loader._resolveFilename;
  loader._resolveFilename = function (this: unknown, request, parent, ...rest) {
    const from = parent?.filename;
    if (Object.hasOwn(refused, request) && from && !from.includes('/node_modules/')) throw new Error(refused[request]);
    if (Object.hasOwn(targets, request) && from && !from.includes('/node_modules/')) return targets[request];
    return original.call(this, request, parent, ...rest);
  };
}
