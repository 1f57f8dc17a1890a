// Accuracy under contention: a kernel and the same kernel doing exactly twice the work
// (truth: ratio 2.000) and two identical kernels (truth: 1.000), measured by cyclebench at its
// defaults (`cyclebench run`, fresh processes), mitata and tinybench (all kernels in one
// process, as their users run them), with 0, 1 and 2 CPU hogs (`node -e 'for(;;){}'`) that
// this script starts and stops itself. Conditions and tools are interleaved per repetition
// (rotated orders), so the host's slow spells hit every tool and condition alike.
//
//   node --import tsx bench/engine/contention.ts [--reps 5] [--conditions 0,1,2] [--json FILE]
//
// Per run it prints each tool's 2×/1× and A/A ratios, and for cyclebench the share of
// batches that were preempted (left out and measured again), the shares of processes left out
// as slow (yardstick) or odd (far from siblings that agree), and the wall time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  cyclebenchRun,
  elapsed,
  findBenchmark,
  loadLine,
  ROOT,
  rotate,
  runCommand,
  scratchDir,
  secs,
  table,
  why,
} from './cli-runs.js';
import { machine } from './common.js';
import { startHog, stopHogs } from './hogs.js';
import { CONTENTION_GROUP } from './kernels/contention-kernels.js';

const TOOLS = ['cyclebench', 'mitata', 'tinybench'] as const;
type Tool = (typeof TOOLS)[number];

const { values: opt } = parseArgs({
  options: {
    reps: { type: 'string', default: '5' },
    conditions: { type: 'string', default: '0,1,2' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opt.help) {
  console.log('node --import tsx bench/engine/contention.ts [--reps N] [--conditions 0,1,2] [--json FILE]');
  process.exit(0);
}
const reps = Number(opt.reps);
const conditions = opt.conditions!.split(',').map(Number);
if (!Number.isInteger(reps) || reps < 1) throw new Error('--reps must be a positive integer');

const BENCH_FILE = join(ROOT, 'bench/engine/kernels/contention.bench.ts');
const TOOLS_SCRIPT = join(ROOT, 'bench/engine/kernels/contention-tools.ts');
const dir = scratchDir('contention');

interface Sample {
  rep: number;
  hogs: number;
  tool: Tool;
  ratio: number | null;
  aa: number | null;
  wallMs: number;
  /** cyclebench: preempted batches / all batches over the three benchmarks. */
  preempted?: number;
  /** cyclebench: processes found in a slow state (yardstick ≥ 1.25× the run's median) / all processes. */
  slow?: number;
  /** cyclebench: processes left out as odd among siblings that agree (src/analysis/odd-process.ts) / all processes. */
  odd?: number;
  error?: string;
}

function measure(rep: number, nHogs: number, tool: Tool): Sample {
  if (tool === 'cyclebench') {
    const json = join(dir, `${rep}-${nHogs}.json`);
    const r = cyclebenchRun(BENCH_FILE, json);
    const get = (n: string) => findBenchmark(r.doc, `${CONTENTION_GROUP}/${n}`);
    const [a, b, c] = [get('once'), get('twice'), get('once (copy)')];
    if (!a?.headline || !b?.headline || !c?.headline)
      return { rep, hogs: nHogs, tool, ratio: null, aa: null, wallMs: r.wallMs, error: why(r) };
    const batches = [a, b, c].flatMap((x) => x.forks.flatMap((f) => f.batches));
    const forks = [a, b, c].flatMap((x) => x.forks);
    return {
      rep,
      hogs: nHogs,
      tool,
      ratio: b.headline.point / a.headline.point,
      aa: c.headline.point / a.headline.point,
      wallMs: r.wallMs,
      preempted: batches.filter((x) => x.preempted).length / batches.length,
      slow: forks.filter((f) => f.slowState !== undefined).length / forks.length,
      odd: forks.filter((f) => f.oddProcess !== undefined).length / forks.length,
    };
  }
  const r = runCommand(process.execPath, ['--expose-gc', '--import', 'tsx', TOOLS_SCRIPT, tool]);
  try {
    const h = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Record<string, number>;
    return { rep, hogs: nHogs, tool, ratio: h.twice / h.once, aa: h['once (copy)'] / h.once, wallMs: r.wallMs };
  } catch {
    return { rep, hogs: nHogs, tool, ratio: null, aa: null, wallMs: r.wallMs, error: why(r) };
  }
}

console.log(`# contention: 2×-work ratio (truth 2.000) and A/A ratio (truth 1.000) under CPU hogs\n${machine()}`);
console.log(`${reps} repetitions × hogs ${conditions.join('/')} × ${TOOLS.join(', ')}; ${loadLine()}\n`);
const started = performance.now();
const samples: Sample[] = [];
const f3 = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(3));
console.log(
  table(
    ['rep', 'hogs', 'tool', '2× ratio', 'A/A', 'preempted', 'slow processes', 'odd processes', 'wall'],
    [],
    [true, true, false, true, true, true, true, true, true],
  ),
);
try {
  for (let rep = 0; rep < reps; rep++)
    for (const nHogs of rotate(conditions, rep)) {
      for (let i = 0; i < nHogs; i++) startHog();
      try {
        for (const tool of rotate(TOOLS, rep)) {
          const s = measure(rep, nHogs, tool);
          samples.push(s);
          const row = [
            String(rep),
            String(nHogs),
            tool,
            s.error ? `failed: ${s.error}` : f3(s.ratio),
            f3(s.aa),
            s.preempted === undefined ? '' : `${(s.preempted * 100).toFixed(1)} %`,
            s.slow === undefined ? '' : `${(s.slow * 100).toFixed(0)} %`,
            s.odd === undefined ? '' : `${(s.odd * 100).toFixed(0)} %`,
            secs(s.wallMs),
          ];
          console.log(`| ${row.join(' | ')} |`);
        }
      } finally {
        stopHogs();
      }
    }
} finally {
  stopHogs();
}
console.log(`\n(${elapsed(started)} in all; ${loadLine()})\n`);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary: string[][] = [];
for (const nHogs of conditions)
  for (const tool of TOOLS) {
    const v = samples.filter((s) => s.hogs === nHogs && s.tool === tool && s.ratio !== null);
    const ratios = v.map((s) => s.ratio!);
    const aas = v.map((s) => s.aa!);
    const worst = ratios.length ? Math.max(...ratios.map((r) => Math.abs(r / 2 - 1))) : NaN;
    summary.push([
      String(nHogs),
      tool,
      String(v.length),
      f3(median(ratios)),
      `${(worst * 100).toFixed(1)} %`,
      f3(median(aas)),
      tool === 'cyclebench' ? `${(median(v.map((s) => s.preempted!)) * 100).toFixed(1)} %` : '',
      tool === 'cyclebench' ? `${v.filter((s) => s.slow! > 0).length} of ${v.length}` : '',
      tool === 'cyclebench' ? `${v.filter((s) => s.odd! > 0).length} of ${v.length}` : '',
      secs(median(v.map((s) => s.wallMs))),
    ]);
  }
console.log(
  table(
    [
      'hogs',
      'tool',
      'runs',
      'median 2× ratio',
      'worst |ratio/2 − 1|',
      'median A/A',
      'preempted',
      'runs with slow processes',
      'runs with an odd process',
      'median wall',
    ],
    summary,
    [true, false, true, true, true, true, true, true, true, true],
  ),
);
if (opt.json) writeFileSync(opt.json, JSON.stringify({ samples }, null, 2));
