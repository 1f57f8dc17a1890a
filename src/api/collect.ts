// Loading a benchmark file to list (or select) its benchmarks without measuring.

import { pathToFileURL } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
import { currentMode, setMode } from './mode.js';
import { instances, resetRegistry, toDescriptor, type BenchInstance } from './registry.js';
import type { BenchmarkDescriptor } from './types.js';

let loads = 0;

/** A file: URL for a path or URL string (relative paths against the cwd). */
export function toFileUrl(file: string | URL): string {
  if (file instanceof URL) return file.href;
  if (/^file:/.test(file)) return file;
  return pathToFileURL(isAbsolute(file) ? file : resolve(file)).href;
}

/**
 * Imports `file` in collect mode and returns its instances (with their functions).
 * The registry is reset first; a query string makes every load a fresh module
 * evaluation (the ESM cache is keyed by URL), so registration state is per load.
 * Errors thrown by the import propagate (the worker reports them as kind 'load').
 */
export async function loadInstances(file: string | URL): Promise<BenchInstance[]> {
  const url = toFileUrl(file);
  const previous = currentMode();
  resetRegistry(url);
  setMode('collect');
  try {
    await import(loads++ === 0 ? url : `${url}?cyclebench-load=${loads}`);
    return instances();
  } finally {
    setMode(previous);
  }
}

/** The serialisable descriptors of a file's benchmarks, in a deterministic order. */
export async function collectBenchmarks(file: string | URL): Promise<BenchmarkDescriptor[]> {
  return (await loadInstances(file)).map(toDescriptor);
}
