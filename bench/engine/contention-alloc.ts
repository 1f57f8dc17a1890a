// Allocating kernels under contention: for each of three allocating kernels (64 small objects,
// a string built by concatenation, JSON.parse of a 20-key object), the kernel and the same
// kernel run twice in sequence (truth: ratio 2.000) and an identical copy (truth: 1.000),
// measured by cyclebench at its defaults (`cyclebench run`, fresh processes), mitata and
// tinybench, with 0, 1 and 2 CPU hogs (`node -e 'for(;;){}'`) this script starts and stops
// itself; conditions and tools interleaved per repetition (rotated orders), as in
// bench/engine/contention.ts, whose machinery it reuses.
//
//   node --import tsx bench/engine/contention-alloc.ts [--reps 8] [--conditions 0,1,2] [--json FILE]
//
// For cyclebench it also reports, from the same processes, the ratio its headline would have read
// on wall-clock batch times (each batch keeps both: Batch.wallNs and, under process-CPU timing,
// ns), so the two timing sources are compared on identical runs; and the between-process CV of
// each kernel's headline.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import type { BenchmarkResult, ForkResult } from '../../src/results/schema.js';
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
import { ALLOC_GROUP, ALLOC_PAIRS } from './kernels/contention-alloc-kernels.js';

const TOOLS = ['cyclebench', 'mitata', 'tinybench'] as const;
type Tool = (typeof TOOLS)[number];

