// TypeScript benchmark files in the compiled worker. Node 20 runs only JavaScript, so a .ts
// file needs tsx's loader hooks. They are registered just before the file is imported, and not
// with `node --import tsx` at start: once Node's module-hooks thread runs, every later import
// waits on a round trip to it. Registered after the worker's own modules (and the package entry,
// worker/main.ts), only the benchmark file and what it imports pass through tsx: one kernel in 3
// processes took 2.25 s instead of 2.9 s, about 160 ms less per process (the 2-vCPU VM of
// docs/measurements.md, "Cost of a default run"). A worker started from the sources already
// runs under tsx.

let registered = false;

/** Whether a benchmark file is TypeScript (by its extension, as Node decides). */
export function isTypeScript(file: string): boolean {
  return /\.[cm]?tsx?(\?.*)?$/.test(file);
}

/** Whether this process must register the TypeScript loader before importing `file`. */
export function needsTypeScriptLoader(file: string): boolean {
  return !registered && isTypeScript(file) && !import.meta.url.endsWith('.ts');
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
    throw new Error('TypeScript benchmark files need tsx, which is not installed: npm install --save-dev tsx');
  });
}
