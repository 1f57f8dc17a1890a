// What reading V8's tiers and deoptimizations in every measured process costs a default run
// (src/worker/v8-watch.ts): the wall time of `cyclebench run` on eight small kernels with it on
// (the default) and off (--no-v8-status), interleaved (rotated order per repetition), and the
// watch's own work timed in this process: starting it (the flags, the trace file, the tier
// reader) and one batch's pair of marks (two fstat calls), which a process pays once per batch
// (warm-up and sampled batches, preempted ones included).
//   node --import tsx bench/engine/v8-status-cost.ts [--reps 5]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { cyclebenchRun, loadLine, ROOT, rotate, scratchDir, secs } from './cli-runs.js';
import { machine } from './common.js';
import { startV8Watch } from '../../src/worker/v8-watch.js';

const { values: opt } = parseArgs({ options: { reps: { type: 'string', default: '5' } } });
const reps = Number(opt.reps);
const dir = scratchDir('v8-status-cost');
const FILE = join(ROOT, 'bench/engine/kernels/cost.bench.ts');
const SIDES = ['on', 'off'] as const;
const wall: Record<(typeof SIDES)[number], number[]> = { on: [], off: [] };
const processes: number[] = [];
const batches: number[] = [];

console.log(
  `# cost of V8 status per measured process: wall time of a default run of 8 small kernels\n${machine()}\n${loadLine()}\n`,
);
for (let rep = 0; rep < reps; rep++)
  for (const side of rotate(SIDES, rep)) {
    const r = cyclebenchRun(FILE, join(dir, `${rep}-${side}.json`), side === 'off' ? ['--no-v8-status'] : []);
    if (r.code !== 0) throw new Error(`run (${side}) failed: ${r.stderr.slice(-300)}`);
    wall[side].push(r.wallMs);
    if (side === 'on' && r.doc) {
      const forks = r.doc.benchmarks.flatMap((b) => b.forks);
      processes.push(forks.length);
      batches.push(forks.reduce((n, f) => n + f.batches.length + f.warmup.batches, 0));
      if (!forks.every((f) => f.v8)) throw new Error('a process of the default run has no V8 record');
    }
    console.log(`rep ${rep}: ${side} ${secs(r.wallMs)}`);
  }

// The watch's own work, timed here (the same calls a worker makes).
const t0 = performance.now();
const watch = startV8Watch('kernel');
const startMs = performance.now() - t0;
const PAIRS = 20_000;
const t1 = performance.now();
for (let i = 0; i < PAIRS; i++) {
  watch.batchMarks.before();
  watch.batchMarks.after();
}
const pairUs = ((performance.now() - t1) * 1000) / PAIRS;
watch.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ratios = wall.on.map((w, i) => w / wall.off[i]);
const perRun = median(processes) * startMs + (median(batches) * pairUs) / 1000;
console.log(
  `\nmedian wall: on ${secs(median(wall.on))}, off ${secs(median(wall.off))}; ` +
    `on/off per repetition: ${ratios.map((r) => r.toFixed(3)).join(', ')} (median ${median(ratios).toFixed(3)})`,
);
console.log(
  `watch: start ${startMs.toFixed(2)} ms per process, ${pairUs.toFixed(2)} µs per batch; a default run here has ` +
    `${median(processes)} processes and ${median(batches)} batches: ${perRun.toFixed(0)} ms, ` +
    `${((perRun / median(wall.off)) * 100).toFixed(2)} % of its wall time`,
);
console.log(`\n${loadLine()}`);
