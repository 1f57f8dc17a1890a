// TypeScript benchmark files in the compiled worker. Where tsx is installed, its loader hooks turn
// them into JavaScript: every process of a run, and both sides of a paired run, then load a file
// the same way. Where tsx is not installed and Node strips types itself (22.18+, 23.6+:
// `process.features.typescript`), Node loads the file; on Node 20 a run without tsx is refused
// with what to install. Node's stripping loads less than tsx does (no enums, parameter properties
// or decorators, no `./x.js` meaning ./x.ts, no extensionless imports, no .tsx), and a file it
// cannot load is reported with what to install.
//
// tsx's hooks are registered just before the file is imported, and not with `node --import tsx`
// at start: once Node's module-hooks thread runs, every later import waits on a round trip to it.
// Registered after the worker's own modules (and the package entry, worker/main.ts), only the
// benchmark file and what it imports pass through tsx: one kernel in 3 processes took 2.25 s
// instead of 2.9 s, about 160 ms less per process (the 2-vCPU VM of docs/measurements.md, "Cost
// of a default run"). A worker started from the sources already runs under tsx.

/** Who turns a TypeScript benchmark file into JavaScript in this process. */
export type TypeScriptLoader = 'node' | 'tsx';

let registered = false;

/** Whether a benchmark file is TypeScript (by its extension, as Node decides). */
export function isTypeScript(file: string): boolean {
  return /\.[cm]?tsx?(\?.*)?$/.test(file);
}

/** Whether this Node strips TypeScript's types itself (22.18+, 23.6+; not with --no-experimental-strip-types). */
export function nodeStripsTypes(): boolean {
  const mode = (process.features as { typescript?: unknown }).typescript;
  return mode === 'strip' || mode === 'transform';
}

let tsxFound: boolean | undefined;
/** Whether tsx can be imported from cyclebench's own place (bin/typescript-loader.js imports it). */
export function tsxInstalled(): boolean {
  if (tsxFound === undefined) {
    try {
      import.meta.resolve('tsx/esm/api');
      tsxFound = true;
    } catch {
      tsxFound = false;
    }
  }
  return tsxFound;
}

/** What decides who loads a TypeScript file (typeScriptLoader reads them from this process). */
export interface LoaderFacts {
  /** tsx is registered already, or this worker runs from the sources (under tsx). */
  underTsx: boolean;
  tsxInstalled: boolean;
  nodeStripsTypes: boolean;
}

/**
 * Who loads `file`: null for a JavaScript file; 'node' where tsx is not installed and Node strips
 * types (not for .tsx, which Node does not load); 'tsx' otherwise.
 */
export function chooseLoader(file: string, facts: LoaderFacts): TypeScriptLoader | null {
  if (!isTypeScript(file)) return null;
  if (facts.underTsx) return 'tsx';
  return !facts.tsxInstalled && facts.nodeStripsTypes && !/\.tsx(\?.*)?$/.test(file) ? 'node' : 'tsx';
}

/** Whether tsx already loads TypeScript here: registered, or a worker started from the sources. */
const underTsx = (): boolean => registered || import.meta.url.endsWith('.ts');

/** Who loads `file` in this process (chooseLoader); under tsx, tsx is not looked for again. */
export function typeScriptLoader(file: string): TypeScriptLoader | null {
  if (!isTypeScript(file)) return null;
  if (underTsx()) return 'tsx';
  return chooseLoader(file, { underTsx: false, tsxInstalled: tsxInstalled(), nodeStripsTypes: nodeStripsTypes() });
}

/** Whether this process must register tsx before importing `file`. */
export function needsTypeScriptLoader(file: string): boolean {
  return !underTsx() && typeScriptLoader(file) === 'tsx';
}

/**
 * Error codes of code Node's type stripping cannot load and tsx can: syntax that is not erasable,
 * specifiers that name the .js a .ts file compiles to, leave the extension out or name a directory,
 * .tsx, and TypeScript under node_modules.
 */
const STRIPPING_CODES = new Set([
  'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX',
  'ERR_INVALID_TYPESCRIPT_SYNTAX',
  'ERR_MODULE_NOT_FOUND',
  'MODULE_NOT_FOUND',
  'ERR_UNSUPPORTED_DIR_IMPORT',
  'ERR_UNKNOWN_FILE_EXTENSION',
  'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING',
]);

/**
 * Whether an error loading a TypeScript file through Node's stripping may load with tsx: one of
 * the codes above, or a SyntaxError (decorators and other syntax V8 does not parse read "Invalid
 * or unexpected token"; a type-only import reads "does not provide an export named"). A
 * SyntaxError the file's own code throws cannot be told apart: its message then gains a hint it
 * does not need.
 */
export function strippingFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && STRIPPING_CODES.has(code)) || err.name === 'SyntaxError';
}

/**
 * Registers tsx's ESM and CommonJS hooks, once: the pair `node --import tsx` installs
 * (tsx/dist/loader.mjs), with its cache in a checked private directory or off
 * (bin/typescript-loader.js, plain JavaScript shared with the checkout CLI; two levels above
 * both src/worker/ and dist/worker/).
 */
export async function registerTypeScriptLoader(): Promise<void> {
  if (registered) return;
  registered = true;
  // The package entry is loaded before the hooks: a benchmark file's `import … from 'cyclebench'`
  // then resolves to a module already loaded (the same dist/index.js), where loading it after
  // them would pass each module it loads through the hooks' thread, one round trip each (about
  // 0.3 s of CPU per worker on the 2-vCPU VM of docs/measurements.md, when the entry loaded ~200).
  await import('../index.js');
  const loader = new URL('../../bin/typescript-loader.js', import.meta.url).href;
  const { registerTypeScript } = (await import(loader)) as { registerTypeScript: () => Promise<void> };
  // tsx is an optional peer dependency (it brings esbuild, whose install script npm 11 warns
  // about on every install): a project with TypeScript benchmark files installs it.
  await registerTypeScript().catch((err: unknown) => {
    const code = (err as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw err;
    registered = false;
    throw new Error(
      'TypeScript benchmark files need tsx on this Node (Node 22.18+ strips types itself), and tsx is not installed: npm install --save-dev tsx',
    );
  });
}

/** What a load error of a TypeScript file Node's stripping loaded adds: that tsx may load it. */
export const STRIPPING_HINT =
  " (loaded by Node's type stripping, as tsx is not installed; tsx loads more TypeScript: npm install --save-dev tsx)";
