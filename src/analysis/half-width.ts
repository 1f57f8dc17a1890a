// The precision measure the engine's adaptive stop uses (target 1 %).
import type { Headline } from '../results/schema.js';

/** Relative CI half-width (ciHigh - ciLow) / 2 / |point|; Infinity when the point is 0 or the CI is undefined. */
export function relativeHalfWidth(h: Pick<Headline, 'point' | 'ciLow' | 'ciHigh'>): number {
  const half = (h.ciHigh - h.ciLow) / 2;
  if (!Number.isFinite(half)) return Infinity;
  return h.point === 0 ? (half === 0 ? 0 : Infinity) : half / Math.abs(h.point);
}
