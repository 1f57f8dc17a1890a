// Loads the default platform for `stat` when the caller passes none.
// TODO(load): import { loadPlatform } from '../platform/load.js' statically once
// src/platform/load.ts is committed; the indirect specifier keeps this file compiling
// (and failing with a clear message) while it is not.

import type { Platform } from '../platform/types.js';

const LOAD_MODULE = '../platform/load.js';

export async function loadDefaultPlatform(): Promise<Platform> {
  let mod: { loadPlatform?: () => Platform };
  try {
    mod = (await import(LOAD_MODULE)) as { loadPlatform?: () => Platform };
  } catch (e) {
    throw new Error(`cyclebench stat: cannot load the platform (src/platform/load.ts): ${(e as Error).message}`);
  }
  if (typeof mod.loadPlatform !== 'function') throw new Error('cyclebench stat: src/platform/load.ts exports no loadPlatform()');
  return mod.loadPlatform();
}
