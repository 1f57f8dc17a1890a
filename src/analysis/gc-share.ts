// The share of measured time spent in garbage-collection pauses: the collection pause time
// inside the measured batches (Batch.gcNs: GC entries clipped to each batch's window, at
// most its ns) over those batches' time. A share of measured time, so it lies in [0, 1].
// Batches without gcNs (files from before it was recorded) give no share.

import type { Batch } from '../results/schema.js';

export function gcShare(groups: readonly (readonly Batch[])[]): number | null {
  let pause = 0;
  let total = 0;
  let known = false;
  for (const g of groups)
    for (const b of g) {
      if (!(b.ns > 0)) continue;
      total += b.ns;
      if (typeof b.gcNs === 'number' && Number.isFinite(b.gcNs)) {
        known = true;
        pause += Math.min(Math.max(0, b.gcNs), b.ns);
      }
    }
  return known && total > 0 ? pause / total : null;
}
