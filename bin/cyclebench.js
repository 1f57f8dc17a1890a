#!/usr/bin/env node
// The installed command. Runs the compiled CLI from dist/; in a source checkout that has
// not been built yet, runs the TypeScript sources through tsx instead.
import { existsSync } from 'node:fs';

const dist = new URL('../dist/cli/main.js', import.meta.url);
let mod;
if (existsSync(dist)) {
  mod = await import(dist.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  mod = await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
process.exitCode = await mod.main(process.argv.slice(2));