const { values: opt } = parseArgs({
  options: {
    reps: { type: 'string', default: '8' },
    conditions: { type: 'string', default: '0,1,2' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opt.help) {
  console.log('node --import tsx bench/engine/contention-alloc.ts [--reps N] [--conditions 0,1,2] [--json FILE]');
  process.exit(0);
}
const reps = Number(opt.reps);
const conditions = opt.conditions!.split(',').map(Number);
if (!Number.isInteger(reps) || reps < 1) throw new Error('--reps must be a positive integer');

const BENCH_FILE = join(ROOT, 'bench/engine/kernels/contention-alloc.bench.ts');
const TOOLS_SCRIPT = join(ROOT, 'bench/engine/kernels/contention-alloc-tools.ts');
const dir = scratchDir('contention-alloc');

interface PairSample {
  ratio: number | null;
  aa: number | null;
  /** cyclebench: the same processes' ratio on wall-clock batch times. */
  wallRatio?: number | null;
  /** cyclebench: between-process CV of the "once" kernel's headline. */
  cv?: number | null;
}
interface Sample {
  rep: number;
  hogs: number;
  tool: Tool;
  pairs: Record<string, PairSample>;
  wallMs: number;
  /** cyclebench: the timing its processes used (src/engine/timing.ts). */
  timing?: string;
  error?: string;
}

/** A benchmark's headline had its batches held wall-clock time (Batch.wallNs where present). */
function wallHeadline(b: BenchmarkResult): number | null {
  const forks: ForkResult[] = b.forks
    .filter((f) => f.oddProcess === undefined)
    .map((f) => ({ ...f, batches: f.batches.map((x) => ({ ...x, ns: x.wallNs ?? x.ns })) }));
  try {
    return analyzeBenchmark(forks, { resamples: 200 }).headline.point;
  } catch {
    return null;
  }
}

function measure(rep: number, nHogs: number, tool: Tool): Sample {
  const pairs: Record<string, PairSample> = {};
  if (tool === 'cyclebench') {
    const json = join(dir, `${rep}-${nHogs}.json`);
    const r = cyclebenchRun(BENCH_FILE, json);
    const timings = new Set<string>();
    for (const p of ALLOC_PAIRS) {
      const get = (n: string) => findBenchmark(r.doc, `${ALLOC_GROUP}/${p} ${n}`);
      const [a, b, c] = [get('once'), get('twice'), get('once (copy)')];
      if (!a?.headline || !b?.headline || !c?.headline) {
        pairs[p] = { ratio: null, aa: null };
        continue;
      }
      for (const f of [a, b, c].flatMap((x) => x.forks)) timings.add(f.timing ?? 'wall');
      const [wa, wb] = [wallHeadline(a), wallHeadline(b)];
      pairs[p] = {
        ratio: b.headline.point / a.headline.point,
        aa: c.headline.point / a.headline.point,
        wallRatio: wa && wb ? wb / wa : null,
        cv: a.estimates?.betweenProcessCv ?? null,
      };
    }
    const failed = Object.values(pairs).some((x) => x.ratio === null);
    return {
      rep,
      hogs: nHogs,
      tool,
      pairs,
      wallMs: r.wallMs,
      timing: [...timings].join('+'),
      ...(failed ? { error: why(r) } : {}),
    };
  }
  const r = runCommand(process.execPath, ['--expose-gc', '--import', 'tsx', TOOLS_SCRIPT, tool]);
  try {
    const h = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Record<string, number>;
    for (const p of ALLOC_PAIRS)
      pairs[p] = { ratio: h[`${p} twice`] / h[`${p} once`], aa: h[`${p} once (copy)`] / h[`${p} once`] };
    return { rep, hogs: nHogs, tool, pairs, wallMs: r.wallMs };
  } catch {
    return { rep, hogs: nHogs, tool, pairs, wallMs: r.wallMs, error: why(r) };
  }
}

console.log(`# allocating kernels under contention: 2× ratio (truth 2.000), A/A (truth 1.000)\n${machine()}`);
console.log(`${reps} repetitions × hogs ${conditions.join('/')} × ${TOOLS.join(', ')}; ${loadLine()}\n`);
const started = performance.now();
const samples: Sample[] = [];
const f3 = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(3));
const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${(x * 100).toFixed(1)} %`);
console.log(
  table(
    ['rep', 'hogs', 'tool', 'pair', '2× ratio', 'A/A', 'wall-time 2× ratio', 'CV once', 'timing', 'wall'],
    [],
    [true, true, false, false, true, true, true, true, false, true],
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
          for (const p of ALLOC_PAIRS) {
            const x = s.pairs[p] ?? { ratio: null, aa: null };
            const row = [
              String(rep),
              String(nHogs),
              tool,
              p,
              x.ratio === null ? `failed: ${s.error ?? '?'}` : f3(x.ratio),
              f3(x.aa),
              tool === 'cyclebench' ? f3(x.wallRatio) : '',
              tool === 'cyclebench' ? pct(x.cv) : '',
              s.timing ?? '',
              secs(s.wallMs),
            ];
            console.log(`| ${row.join(' | ')} |`);
          }
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
const cvOf = (xs: number[]) => {
  if (xs.length < 2) return NaN;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1)) / m;
};
const summary: string[][] = [];
for (const nHogs of conditions)
  for (const tool of TOOLS)
    for (const p of ALLOC_PAIRS) {
      const v = samples
        .filter((s) => s.hogs === nHogs && s.tool === tool)
        .map((s) => s.pairs[p])
        .filter((x): x is PairSample => x !== undefined && x.ratio !== null);
      const ratios = v.map((x) => x.ratio!);
      const worst = ratios.length ? Math.max(...ratios.map((r) => Math.abs(r / 2 - 1))) : NaN;
      const walls = v.map((x) => x.wallRatio).filter((x): x is number => typeof x === 'number');
      summary.push([
        String(nHogs),
        tool,
        p,
        String(v.length),
        f3(median(ratios)),
        `${(worst * 100).toFixed(1)} %`,
        f3(median(v.map((x) => x.aa!))),
        `${(cvOf(ratios) * 100).toFixed(1)} %`,
        tool === 'cyclebench' ? f3(median(walls)) : '',
        tool === 'cyclebench' ? pct(median(v.map((x) => x.cv ?? NaN))) : '',
      ]);
    }
console.log(
  table(
    [
      'hogs',
      'tool',
      'pair',
      'runs',
      'median 2× ratio',
      'worst |ratio/2 − 1|',
      'median A/A',
      'CV of the ratio across runs',
      'median wall-time ratio',
      'median between-process CV',
    ],
    summary,
    [true, false, false, true, true, true, true, true, true, true],
  ),
);
if (opt.json) writeFileSync(opt.json, JSON.stringify({ samples }, null, 2));
