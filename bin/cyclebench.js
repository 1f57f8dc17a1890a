#!/usr/bin/env node
// The installed command. The published package ships only dist/ (compiled); a source
// checkout runs src/ through tsx, so a stale dist/ can never shadow the sources being
// worked on (set CYCLEBENCH_USE_DIST=1 to run the compiled build from a checkout).
import { existsSync } from 'node:fs';

// A reader that goes away (`cyclebench compare a.json b.json | head -1`) is not an error: what is
// left to print is dropped, and the command still finishes (its result files are still written).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
  });
}

const src = new URL('../src/cli/main.ts', import.meta.url);
const dist = new URL('../dist/cli/main.js', import.meta.url);
let mod;
if (existsSync(src) && process.env.CYCLEBENCH_USE_DIST !== '1') {
  // tsx with a checked private cache, or none (./typescript-loader.js).
  const { registerTypeScript } = await import('./typescript-loader.js');
  await registerTypeScript();
  mod = await import(src.href);
} else {
  mod = await import(dist.href);
}
process.exitCode = await mod.main(process.argv.slice(2));
