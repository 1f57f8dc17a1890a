// The cyclebench side of bench/engine/cost.ts: eight kernels in one file, as a user writes them,
// importing the package by name (the compiled dist/, through package.json's exports).
import { bench } from 'cyclebench';
import { costBenchmarks } from './cost-kernels.js';

for (const [name, factory] of costBenchmarks()) bench(name, factory);
