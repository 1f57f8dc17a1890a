// TypeScript benchmark files in the compiled worker. Node 20 runs only JavaScript, so a .ts
// file needs tsx's loader hooks. They are registered here, just before the file is imported,
// and not with `node --import tsx` at start: once Node's module-hooks thread runs, every later
// import waits on a round trip to it, and the worker's own modules loaded that way cost about
// 350 ms of each process's start (a CPU profile of one worker on the 2-vCPU VM of
// docs/measurements.md). Registered after them, only the benchmark file and what it imports
// pass through tsx. A worker started from the sources already runs under tsx.

let registered = false;

/** Whether a benchmark file needs the TypeScript loader (by its extension, as Node decides). */
export function isTypeScript(file: string): boolean {
  return /\.[cm]?tsx?(\?.*)?$/.test(file);
}

/** Registers tsx's ESM and CommonJS hooks once in this process, if `file` is TypeScript. */
export async function allowTypeScript(file: string): Promise<void> {
  if (registered || !isTypeScript(file) || import.meta.url.endsWith('.ts')) return;
  registered = true;
  // The same pair of hooks `node --import tsx` installs (tsx/dist/loader.mjs).
  const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
  esm.register();
  cjs.register();
}
