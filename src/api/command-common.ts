// What every command of the CLI shares from the layers below the API: the platform, the stop
// signals and the option limits. Re-exported so that the CLI imports only the API and the
// document side (docs/architecture.md); these modules are small, so `cyclebench env` still
// loads no engine.

export { loadPlatform } from '../platform/load.js';
export { platformEnvProblem } from '../platform/env-choice.js';
export type { CounterEventName, Platform } from '../platform/types.js';
export { exitCodeFor, onStopSignals, type StopSignal } from '../orchestrator/stop-signals.js';
export { LIMITS } from '../orchestrator/limits.js';
