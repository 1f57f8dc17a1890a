// The mitata and tinybench side of bench/engine/precision.ts: measures ONE shared kernel
// with one tool at its defaults and prints one JSON line with the tool's headline in ns.
//   node --expose-gc --import tsx bench/engine/kernels/other-tools.ts mitata|tinybench 'KERNEL NAME'
// mitata headlines its average (`avg`, the big number of its default output); the kernel's
// value goes through do_not_optimize as mitata's readme asks. tinybench headlines the mean
// latency ("Latency avg" of its table); it times every call with performance.now().
import { bench as mitataBench, do_not_optimize, run as mitataRun } from 'mitata';
import { Bench } from 'tinybench';
import { PRECISION_KERNELS, type PrecisionKernel } from './precision-kernels.js';

const [tool, name] = process.argv.slice(2);
const factory = PRECISION_KERNELS[name as PrecisionKernel];
if (!factory || (tool !== 'mitata' && tool !== 'tinybench')) {
  process.stderr.write(`usage: other-tools.ts mitata|tinybench '${Object.keys(PRECISION_KERNELS).join("'|'")}'\n`);
  process.exit(2);
}
const kernel = factory();

if (tool === 'mitata') {
  mitataBench(name, () => do_not_optimize(kernel()));
  const { benchmarks } = await mitataRun({ format: 'quiet' });
  const stats = benchmarks[0]?.runs[0]?.stats;
  if (!stats) throw new Error(`mitata measured nothing: ${String(benchmarks[0]?.runs[0]?.error)}`);
  process.stdout.write(
    `${JSON.stringify({ tool, kernel: name, headline: stats.avg, median: stats.p50, min: stats.min, samples: stats.samples.length })}\n`,
  );
} else {
  const b = new Bench();
  b.add(name, kernel);
  await b.run();
  const r = b.tasks[0]?.result;
  if (!r || !('latency' in r)) throw new Error(`tinybench measured nothing: ${r?.state}`);
  const ms = 1e6;
  process.stdout.write(
    `${JSON.stringify({ tool, kernel: name, headline: r.latency.mean * ms, median: r.latency.p50 * ms, min: r.latency.min * ms, samples: r.latency.samplesCount })}\n`,
  );
}
