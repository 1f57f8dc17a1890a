// Which CPU choice and which batch length serve a shared machine: the contention kernels
// (bench/engine/kernels/contention.bench.ts: a Float64Array sum, the same loop twice, an A/A
// copy) measured by `cyclebench run` under each policy, on a quiet machine, with one CPU hog
// the kernel may move, and with one hog pinned to the CPU cyclebench picks by default (the
// highest: another tool that pins the same way, or a busy neighbour there). Policies and
// conditions are interleaved per repetition (rotated orders); hogs are started and killed here.
//
//   node --import tsx bench/engine/policies.ts [--reps 3] [--json FILE]
//
// Per policy and condition: the median 2x ratio (truth 2.000) and its worst error, the median
// A/A ratio (truth 1.000), the share of batches preempted and the median wall time.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cyclebenchRun, findBenchmark, loadLine, ROOT, rotate, scratchDir, secs, table, why } from './cli-runs.js';
import { machine } from './common.js';
import { startHog, stopHogs } from './hogs.js';
import { CONTENTION_GROUP } from './kernels/contention-kernels.js';

const { values: opt } = parseArgs({ options: { reps: { type: 'string', default: '3' }, json: { type: 'string' } } });
const reps = Number(opt.reps);
if (!Number.isInteger(reps) || reps < 1) throw new Error('--reps must be a positive integer');

const highest = availableParallelism() - 1;
const POLICIES: Record<string, string[]> = {
  'pin highest (5 ms batches)': [],
  'no pin': ['--no-pin'],
  'pin idlest at start': ['--cpu', 'idlest'],
  'pin highest, 1 ms batches': ['--batch-ms', '1'],
};
const CONDITIONS = ['quiet', 'one hog', `one hog pinned to CPU ${highest}`] as const;
const BENCH_FILE = join(ROOT, 'bench/engine/kernels/contention.bench.ts');
const dir = scratchDir('policies');
execFileSync('npx', ['tsc', '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });

interface Sample {
  rep: number;
  condition: string;
  policy: string;
  ratio: number | null;
  aa: number | null;
  preempted: number | null;
  wallMs: number;
  error?: string;
}

console.log(`# policies: CPU choice and batch length under contention\n${machine()}\n${loadLine()}\n`);
const samples: Sample[] = [];
try {
  for (let rep = 0; rep < reps; rep++)
    for (const condition of rotate(CONDITIONS, rep)) {
      if (condition !== 'quiet') startHog(condition === 'one hog' ? undefined : highest);
      try {
        for (const policy of rotate(Object.keys(POLICIES), rep)) {
          const json = join(dir, `${rep}-${samples.length}.json`);
          const r = cyclebenchRun(BENCH_FILE, json, POLICIES[policy], { CYCLEBENCH_USE_DIST: '1' });
          const get = (n: string) => findBenchmark(r.doc, `${CONTENTION_GROUP}/${n}`);
          const [a, b, c] = [get('once'), get('twice'), get('once (copy)')];
          const s: Sample =
            a?.headline && b?.headline && c?.headline
              ? {
                  rep,
                  condition,
                  policy,
                  ratio: b.headline.point / a.headline.point,
                  aa: c.headline.point / a.headline.point,
                  preempted: (() => {
                    const all = [a, b, c].flatMap((x) => x.forks.flatMap((f) => f.batches));
                    return all.filter((x) => x.preempted).length / all.length;
                  })(),
                  wallMs: r.wallMs,
                }
              : { rep, condition, policy, ratio: null, aa: null, preempted: null, wallMs: r.wallMs, error: why(r) };
          samples.push(s);
          console.log(
            `rep ${rep} | ${condition} | ${policy} | ${s.error ?? `${s.ratio!.toFixed(3)} | A/A ${s.aa!.toFixed(3)}`}` +
              ` | preempted ${s.preempted === null ? '—' : (s.preempted * 100).toFixed(1) + ' %'} | ${secs(s.wallMs)}`,
          );
        }
      } finally {
        stopHogs();
      }
    }
} finally {
  stopHogs();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length === 0 ? NaN : s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rows: string[][] = [];
for (const condition of CONDITIONS)
  for (const policy of Object.keys(POLICIES)) {
    const v = samples.filter((s) => s.condition === condition && s.policy === policy && s.ratio !== null);
    const worst = Math.max(...v.map((s) => Math.abs(s.ratio! / 2 - 1)));
    rows.push([
      condition,
      policy,
      String(v.length),
      median(v.map((s) => s.ratio!)).toFixed(3),
      `${(worst * 100).toFixed(1)} %`,
      median(v.map((s) => s.aa!)).toFixed(3),
      `${(median(v.map((s) => s.preempted!)) * 100).toFixed(1)} %`,
      secs(median(v.map((s) => s.wallMs))),
    ]);
  }
console.log(
  '\n' +
    table(
      ['condition', 'policy', 'runs', 'median 2× ratio', 'worst |ratio/2 − 1|', 'median A/A', 'preempted', 'wall'],
      rows,
      [false, false, true, true, true, true, true, true],
    ),
);
console.log(`\n${loadLine()}`);
if (opt.json) writeFileSync(opt.json, JSON.stringify({ samples }, null, 2));
