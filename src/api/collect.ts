// Loading a benchmark file to list (or select) its benchmarks without measuring.

import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { resetLoadWork, restoreLoadWork, saveLoadWork, settleLoadWork } from './load-work.js';
import { currentMode, setMode } from './mode.js';
import {
  instances,
  resetRegistry,
  restoreRegistry,
  saveRegistry,
  toDescriptor,
  type BenchInstance,
} from './registry.js';
import type { BenchmarkDescriptor } from './types.js';

let loads = 0;
const requireModule = createRequire(import.meta.url);

/** A file: URL for a path or URL string (relative paths against the cwd). */
export function toFileUrl(file: string | URL): string {
  if (file instanceof URL) return file.href;
  if (/^file:/.test(file)) return file;
  return pathToFileURL(isAbsolute(file) ? file : resolve(file)).href;
}

/**
 * Imports `file` in collect mode and returns its instances (with their functions).
 * The registry is reset first; a query string makes every load after the first (every load,
 * with `fresh`) a fresh module evaluation (the ESM cache is keyed by URL), so registration
 * state is per load.
 * A CommonJS file (.cjs, .cts, or .js outside a "type": "module" package) is loaded with
 * require, after dropping it from require's cache (keyed by path): import() of it under a
 * loader hook (tsx) runs it through the ESM loader's own require, which cannot load an ES
 * module (`require('cyclebench')`) on Node 20.
 * Work the file queued while loading (load-work.ts: vitest 5's test bodies) is awaited before listing.
 * Errors thrown by the import propagate (the worker reports them as kind 'load').
 */
export async function loadInstances(file: string | URL, fresh = false): Promise<BenchInstance[]> {
  const url = toFileUrl(file);
  const previous = currentMode();
  resetRegistry(url);
  resetLoadWork();
  setMode('collect');
  try {
    const path = fileURLToPath(url);
    if (isCommonJs(path)) {
      delete requireModule.cache[path];
      requireModule(path);
    } else await import(loads++ === 0 && !fresh ? url : `${url}?cyclebench-load=${loads}`);
    await settleLoadWork();
    return instances();
  } finally {
    setMode(previous);
  }
}

/** .cjs and .cts files, and .js files whose nearest package.json does not say "type": "module" (Node's rule). */
function isCommonJs(path: string): boolean {
  if (/\.c[jt]s$/.test(path)) return true;
  if (!path.endsWith('.js')) return false;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    let text: string | null = null;
    try {
      text = readFileSync(join(dir, 'package.json'), 'utf8');
    } catch {
      // no package.json here: look further up
    }
    if (text !== null) {
      try {
        return (JSON.parse(text) as { type?: unknown }).type !== 'module';
      } catch {
        return false; // an unreadable package.json: leave the decision to import()
      }
    }
    if (dirname(dir) === dir) return true;
  }
}

/**
 * The serialisable descriptors of a file's benchmarks, in a deterministic order. The file is
 * evaluated afresh even when the caller has imported it already (a cached module would register
 * nothing), and the caller's own registrations (bench() calls for run()) are kept.
 */
export async function collectBenchmarks(file: string | URL): Promise<BenchmarkDescriptor[]> {
  if (!((typeof file === 'string' && file !== '') || file instanceof URL))
    throw new TypeError(`collectBenchmarks: pass a file name or a file: URL, got ${String(file)}`);
  // One load at a time: two overlapping calls would each save the other's half-loaded registry
  // and put it back as the caller's.
  const turn = collecting.then(async () => {
    const registry = saveRegistry();
    const work = saveLoadWork();
    try {
      return (await loadInstances(file, true)).map(toDescriptor);
    } finally {
      restoreRegistry(registry);
      restoreLoadWork(work);
    }
  });
  collecting = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

let collecting: Promise<unknown> = Promise.resolve();
