// THE one file that loads the .node (habit 4). node-gyp-build looks for a prebuild
// (prebuilds/<platform>-<arch>/) and then build/Release under the package root.
// CYCLEBENCH_PLATFORM=js forces the pure-JS platform; a failed load becomes the JS
// platform with the reason and the fix, never an exception.

import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORM_ENV, platformEnvProblem } from './env-choice.js';
import { createJsPlatform } from './js.js';
import { createNativePlatform, type NativeAddon } from './native.js';
import type { Platform, PlatformKind } from './types.js';

const require = createRequire(import.meta.url);

/**
 * Package root: this file is src/platform/load.ts in development (tsx) and
 * dist/platform/load.js when compiled; both are two levels below the root.
 */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export { PLATFORM_ENV };

export type AddonLoad = { addon: NativeAddon; error?: undefined } | { addon?: undefined; error: string };

// The package ships prebuilds for linux-x64 and linux-arm64 and has no install script (an
// install script makes npm 11 warn on every install); elsewhere the addon is built on request
// from the sources it ships (docs/node-versions.md).
const howToFix = (root: string) =>
  `to fix: build it from the shipped sources with \`npm run build:native\` in ${root} ` +
  '(`npm explore cyclebench -- npm run build:native`; needs a C++ toolchain and python3 for node-gyp)';

/** Loads the addon from a package root; returns the error text instead of throwing. */
export function loadAddon(root: string = PACKAGE_ROOT): AddonLoad {
  try {
    const build = require('node-gyp-build') as (dir: string) => unknown;
    const addon = build(root) as NativeAddon;
    if (typeof addon?.clockStart !== 'function') {
      return { error: `the addon at ${root} lacks the expected exports (stale build?); ${howToFix(root)}` };
    }
    return { addon };
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    return { error: `native addon failed to load: ${msg}; ${howToFix(root)}` };
  }
}

/**
 * A platform of the requested kind. 'native' falls back to 'js' (with the reason in
 * fallbackReason) when the addon cannot be loaded. Never throws.
 */
export function createPlatform(kind: PlatformKind, root: string = PACKAGE_ROOT): Platform {
  if (kind === 'js') return createJsPlatform(`pure-JS platform requested`);
  const loaded = loadAddon(root);
  if (loaded.error !== undefined) return createJsPlatform(loaded.error);
  try {
    return createNativePlatform(loaded.addon);
  } catch (e) {
    return createJsPlatform(`native platform failed to initialise: ${(e as Error).message}; ${howToFix(root)}`);
  }
}

let cached: Platform | undefined;

/** The process-wide platform (cached). CYCLEBENCH_PLATFORM=js forces the JS one; an unknown value throws. */
export function loadPlatform(): Platform {
  if (cached) return cached;
  const problem = platformEnvProblem();
  if (problem) throw new Error(problem);
  cached =
    process.env[PLATFORM_ENV] === 'js'
      ? createJsPlatform(`${PLATFORM_ENV}=js forces the pure-JS platform`)
      : createPlatform('native');
  return cached;
}
