// The precision measure the engine's adaptive stop uses (target 1 %).
import type { Headline } from '../results/schema.js';

/**
 * Relative CI half-width: the longer side of the interval over |point| (the two sides are equal
 * unless the lower bound was clipped at zero, estimate.ts); Infinity when the point is 0 or the
 * CI is undefined.
 */
export function relativeHalfWidth(h: Pick<Headline, 'point' | 'ciLow' | 'ciHigh'>): number {
  const half = Math.max(h.ciHigh - h.point, h.point - h.ciLow);
  if (!Number.isFinite(half)) return Infinity;
  return h.point === 0 ? (half === 0 ? 0 : Infinity) : half / Math.abs(h.point);
}
