// Module resolution hooks (node:module register()), run on Node's loader thread in a
// benchmark worker. An import of `mitata`, `tinybench` or `vitest` from the user's own
// files resolves to cyclebench's implementation of that API (src/compat/<tool>.ts); the
// installed package is neither loaded nor changed. Imports made from inside node_modules
// are left alone, so a library that depends on one of these packages gets the real one.
// An import of a refused package (benchmark.js, bench-node: src/text/refused-tools.ts) from the
// user's files fails here with the refusal line.
// A relative import of a directory whose package.json is named like a mapped package
// (mitata's examples import '..', the package root) is mapped too.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Package name → file: URL of the module that implements its API. */
export interface CompatHookData {
  targets: Record<string, string>;
  /** Package name → the line its import fails with (src/text/refused-tools.ts). */
  refused: Record<string, string>;
}

type NextResolve = (specifier: string, context: ResolveContext) => Promise<{ url: string }>;
interface ResolveContext {
  parentURL?: string;
  conditions?: string[];
}

let targets: Record<string, string> = {};
let refused: Record<string, string> = {};

export function initialize(data: CompatHookData): void {
  targets = data.targets;
  refused = data.refused;
}

export async function resolve(specifier: string, context: ResolveContext, next: NextResolve) {
  if (Object.hasOwn(refused, specifier) && userFile(context.parentURL)) throw new Error(refused[specifier]);
  const target = mappedTarget(specifier, context.parentURL);
  // The target goes through the rest of the chain too (tsx loads a .ts target only if it resolved it).
  return next(target ?? specifier, context);
}

type NextResolveSync = (specifier: string, context: ResolveContext) => { url: string };

/** resolve() for module.registerHooks(), whose hooks run synchronously in the importing thread. */
export function resolveSync(specifier: string, context: ResolveContext, next: NextResolveSync) {
  if (Object.hasOwn(refused, specifier) && userFile(context.parentURL)) throw new Error(refused[specifier]);
  const target = mappedTarget(specifier, context.parentURL);
  if (target === undefined) return next(specifier, context);
  // A CommonJS file's require() of a mapped package resolves a path, not a file: URL.
  const required = (context as { conditions?: readonly string[] }).conditions?.includes('require') === true;
  return next(required && target.startsWith('file:') ? fileURLToPath(target) : target, context);
}

function userFile(parentURL: string | undefined): parentURL is string {
  return parentURL !== undefined && parentURL.startsWith('file:') && !parentURL.includes('/node_modules/');
}

function mappedTarget(specifier: string, parentURL: string | undefined): string | undefined {
  if (!userFile(parentURL)) return undefined;
  if (Object.hasOwn(targets, specifier)) return targets[specifier];
  if (!/^\.\.?(\/|$)/.test(specifier) || /\.[cm]?[jt]s$/.test(specifier)) return undefined;
  const name = packageNameAt(fileURLToPath(new URL(specifier, parentURL)));
  return name !== null && Object.hasOwn(targets, name) ? targets[name] : undefined;
}

/** The `name` of the package.json in `dir`, or null when `dir` is not a folder with one. */
function packageNameAt(dir: string): string | null {
  try {
    if (!statSync(dir).isDirectory()) return null;
    const name = (JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}
