// What a default run costs: the wall time of `cyclebench run` (fresh processes, 3 per
// benchmark) on eight small kernels, against mitata and tinybench measuring the same kernels
// in one process each, interleaved (rotated order per repetition). Every tool is started the
// same way (node + tsx), so TypeScript start-up is in every figure. cyclebench runs its
// compiled build (dist/, built first), as an installed package does; --source runs the
// command and its workers from the TypeScript sources through tsx instead, as a checkout does
// (the kernel file imports 'cyclebench' by name, so it gets dist/ either way).
// --hogs N starts N CPU hogs (`node -e 'for(;;){}'`) for the whole measurement and stops them.
// --counts 1,10,50 measures suites of that many benchmarks (the eight kernels in turn), each count
// a cell of its own, interleaved with the others; the table then gives the cost per benchmark.
// --tools cyclebench,mitata leaves tinybench out (mitata, the reference, stays).
//   node --import tsx bench/engine/cost.ts [--reps 3] [--source] [--hogs 1] [--counts 8] [--tools …]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ResultDocument } from '../../src/results/schema.js';
import { cyclebenchRun, loadLine, type Ran, ROOT, rotate, runCommand, scratchDir, secs, table } from './cli-runs.js';
import { machine } from './common.js';
import { startHog, stopHogs } from './hogs.js';

const { values: opt } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    source: { type: 'boolean', default: false },
    hogs: { type: 'string', default: '0' },
    counts: { type: 'string', default: '8' },
    tools: { type: 'string', default: 'cyclebench,mitata,tinybench' },
  },
});
const counts = opt.counts.split(',').map(Number);
if (!counts.every((n) => Number.isInteger(n) && n > 0))
  throw new Error(`--counts: whole numbers above 0, got ${opt.counts}`);
const reps = Number(opt.reps);
const hogCount = Number(opt.hogs);
const cyclebenchEnv: Record<string, string> = opt.source ? {} : { CYCLEBENCH_USE_DIST: '1' };
execFileSync('npx', ['tsc', '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
const dir = scratchDir('cost');
const TOOLS = opt.tools.split(',') as ('cyclebench' | 'mitata' | 'tinybench')[];
if (!TOOLS.every((t) => ['cyclebench', 'mitata', 'tinybench'].includes(t)) || !TOOLS.includes('mitata'))
  throw new Error(`--tools: cyclebench, mitata (the reference, always) and tinybench, got ${opt.tools}`);
const wall = new Map<string, number[]>(); // `${count} ${tool}` → wall ms per repetition
const processes = new Map<number, number[]>(); // count → cyclebench's processes per repetition
const build = opt.source ? 'sources through tsx' : 'compiled dist/';
console.log(
  `# cost: wall time of a default run of ${counts.join(', ')} small benchmark(s) (cyclebench: ${build}), ${hogCount} CPU hog(s) started by the bench\n${machine()}\n${loadLine()}\n`,
);
for (let i = 0; i < hogCount; i++) startHog();
for (let rep = 0; rep < reps; rep++)
  for (const count of rotate(counts, rep))
    for (const tool of rotate(TOOLS, rep)) {
      const env = { COST_COUNT: String(count) };
      const run =
        tool === 'cyclebench'
          ? cyclebenchRun(join(ROOT, 'bench/engine/kernels/cost.bench.ts'), join(dir, `${rep}-${count}.json`), [], {
              ...cyclebenchEnv,
              ...env,
            })
          : runCommand(
              process.execPath,
              ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench/engine/kernels/cost-tools.ts'), tool],
              env,
            );
      const r: Ran & { doc?: ResultDocument | null } = run;
      if (r.code !== 0) throw new Error(`${tool} failed: ${r.stderr.slice(-300)}`);
      const key = `${count} ${tool}`;
      wall.set(key, [...(wall.get(key) ?? []), r.wallMs]);
      let line = `rep ${rep}: ${count} benchmark(s), ${tool} ${secs(r.wallMs)}`;
      if (r.doc) {
        const n = r.doc.benchmarks.reduce((s, b) => s + b.forks.length, 0);
        processes.set(count, [...(processes.get(count) ?? []), n]);
        line += ` (${n} processes)`;
      }
      console.log(line);
    }
stopHogs();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = counts.flatMap((count) => {
  const m = median(wall.get(`${count} mitata`)!);
  return TOOLS.map((t) => {
    const w = median(wall.get(`${count} ${t}`)!);
    const procs = t === 'cyclebench' ? (processes.get(count) ?? []).join(', ') : '';
    return [String(count), t, secs(w), secs(w / count), (w / m).toFixed(2), procs];
  });
});
console.log(
  '\n' +
    table(['benchmarks', 'tool', 'median wall', 'per benchmark', '× mitata', 'cyclebench processes'], rows, [
      true,
      false,
      true,
      true,
      true,
      false,
    ]),
);
console.log(`\n${loadLine()}`);
