// The mitata and tinybench side of bench/engine/contention-alloc.ts: every kernel in one
// process, at each tool's defaults; prints one JSON line { name: headline ns }.
//   node --expose-gc --import tsx bench/engine/kernels/contention-alloc-tools.ts mitata|tinybench
import { bench as mitataBench, do_not_optimize, run as mitataRun } from 'mitata';
import { Bench } from 'tinybench';
import { ALLOC_KERNELS } from './contention-alloc-kernels.js';

const tool = process.argv[2];
const out: Record<string, number> = {};
if (tool === 'mitata') {
  for (const [name, factory] of Object.entries(ALLOC_KERNELS)) {
    const k = factory();
    mitataBench(name, () => do_not_optimize(k()));
  }
  const { benchmarks } = await mitataRun({ format: 'quiet' });
  for (const b of benchmarks) {
    const stats = b.runs[0]?.stats;
    if (stats) out[b.alias] = stats.avg;
  }
} else if (tool === 'tinybench') {
  const b = new Bench();
  for (const [name, factory] of Object.entries(ALLOC_KERNELS)) b.add(name, factory());
  await b.run();
  for (const t of b.tasks) {
    const r = t.result;
    if (r && 'latency' in r) out[t.name] = r.latency.mean * 1e6;
  }
} else {
  process.stderr.write('usage: contention-alloc-tools.ts mitata|tinybench\n');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(out)}\n`);
