// The mitata and tinybench side of bench/engine/cost.ts: the eight kernels in one process at
// each tool's defaults. Prints nothing but one line; the parent times the whole command.
import { bench as mitataBench, do_not_optimize, run as mitataRun } from 'mitata';
import { Bench } from 'tinybench';
import { costBenchmarks } from './cost-kernels.js';

const tool = process.argv[2];
if (tool === 'mitata') {
  for (const [name, factory] of costBenchmarks()) {
    const f = factory();
    mitataBench(name, () => do_not_optimize(f()));
  }
  await mitataRun({ format: 'quiet' });
} else {
  const b = new Bench();
  for (const [name, factory] of costBenchmarks()) b.add(name, factory());
  await b.run();
}
process.stdout.write(`${tool} done\n`);
