// Public surface of `cyclebench stat` as a library.
export { stat, toArgv, commandLabel, DEFAULT_RUNS } from './stat.js';
export { REPORTERS, type StatFormat, type StatReporter } from './report.js';
export { compareMetric, compareAll, DEFAULT_NOISE_THRESHOLD } from './compare.js';
export { METRICS, ALL_EVENTS } from './metrics.js';
export type * from './types.js';
