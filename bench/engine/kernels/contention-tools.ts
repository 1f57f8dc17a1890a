// The mitata and tinybench side of bench/engine/contention.ts: every kernel of one set in one
// process, as their users write a suite, at each tool's defaults; prints one JSON line
// { name: headline ns }. mitata headlines its average, tinybench its mean latency.
//   node --expose-gc --import tsx bench/engine/kernels/contention-tools.ts mitata|tinybench compute|alloc
import { bench as mitataBench, do_not_optimize, run as mitataRun } from 'mitata';
import { Bench } from 'tinybench';
import { ALLOC_KERNELS } from './contention-alloc-kernels.js';
import { CONTENTION_KERNELS } from './contention-kernels.js';

const [tool, set] = process.argv.slice(2);
const kernels: Record<string, () => () => unknown> | undefined =
  set === 'compute' ? CONTENTION_KERNELS : set === 'alloc' ? ALLOC_KERNELS : undefined;
const out: Record<string, number> = {};
if (tool === 'mitata' && kernels) {
  for (const [name, factory] of Object.entries(kernels)) {
    const k = factory();
    mitataBench(name, () => do_not_optimize(k()));
  }
  const { benchmarks } = await mitataRun({ format: 'quiet' });
  for (const b of benchmarks) {
    const stats = b.runs[0]?.stats;
    if (stats) out[b.alias] = stats.avg;
  }
} else if (tool === 'tinybench' && kernels) {
  const b = new Bench();
  for (const [name, factory] of Object.entries(kernels)) b.add(name, factory());
  await b.run();
  for (const t of b.tasks) {
    const r = t.result;
    if (r && 'latency' in r) out[t.name] = r.latency.mean * 1e6;
  }
} else {
  process.stderr.write('usage: contention-tools.ts mitata|tinybench compute|alloc\n');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(out)}\n`);
