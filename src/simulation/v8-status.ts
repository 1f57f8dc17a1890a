// The tier V8 runs a function in, from %GetOptimizationStatus (flag bits of V8's
// src/runtime/runtime.h OptimizationStatus). The bit positions differ between V8 versions:
// V8 14 (Node 26) has one flag fewer below kOptimized, so every flag from kOptimized up sits one
// bit lower than in V8 11-13 (Node 20-24). Observed: a function TurboFan compiled reads 0b1010001
// on Node 20-24 and 0b101001 on Node 26 (docs/node-versions.md). The layout is told at run time
// from a function compiled but never called, which reads IsFunction | Interpreted on every version;
// a process whose V8 reads anything else gets 'unknown' tiers rather than a misread tier.
import { setFlagsFromString } from 'node:v8';
import type { V8Tier } from '../results/schema.js';

export interface StatusLayout {
  readonly maglev: number;
  readonly turbofan: number;
  readonly interpreted: number;
  readonly baseline: number;
  readonly lazy: number;
}

const IS_FUNCTION = 1 << 0;

/** V8 11-13 (Node 20, 22, 24). */
export const LAYOUT_V8_11: StatusLayout = {
  maglev: 1 << 5,
  turbofan: 1 << 6,
  interpreted: 1 << 7,
  baseline: 1 << 15,
  lazy: 1 << 18,
};

/** V8 14 (Node 26): the same flags one bit lower. */
export const LAYOUT_V8_14: StatusLayout = {
  maglev: 1 << 4,
  turbofan: 1 << 5,
  interpreted: 1 << 6,
  baseline: 1 << 14,
  lazy: 1 << 17,
};

/** The layout whose never-called-function reading is `status`, or null for an unknown layout. */
export function layoutOf(neverCalledStatus: number): StatusLayout | null {
  for (const layout of [LAYOUT_V8_11, LAYOUT_V8_14])
    if (neverCalledStatus === (IS_FUNCTION | layout.interpreted)) return layout;
  return null;
}

export function tierOf(status: number | null, layout: StatusLayout | null = LAYOUT_V8_11): V8Tier {
  if (status === null || layout === null || !(status & IS_FUNCTION)) return 'unknown';
  if (status & layout.turbofan) return 'turbofan';
  if (status & layout.maglev) return 'maglev';
  if (status & layout.baseline) return 'baseline';
  if (status & (layout.interpreted | layout.lazy)) return 'interpreted';
  // No tier at all: the function ran only inlined into optimized code (seen for `() => 0` inside a
  // TurboFan loop, status 1); its own tier cannot be told.
  return 'unknown';
}

/** A function returning the tier of a function, 'unknown' throughout when natives syntax cannot be enabled. */
export function tierReader(): (f: unknown) => V8Tier {
  let status: (f: unknown) => number;
  try {
    setFlagsFromString('--allow-natives-syntax');
    status = new Function('f', 'return %GetOptimizationStatus(f)') as (f: unknown) => number;
  } catch {
    return () => 'unknown';
  }
  const layout = layoutOf(status(new Function('return 0')));
  return (f) => tierOf(status(f), layout);
}
