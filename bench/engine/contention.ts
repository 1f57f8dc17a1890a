// Accuracy under contention. Each kernel set holds pairs of a kernel and the same kernel doing
// exactly twice the work (truth: ratio 2.000) plus an identical copy (truth: A/A 1.000):
//   compute  a Float64Array sum over 1,000 elements (bench/engine/kernels/contention-kernels.ts);
//   alloc    64 small objects, a string built by concatenation, JSON.parse of a 20-key object
//            (bench/engine/kernels/contention-alloc-kernels.ts).
// Measured by cyclebench at its defaults (`cyclebench run`, fresh processes), mitata and
// tinybench (all kernels of a set in one process, as their users run them), with 0, 1 and 2 CPU
// hogs (`node -e 'for(;;){}'`) that this script starts and stops itself. Conditions, sets and
// tools are interleaved per repetition (rotated orders), so the host's slow spells hit every
// tool and condition alike.
//
//   node --import tsx bench/engine/contention.ts [--reps 5] [--conditions 0,1,2]
//        [--kernels compute,alloc] [--json FILE]
//
// Per run it prints each tool's 2×/1× and A/A ratios; for cyclebench also the share of batches
// preempted (left out and measured again), of processes left out as slow (yardstick) or odd (far
// from siblings that agree), the timing its processes used (wall or process CPU time,
// src/engine/timing.ts), the ratio the same processes read on wall-clock batch times (each batch
// keeps Batch.wallNs), and the between-process CV of the "once" kernel; and the verdicts "twice"
// and "once (copy)" get against "once" at the default settings, as a `.baseline()` in the file
// would give them: whether each 95 % ratio interval holds the truth (2 and 1), and whether a verdict
// is wrong (faster or no difference for 2×; faster or slower for A/A). A point ratio
// off 2.000 on a host whose state moves between processes is noise the interval should show; a
// wrong verdict is the tool claiming more than it measured.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { compareBenchmarks } from '../../src/compare/documents.js';
import { DEFAULT_CONFIDENCE, DEFAULT_NOISE_THRESHOLD } from '../../src/defaults.js';
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
import { CONTENTION_GROUP } from './kernels/contention-kernels.js';

const TOOLS = ['cyclebench', 'mitata', 'tinybench'] as const;
type Tool = (typeof TOOLS)[number];

interface KernelSet {
  benchFile: string;
  group: string;
  pairs: readonly string[];
  /** The benchmark name of one member ('once', 'twice', 'once (copy)') of a pair. */
  name(pair: string, member: string): string;
}
const SETS: Record<string, KernelSet> = {
  compute: {
    benchFile: 'bench/engine/kernels/contention.bench.ts',
    group: CONTENTION_GROUP,
    pairs: ['sum'],
    name: (_pair, member) => member,
  },
  alloc: {
    benchFile: 'bench/engine/kernels/contention-alloc.bench.ts',
    group: ALLOC_GROUP,
    pairs: ALLOC_PAIRS,
    name: (pair, member) => `${pair} ${member}`,
  },
};

