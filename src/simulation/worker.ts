// Worker side of `--counters simulate`: the callgrind-backed counter set, when this process really
// runs under Valgrind with an addon built with its headers; otherwise a warning and no counters.
import type { CounterSet, Platform } from '../platform/types.js';
import { CallgrindCounterSet } from './counter-set.js';
import type { SimulationChoice } from './events.js';

export function openSimulatedCounters(
  platform: Platform,
  request: SimulationChoice & { outFile: string },
  warnings: string[],
): CounterSet | undefined {
  const capability = platform.simulation.capability();
  if (!capability.supported) {
    warnings.push(`simulated counters unavailable: ${capability.reason ?? 'unsupported'}`);
    return undefined;
  }
  if (platform.simulation.running() === 0) {
    warnings.push('simulated counters unavailable: this process is not running under Valgrind');
    return undefined;
  }
  return new CallgrindCounterSet(platform.simulation, request.outFile, request);
}
