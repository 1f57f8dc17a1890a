// The cyclebench side of bench/engine/contention.ts `--kernels alloc`: the allocating kernels in one file;
// `cyclebench run` measures each in its own fresh processes.
import { bench, group } from '../../../src/index.js';
import { ALLOC_GROUP, ALLOC_KERNELS } from './contention-alloc-kernels.js';

group(ALLOC_GROUP, () => {
  for (const [name, factory] of Object.entries(ALLOC_KERNELS)) bench(name, factory);
});