const { values: opt } = parseArgs({
  options: {
    reps: { type: 'string', default: '5' },
    conditions: { type: 'string', default: '0,1,2' },
    kernels: { type: 'string', default: 'compute,alloc' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const USAGE =
  'node --import tsx bench/engine/contention.ts [--reps N] [--conditions 0,1,2] [--kernels compute,alloc] [--json FILE]';
if (opt.help) {
  console.log(USAGE);
  process.exit(0);
}
const reps = Number(opt.reps);
const conditions = opt.conditions!.split(',').map(Number);
const sets = opt.kernels!.split(',');
if (!Number.isInteger(reps) || reps < 1) throw new Error('--reps must be a positive integer');
if (conditions.some((c) => !Number.isInteger(c) || c < 0)) throw new Error('--conditions: hog counts, e.g. 0,1,2');
for (const s of sets) if (!(s in SETS)) throw new Error(`--kernels: unknown set '${s}' (compute, alloc)`);

const TOOLS_SCRIPT = join(ROOT, 'bench/engine/kernels/contention-tools.ts');
const dir = scratchDir('contention');

interface PairSample {
  ratio: number | null;
  aa: number | null;
  /** cyclebench: the same processes' ratio on wall-clock batch times. */
  wallRatio?: number | null;
  /** cyclebench: between-process CV of the "once" kernel's headline. */
  cv?: number | null;
  /** cyclebench: the verdicts "twice" and "once (copy)" get against "once", as a `.baseline()` would give them. */
  judged?: { two: Judged; aa: Judged };
}
/** One comparison's verdict, and whether its 95 % ratio interval holds the truth. */
interface Judged {
  verdict: string;
  inside: boolean;
  /** A verdict the truth contradicts: 'faster' or 'no difference' for 2×, 'faster' or 'slower' for A/A. */
  wrong: boolean;
}

/**
 * `contender` against `base` as a `.baseline()` row of the same run is compared
 * (src/compare/documents.ts relativeToBaseline): the default settings, the two-stage interval where
 * processes were added, and the check that the processes each side keeps ran in one host state.
 */
function judge(base: BenchmarkResult, contender: BenchmarkResult, truth: number): Judged {
  const v = compareBenchmarks(base, contender, {
    threshold: DEFAULT_NOISE_THRESHOLD,
    confidence: DEFAULT_CONFIDENCE,
    seed: 1,
    sameRun: true,
  });
  const inside = v.ratio !== null && v.ratio.ciLow <= truth && truth <= v.ratio.ciHigh;
  // 'cannot tell', 'too few' and 'incomparable' claim nothing about the ratio.
  const wrong = truth > 1 ? ['faster', 'no-difference'] : ['faster', 'slower'];
  return { verdict: v.verdict, inside, wrong: wrong.includes(v.verdict) };
}
interface Sample {
  rep: number;
  hogs: number;
  set: string;
  tool: Tool;
  pairs: Record<string, PairSample>;
  wallMs: number;
  /** cyclebench: preempted batches / all batches of the set. */
  preempted?: number;
  /** cyclebench: processes found in another host state (a yardstick 1.2–1.25× from the run's median, either way) / all processes. */
  slow?: number;
  /** cyclebench: processes left out as odd among siblings that agree (src/analysis/odd-process.ts) / all processes. */
  odd?: number;
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

function measureCyclebench(rep: number, hogs: number, set: string): Sample {
  const k = SETS[set];
  const r = cyclebenchRun(join(ROOT, k.benchFile), join(dir, `${set}-${rep}-${hogs}.json`));
  const pairs: Record<string, PairSample> = {};
  const all: BenchmarkResult[] = [];
  for (const p of k.pairs) {
    const get = (member: string) => findBenchmark(r.doc, `${k.group}/${k.name(p, member)}`);
    const [a, b, c] = [get('once'), get('twice'), get('once (copy)')];
    if (!a?.headline || !b?.headline || !c?.headline) {
      pairs[p] = { ratio: null, aa: null };
      continue;
    }
    all.push(a, b, c);
    const [wa, wb] = [wallHeadline(a), wallHeadline(b)];
    pairs[p] = {
      ratio: b.headline.point / a.headline.point,
      aa: c.headline.point / a.headline.point,
      wallRatio: wa && wb ? wb / wa : null,
      cv: a.estimates?.betweenProcessCv ?? null,
      judged: { two: judge(a, b, 2), aa: judge(a, c, 1) },
    };
  }
  const forks = all.flatMap((x) => x.forks);
  const batches = forks.flatMap((f) => f.batches);
  const failed = Object.values(pairs).some((x) => x.ratio === null);
  return {
    rep,
    hogs,
    set,
    tool: 'cyclebench',
    pairs,
    wallMs: r.wallMs,
    preempted: batches.length ? batches.filter((x) => x.preempted).length / batches.length : undefined,
    slow: forks.length ? forks.filter((f) => f.hostState !== undefined).length / forks.length : undefined,
    odd: forks.length ? forks.filter((f) => f.oddProcess !== undefined).length / forks.length : undefined,
    timing: [...new Set(forks.map((f) => f.timing ?? 'wall'))].join('+'),
    ...(failed ? { error: why(r) } : {}),
  };
}

function measure(rep: number, hogs: number, set: string, tool: Tool): Sample {
  if (tool === 'cyclebench') return measureCyclebench(rep, hogs, set);
  const k = SETS[set];
  const r = runCommand(process.execPath, ['--expose-gc', '--import', 'tsx', TOOLS_SCRIPT, tool, set]);
  const pairs: Record<string, PairSample> = {};
  try {
    const h = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Record<string, number>;
    for (const p of k.pairs) {
      const once = h[k.name(p, 'once')];
      pairs[p] = { ratio: h[k.name(p, 'twice')] / once, aa: h[k.name(p, 'once (copy)')] / once };
    }
    return { rep, hogs, set, tool, pairs, wallMs: r.wallMs };
  } catch {
    return { rep, hogs, set, tool, pairs, wallMs: r.wallMs, error: why(r) };
  }
}

/** "slower", with "(truth outside)" when the interval misses it and "WRONG" when the verdict is. */
const said = (j: Judged) => `${j.verdict}${j.inside ? '' : ' (truth outside)'}${j.wrong ? ' WRONG' : ''}`;
const f3 = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(3));
const pct = (x: number | null | undefined, d = 1) =>
  x === null || x === undefined || !Number.isFinite(x) ? '—' : `${(x * 100).toFixed(d)} %`;
const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const cvOf = (xs: number[]) => {
  if (xs.length < 2) return NaN;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1)) / m;
};

console.log(`# contention: 2× ratio (truth 2.000) and A/A (truth 1.000) under CPU hogs\n${machine()}`);
console.log(
  `${reps} repetitions × hogs ${conditions.join('/')} × kernels ${sets.join(', ')} × ${TOOLS.join(', ')}; ${loadLine()}\n`,
);
const started = performance.now();
const samples: Sample[] = [];
const HEAD = ['rep', 'hogs', 'tool', 'pair', '2× ratio', 'A/A', 'verdicts 2× / A/A', 'wall-time 2× ratio', 'CV once'];
const RUN_HEAD = ['preempted', 'slow processes', 'odd processes', 'timing', 'wall'];
console.log(
  table(
    [...HEAD, ...RUN_HEAD],
    [],
    [true, true, false, false, true, true, false, true, true, true, true, true, false, true],
  ),
);
try {
  for (let rep = 0; rep < reps; rep++)
    for (const hogs of rotate(conditions, rep)) {
      for (let i = 0; i < hogs; i++) startHog();
      try {
        for (const set of rotate(sets, rep))
          for (const tool of rotate(TOOLS, rep)) {
            const s = measure(rep, hogs, set, tool);
            samples.push(s);
            const cb = tool === 'cyclebench';
            for (const p of SETS[set].pairs) {
              const x = s.pairs[p] ?? { ratio: null, aa: null };
              const row = [
                String(rep),
                String(hogs),
                tool,
                `${set}/${p}`,
                x.ratio === null ? `failed: ${s.error ?? '?'}` : f3(x.ratio),
                f3(x.aa),
                cb && x.judged ? `${said(x.judged.two)} / ${said(x.judged.aa)}` : '',
                cb ? f3(x.wallRatio) : '',
                cb ? pct(x.cv) : '',
                cb ? pct(s.preempted) : '',
                cb ? pct(s.slow, 0) : '',
                cb ? pct(s.odd, 0) : '',
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

/** How many of the runs' 2× and A/A intervals hold their truth, "15 of 16". */
const inside = (v: PairSample[]) => {
  const j = v.flatMap((x) => (x.judged ? [x.judged.two, x.judged.aa] : []));
  return `${j.filter((x) => x.inside).length} of ${j.length}`;
};
const summary: string[][] = [];
for (const hogs of conditions)
  for (const set of sets)
    for (const tool of TOOLS)
      for (const p of SETS[set].pairs) {
        const runs = samples.filter((s) => s.hogs === hogs && s.set === set && s.tool === tool);
        const v = runs.map((s) => s.pairs[p]).filter((x): x is PairSample => x !== undefined && x.ratio !== null);
        const ratios = v.map((x) => x.ratio!);
        const worst = ratios.length ? Math.max(...ratios.map((r) => Math.abs(r / 2 - 1))) : NaN;
        const cb = tool === 'cyclebench';
        summary.push([
          String(hogs),
          tool,
          `${set}/${p}`,
          String(v.length),
          f3(median(ratios)),
          pct(worst),
          f3(median(v.map((x) => x.aa!))),
          pct(cvOf(ratios)),
          cb ? f3(median(v.map((x) => x.wallRatio ?? NaN))) : '',
          cb ? pct(median(v.map((x) => x.cv ?? NaN))) : '',
          cb ? inside(v) : '',
          cb ? `${v.filter((x) => x.judged?.two.wrong || x.judged?.aa.wrong).length} of ${v.length}` : '',
          cb ? `${runs.filter((s) => (s.slow ?? 0) > 0).length} of ${runs.length}` : '',
          cb ? `${runs.filter((s) => (s.odd ?? 0) > 0).length} of ${runs.length}` : '',
          secs(median(runs.map((s) => s.wallMs))),
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
      'truth in the 95 % interval (2× + A/A)',
      'runs with a wrong verdict',
      'runs with slow processes',
      'runs with an odd process',
      'median wall',
    ],
    summary,
    [true, false, false, true, true, true, true, true, true, true, true, true, true, true, true],
  ),
);
if (opt.json) writeFileSync(opt.json, JSON.stringify({ samples }, null, 2));
