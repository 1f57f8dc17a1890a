// The cyclebench side of bench/engine/cost.ts: eight kernels in one file, as a user writes them.
import { bench } from '../../../src/index.js';
import { COST_KERNELS } from './cost-kernels.js';

for (const [name, factory] of Object.entries(COST_KERNELS)) bench(name, factory);
