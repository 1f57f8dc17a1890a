// Turning raw batches into estimates, flags and comparisons.
export * from './defaults.js';
export * from './fork-fit.js';
export * from './half-width.js';
export * from './contamination.js';
export * from './counters.js';
export { analyzeLatency } from './latency.js';
export { analyzeBenchmark, type BenchmarkAnalysis } from './estimate.js';
export { compareForks, type ForkCompareOptions, type ForkComparison } from './compare.js';
