// What `cyclebench run` (alone and with --against) needs from the layers below the API: the
// run's settings, limits and errors, re-exported so that the CLI imports only the API and the
// document side (docs/architecture.md). Nothing here has logic of its own.

export { DiscoveryError, findBenchFiles, NotAFileError } from '../orchestrator/discover.js';
export { NothingToRunError, RefusedFileError } from '../orchestrator/suite.js';
export { DEFAULT_RUN_OPTIONS } from '../orchestrator/run.js';
export { ConditionError, DEFAULT_PIN_POLICY } from '../orchestrator/conditions.js';
export { DISAGREE_ABOVE } from '../analysis/more-processes.js';
export {
  ALLOCATING_LARGEST_BATCH_NS,
  TARGET_LARGEST_BATCH_NS,
  WARMUP_BUDGET_NS,
  WARMUP_MIN_NS,
  WARMUP_COLLECTING_MIN_NS,
} from '../engine/defaults.js';
export { SIMULATED_FORKS, SIMULATED_TIMEOUT_MS, SimulationUnavailableError } from '../simulation/launch.js';
export type { SimulationChoice } from '../simulation/events.js';
export { flagName, NOT_PAIRED } from '../paired/not-paired.js';
export { DEFAULT_MAX_PAIRS, runAgainst } from '../paired/against.js';
export { OtherTreeError } from '../paired/other-tree.js';
export { rowName } from '../paired/render.js';
export { isPaired, SideError, splitFlags, type SideSpec } from '../paired/sides.js';
export { exitCodeFor } from '../orchestrator/stop-signals.js';
