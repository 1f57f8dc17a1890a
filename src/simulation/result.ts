// A benchmark's result under `--counters simulate`: the per-op counts are the figures. Wall time
// under Valgrind (JIT code runs translated, ~20-50x slower, threads serialised) is not the kernel's
// time, so the headline and time estimates are dropped, and so are flags that judge batch times.
// What it says about this is data (details); src/report/details.ts words it.
import type { AnalysisDetail, BenchmarkResult, Flag, SimulationRecord, V8Tier } from '../results/schema.js';
import { namedDetails } from '../analysis/result.js';

/**
 * Flags about the inputs or the process, kept; the others judge wall time and are dropped. GC and
 * page faults are not kept either: the counter set runs a full GC just before counting starts
 * (inside the timed window, outside the counted one), and callgrind counts user-space instructions
 * only. A changed environment (load, frequency) is not flagged under simulation (orchestrator/run.ts).
 */
const KEPT_FLAGS: readonly Flag[] = ['inputs-changed', 'in-process'];
const OPTIMIZED: readonly V8Tier[] = ['turbofan', 'maglev', 'inlined'];

export function markSimulated(r: BenchmarkResult, valgrind = 'Valgrind'): BenchmarkResult {
  if (r.forks.length === 0) return r;
  const records = r.forks.map((f) => f.simulation).filter((x): x is SimulationRecord => x !== undefined);
  const details: AnalysisDetail[] = [{ code: 'simulated-wall-time', severity: 'info', values: {} }];
  const out: BenchmarkResult = {
    ...r,
    headline: null,
    estimates: null,
    flags: [...r.flags.filter((f) => KEPT_FLAGS.includes(f)), 'simulated'],
  };
  delete out.relative;
  const finish = () => ({ ...out, details: [...(r.details ?? []), ...namedDetails(r, details)] });
  if (records.length === 0) {
    if (!r.error) details.push({ code: 'not-simulated', severity: 'warning', values: { valgrind } });
    return finish();
  }
  const tiers = records.map((x) => x.tier);
  const steady = records.every((x) => x.steady);
  out.simulation = { tiers, steady, ...(records[0].caches ? { caches: records[0].caches } : {}) };
  details.push({ code: 'simulated', severity: 'info', values: { valgrind, tiers, caches: records[0].caches ?? null } });
  const slow = tiers.filter((t) => !OPTIMIZED.includes(t) && t !== 'unknown');
  if (slow.length > 0) {
    out.flags.push('not-optimized');
    details.push({ code: 'not-optimized', severity: 'warning', values: { tier: slow[0] } });
  }
  if (!steady) details.push({ code: 'simulation-unsteady', severity: 'warning', values: {} });
  return finish();
}
