// The cyclebench side of bench/engine/precision.ts: the shared kernels registered as
// benchmarks; the script selects one per invocation with --filter.
import { bench, group } from '../../../src/index.js';
import { GROUP, PRECISION_KERNELS } from './precision-kernels.js';

group(GROUP, () => {
  for (const [name, factory] of Object.entries(PRECISION_KERNELS)) bench(name, factory);
});
