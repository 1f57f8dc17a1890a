// The share of measured time spent in garbage-collection pauses: the collection pause time
// inside the measured batches (Batch.gcNs: GC entries clipped to each batch's window, at
// most its wall time) over those batches' wall time. A share of measured time, so it lies in [0, 1].
// Batches without gcNs (files from before it was recorded) give no share.

import type { Batch } from '../results/schema.js';

export function gcShare(groups: readonly (readonly Batch[])[]): number | null {
  let pause = 0;
  let total = 0;
  let known = false;
  for (const g of groups)
    for (const b of g) {
      // Pauses are wall time: under process-CPU timing the batch's wall time is wallNs.
      const wall = b.wallNs ?? b.ns;
      if (!(wall > 0)) continue;
      total += wall;
      if (typeof b.gcNs === 'number' && Number.isFinite(b.gcNs)) {
        known = true;
        pause += Math.min(Math.max(0, b.gcNs), wall);
      }
    }
  return known && total > 0 ? pause / total : null;
}
