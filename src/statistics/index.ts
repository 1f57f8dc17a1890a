// Pure statistics for cyclebench, one concept per file.
export * from './rng.js';
export * from './describe.js';
export * from './normal.js';
export * from './tdist.js';
export * from './regression.js';
export * from './bootstrap.js';
export * from './outliers.js';
export * from './shape.js';
export * from './power.js';
export * from './mann-whitney.js';
