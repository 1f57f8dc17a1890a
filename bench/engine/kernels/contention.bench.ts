// The cyclebench side of bench/engine/contention.ts: the three kernels in one file, as a
// user would write them; `cyclebench run` measures each in its own fresh processes.
import { bench, group } from '../../../src/index.js';
import { CONTENTION_GROUP, CONTENTION_KERNELS } from './contention-kernels.js';

group(CONTENTION_GROUP, () => {
  for (const [name, factory] of Object.entries(CONTENTION_KERNELS)) bench(name, factory);
});
