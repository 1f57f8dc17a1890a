// A benchmark's result under `--counters simulate`: the per-op counts are the figures. Wall time
// under Valgrind (JIT code runs translated, ~20-50x slower, threads serialised) is not the kernel's
// time, so the headline and time estimates are dropped, and so are flags that judge batch times.
import type { BenchmarkResult, Flag, SimulationRecord, V8Tier } from '../results/schema.js';

/** Flags about the simulated counts or the run, kept; the others judge wall time and are dropped. */
const KEPT_FLAGS: readonly Flag[] = ['gc-during-batches', 'page-faults', 'environment-changed'];
const OPTIMIZED: readonly V8Tier[] = ['turbofan', 'maglev'];

export const WALL_TIME_NOTE =
  "simulated counters: time under Valgrind is not the kernel's time and is not reported; simulation cannot show " +
  'time, frequency, memory latency or the real branch predictor (JIT code runs translated, threads one at a time)';

export function markSimulated(r: BenchmarkResult, valgrind = 'Valgrind'): BenchmarkResult {
  if (r.forks.length === 0) return r;
  const records = r.forks.map((f) => f.simulation).filter((x): x is SimulationRecord => x !== undefined);
  const out: BenchmarkResult = {
    ...r,
    headline: null,
    estimates: null,
    flags: [...r.flags.filter((f) => KEPT_FLAGS.includes(f)), 'simulated'],
    notes: [...(r.notes ?? []), WALL_TIME_NOTE],
  };
  delete out.relative;
  if (records.length === 0) {
    if (!r.error) out.warnings = [...r.warnings, 'no process was counted under Valgrind: no simulated figures'];
    return out;
  }
  const tiers = records.map((x) => x.tier);
  const steady = records.every((x) => x.steady);
  out.simulation = { tiers, steady, ...(records[0].caches ? { caches: records[0].caches } : {}) };
  const caches = records[0].caches?.join('; ') ?? 'no cache simulation';
  out.notes = [
    ...(out.notes ?? []),
    `counts simulated by ${valgrind} (callgrind), kernel tier ${tiers.join('/')}; ${caches}`,
  ];
  const slow = tiers.filter((t) => !OPTIMIZED.includes(t) && t !== 'unknown');
  if (slow.length > 0) {
    out.flags.push('not-optimized');
    out.warnings = [...out.warnings, `V8 ran the kernel in its ${slow[0]} tier, not optimized, while it was counted`];
  }
  if (!steady)
    out.warnings = [
      ...out.warnings,
      'per-call instruction counts were still changing at the end of warm-up: the kernel may not have settled',
    ];
  return out;
}
