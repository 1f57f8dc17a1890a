// Callgrind client requests from native/simulation.cc.
import type { Simulation } from './types.js';

export interface SimulationAddon {
  simulationSupported?: boolean;
  simulationRunning(): number;
  simulationToggleCollect(): void;
  simulationZeroStats(): void;
  simulationStartInstrumentation(): void;
  simulationDumpStats(label: string): void;
}

const NO_HEADERS = 'the addon was built without the Valgrind headers (apt-get install valgrind)';

/** A no-op Simulation that says why; used by the JS platform and addons built without the headers. */
export function unsupportedSimulation(reason: string): Simulation {
  return {
    capability: () => ({ supported: false, reason }),
    running: () => 0,
    toggleCollect: () => {},
    zeroStats: () => {},
    startInstrumentation: () => {},
    dumpStats: () => {},
  };
}

export function createNativeSimulation(addon: SimulationAddon): Simulation {
  if (addon.simulationSupported !== true) return unsupportedSimulation(NO_HEADERS);
  return {
    capability: () => ({ supported: true }),
    running: () => addon.simulationRunning(),
    toggleCollect: () => addon.simulationToggleCollect(),
    zeroStats: () => addon.simulationZeroStats(),
    startInstrumentation: () => addon.simulationStartInstrumentation(),
    dumpStats(label: string) {
      // The label ends up on one line of the dump file.
      addon.simulationDumpStats(String(label).replace(/[\r\n]/g, ' '));
    },
  };
}
