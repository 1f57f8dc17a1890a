// Loads the default platform for `stat` when the caller passes none (native addon, or the
// pure-JS fallback with its reason; CYCLEBENCH_PLATFORM=js forces the latter).

import { loadPlatform } from '../platform/load.js';
import type { Platform } from '../platform/types.js';

export async function loadDefaultPlatform(): Promise<Platform> {
  return loadPlatform();
}
