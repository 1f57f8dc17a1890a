// Worker side of `--counters simulate`: the callgrind-backed counter set, when this process really
// runs under Valgrind with an addon built with its headers; otherwise a detail saying why and no counters.
import type { CounterSet, Platform } from '../platform/types.js';
import type { AnalysisDetail } from '../results/schema.js';
import { CallgrindCounterSet } from './counter-set.js';
import type { SimulationChoice } from './events.js';

export function openSimulatedCounters(
  platform: Platform,
  request: SimulationChoice & { outFile: string },
  details: AnalysisDetail[],
): CounterSet | undefined {
  const capability = platform.simulation.capability();
  if (!capability.supported) {
    details.push({
      code: 'simulation-unsupported',
      severity: 'warning',
      values: { reason: capability.reason ?? null },
    });
    return undefined;
  }
  if (platform.simulation.running() === 0) {
    details.push({ code: 'not-under-valgrind', severity: 'warning', values: {} });
    return undefined;
  }
  return new CallgrindCounterSet(platform.simulation, request.outFile, request);
}
