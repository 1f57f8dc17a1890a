// What `cyclebench stat` needs from src/stat/, re-exported so that the CLI imports only the
// API and the document side (docs/architecture.md).

export { stat } from '../stat/stat.js';
export { REPORTERS, type StatFormat } from '../stat/report.js';
export { ALL_EVENTS, isEventName } from '../stat/metrics.js';
export type { StatPlatform, StatResult } from '../stat/types.js';
export { DEFAULT_RUNS } from '../stat/stat.js';
export type { CounterEventName } from '../platform/types.js';
