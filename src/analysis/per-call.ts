// What a benchmark timed call by call says about it (src/engine/per-call.ts): a kernel with
// beforeEach/afterEach hooks has every call timed on its own and the clock's calibrated cost
// taken out of each; the result says so with the cost removed, as latency mode does.
import { median } from 'simple-statistics';
import type { AnalysisDetail, ForkResult } from '../results/schema.js';

/** One info detail when the benchmark's processes timed each call alone; none otherwise. */
export function perCallDetails(forks: readonly ForkResult[]): AnalysisDetail[] {
  const timed = forks.filter((f) => f.perCall && f.clockHz > 0);
  if (timed.length === 0) return [];
  const ns = (f: ForkResult, ticks: number) => (ticks * 1e9) / f.clockHz;
  const overheadNs = median(timed.map((f) => ns(f, f.perCall!.overheadTicks)));
  const jitterNs = median(timed.map((f) => ns(f, f.perCall!.overheadP90Ticks - f.perCall!.overheadP10Ticks)));
  return [{ code: 'per-call-timing', severity: 'info', values: { overheadNs, jitterNs, processes: timed.length } }];
}
