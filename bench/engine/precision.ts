// Precision: the between-process coefficient of variation (CV) of the headline
// for 1–2 µs kernels, next to mitata and tinybench run on the same kernels in the same
// session, interleaved. Goal: cyclebench's CV no worse than either.
//
//   node --import tsx bench/engine/precision.ts [--reps 12] [--kernels NAME,…]
//        [--contenders cyclebench,cyclebench-1,mitata,tinybench] [--pin-others CPU] [--json FILE]
//
// Design, and why it is fair:
// - Every measurement is a fresh process (or processes) started the way a user starts the
//   tool, measuring ONE kernel (bench/engine/kernels/precision-kernels.ts, the same code for
//   every tool): `cyclebench run FILE --filter …` through bin/cyclebench.js, and a small
//   script calling mitata's run() / tinybench's Bench.run() (kernels/other-tools.ts).
// - Each tool runs at its defaults, because defaults are what users get. Time budgets are
//   comparable but not equal: cyclebench samples ≤ 1.5 s per process after a 0.1–0.5 s
//   warmup (its adaptive stop may end earlier); mitata ~0.65 s of samples (plus its noop
//   calibration); tinybench 1 s + 0.25 s warmup. The wall time of every command is
//   recorded, so the price of each CV is on the table. mitata and tinybench run under
//   `node --expose-gc --import tsx` (mitata's readme asks for --expose-gc; tsx because the
//   shared kernels are TypeScript), so every tool's wall time includes the same TypeScript
//   start-up that cyclebench's CLI pays from a source checkout.
// - Contenders: `cyclebench` is the default run (3 processes, headline = mean over them: it
//   averages processes, so it has an advantage of up to √3 in CV at ~3× the cost);
//   `cyclebench-1` is `--forks 1`, one process, like with like against one mitata or one
//   tinybench process. The per-process values inside the default runs are shown as well.
//   CV·√(wall s) compares precision per unit of time (variance × cost; lower is better).
// - cyclebench pins its worker to one CPU by default; mitata and tinybench do not pin.
//   `--pin-others CPU` runs them under `taskset -c CPU` to remove that difference.
// - Interleaving: repetition r runs every kernel with the contenders in an order rotated by
//   r (A B C D, B C D A, …), so slow machine drift and the ~10 % of preempted batches on this
//   shared VM hit all tools alike and no tool always follows the same one.
// - CIs: percentile bootstrap over repetitions (src/statistics/bootstrap.ts); the CV ratio is
//   bootstrapped over repetitions as pairs (the repetition is the block all tools share).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { processStatistic } from '../../src/analysis/fork-fit.js';
import {
  cv,
  cvWithCi,
  cyclebenchRun,
  elapsed,
  findBenchmark,
  interval,
  loadLine,
  MIN_BOOTSTRAP_UNITS,
  ns,
  pairedBootstrap,
  pct,
  ROOT,
  rotate,
  runCommand,
  scratchDir,
  secs,
  table,
  why,
} from './cli-runs.js';
import { machine } from './common.js';
import { GROUP, PRECISION_KERNELS } from './kernels/precision-kernels.js';

const CONTENDERS = ['cyclebench', 'cyclebench-1', 'mitata', 'tinybench'] as const;
type Contender = (typeof CONTENDERS)[number];
const LABEL: Record<Contender, string> = {
  cyclebench: 'cyclebench (default: 3 processes)',
  'cyclebench-1': 'cyclebench --forks 1',
  mitata: 'mitata (avg)',
  tinybench: 'tinybench (mean latency)',
};

const { values: opt } = parseArgs({
  options: {
    reps: { type: 'string', default: '12' },
    kernels: { type: 'string', default: Object.keys(PRECISION_KERNELS).join(',') },
    contenders: { type: 'string', default: CONTENDERS.join(',') },
    'pin-others': { type: 'string' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opt.help) {
  console.log(
    'node --import tsx bench/engine/precision.ts [--reps N] [--kernels A,B] [--contenders cyclebench,cyclebench-1,mitata,tinybench] [--pin-others CPU] [--json FILE]',
  );
  process.exit(0);
}
const reps = Number(opt.reps);
const kernels = opt.kernels!.split(',').map((s) => s.trim());
const contenders = opt.contenders!.split(',').map((s) => s.trim()) as Contender[];
for (const k of kernels)
  if (!(k in PRECISION_KERNELS))
    throw new Error(`unknown kernel '${k}' (have: ${Object.keys(PRECISION_KERNELS).join(', ')})`);
for (const c of contenders)
  if (!CONTENDERS.includes(c)) throw new Error(`unknown contender '${c}' (have: ${CONTENDERS.join(', ')})`);
if (!(Number.isInteger(reps) && reps >= 2)) throw new Error('--reps must be an integer >= 2');

const BENCH_FILE = join(ROOT, 'bench/engine/kernels/precision.bench.ts');
const OTHER = join(ROOT, 'bench/engine/kernels/other-tools.ts');
const dir = scratchDir('precision');

interface Sample {
  rep: number;
  kernel: string;
  contender: Contender;
  /** The tool's headline, ns per call; null when the command failed. */
  headline: number | null;
  wallMs: number;
  /** cyclebench: per-process values of the headline statistic, and the run's own between-process CV. */
  perProcess?: number[];
  runCv?: number | null;
  /** mitata / tinybench: their median and minimum, ns (for the record; not the headline). */
  median?: number;
  min?: number;
  error?: string;
}

function measureOnce(rep: number, kernel: string, c: Contender): Sample {
  if (c === 'cyclebench' || c === 'cyclebench-1') {
    const json = join(dir, `${rep}-${kernel.replace(/\W+/g, '_')}-${c}.json`);
    const filter = `^${GROUP}/${kernel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
    const r = cyclebenchRun(BENCH_FILE, json, ['--filter', filter, ...(c === 'cyclebench-1' ? ['--forks', '1'] : [])]);
    const b = findBenchmark(r.doc, `${GROUP}/${kernel}`);
    if (!b?.headline)
      return { rep, kernel, contender: c, headline: null, wallMs: r.wallMs, error: b?.error?.message ?? why(r) };
    const statistic = b.headline.statistic;
    const perProcess = b.forks.map((f) => processStatistic(f, statistic));
    return {
      rep,
      kernel,
      contender: c,
      headline: b.headline.point,
      wallMs: r.wallMs,
      perProcess,
      runCv: b.estimates?.betweenProcessCv ?? null,
    };
  }
  const tool = c;
  const pin = opt['pin-others'] === undefined ? [] : ['taskset', '-c', opt['pin-others']];
  const cmd = [...pin, process.execPath, '--expose-gc', '--import', 'tsx', OTHER, tool, kernel];
  const r = runCommand(cmd[0], cmd.slice(1));
  try {
    const line = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as {
      headline: number;
      median: number;
      min: number;
    };
    return { rep, kernel, contender: c, headline: line.headline, wallMs: r.wallMs, median: line.median, min: line.min };
  } catch {
    return { rep, kernel, contender: c, headline: null, wallMs: r.wallMs, error: why(r) };
  }
}

// ---- run, interleaved
console.log(`# precision: between-process CV of the headline, ${reps} interleaved repetitions\n${machine()}`);
console.log(
  `kernels: ${kernels.join(', ')}; contenders: ${contenders.join(', ')}${opt['pin-others'] ? `; mitata/tinybench pinned to CPU ${opt['pin-others']}` : ''}; scratch: ${dir}\n`,
);
const started = performance.now();
const samples: Sample[] = [];
console.log(
  table(
    ['rep', 'kernel', ...contenders.map((c) => `${c} ns (wall)`)],
    [],
    [false, false, ...contenders.map(() => true)],
  ),
);
for (let rep = 0; rep < reps; rep++) {
  for (const kernel of kernels) {
    const row = new Map<Contender, Sample>();
    for (const c of rotate(contenders, rep)) {
      const s = measureOnce(rep, kernel, c);
      samples.push(s);
      row.set(c, s);
    }
    const cell = (s: Sample) => (s.headline === null ? `failed: ${s.error}` : `${ns(s.headline)} (${secs(s.wallMs)})`);
    console.log(`| ${rep} | ${kernel} | ${contenders.map((c) => cell(row.get(c)!)).join(' | ')} |`);
  }
}
console.log(`\n(${elapsed(started)} in all)\n`);

// ---- summary per kernel
const values = (kernel: string, c: Contender) =>
  samples.filter((s) => s.kernel === kernel && s.contender === c && s.headline !== null);
const medianOf = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const verdicts: string[] = [];
for (const kernel of kernels) {
  console.log(`## ${kernel}\n`);
  const rows: string[][] = [];
  const cvs = new Map<Contender, number>();
  for (const c of contenders) {
    const v = values(kernel, c);
    const heads = v.map((s) => s.headline!);
    const ci = cvWithCi(heads, 1);
    cvs.set(c, ci.point);
    const wall = medianOf(v.map((s) => s.wallMs));
    rows.push([
      LABEL[c],
      String(v.length),
      ns(heads.reduce((a, b) => a + b, 0) / heads.length),
      interval(ci),
      secs(wall),
      (ci.point * 100 * Math.sqrt(wall / 1000)).toFixed(2),
    ]);
  }
  const cbPer = values(kernel, 'cyclebench').flatMap((s) => s.perProcess ?? []);
  if (cbPer.length >= 3) {
    const ci = cvWithCi(cbPer, 1);
    rows.push([
      '… its single processes (from the default runs)',
      String(cbPer.length),
      ns(cbPer.reduce((a, b) => a + b, 0) / cbPer.length),
      interval(ci),
      '',
      '',
    ]);
  }
  console.log(
    table(['contender', 'n', 'mean headline ns', 'CV [95 % CI]', 'median wall per rep', 'CV·√wall (% √s)'], rows),
  );
  const runCvs = values(kernel, 'cyclebench')
    .map((s) => s.runCv)
    .filter((x): x is number => typeof x === 'number');
  if (runCvs.length)
    console.log(`\ncyclebench's own "proc CV" (3 processes within one run): median ${pct(medianOf(runCvs))}`);

  // Paired ratios of CVs, bootstrapped over repetitions.
  const byRep = (c: Contender) => new Map(values(kernel, c).map((s) => [s.rep, s.headline!]));
  console.log('');
  const ratioRows: string[][] = [];
  for (const mine of contenders.filter((c) => c.startsWith('cyclebench'))) {
    for (const other of contenders.filter((c) => !c.startsWith('cyclebench'))) {
      const a = byRep(mine);
      const b = byRep(other);
      const pairs = [...a.keys()].filter((r) => b.has(r)).map((r) => [a.get(r)!, b.get(r)!] as const);
      const ratio = pairedBootstrap(pairs, (p) => cv(p.map((x) => x[0])) / cv(p.map((x) => x[1])), 2);
      const f = (x: number) => x.toFixed(2);
      const call =
        ratio.high < 1
          ? 'better'
          : ratio.low > 1
            ? 'WORSE'
            : ratio.point <= 1
              ? 'no worse (not resolved)'
              : 'worse (not resolved)'; // NaN bounds: never resolved
      ratioRows.push([
        `${mine} / ${other}`,
        String(pairs.length),
        Number.isFinite(ratio.low) ? `${f(ratio.point)} [${f(ratio.low)}, ${f(ratio.high)}]` : f(ratio.point),
        call,
      ]);
      verdicts.push(
        `${kernel}: CV ${mine} ${pct(cvs.get(mine)!)} vs ${other} ${pct(cvs.get(other)!)}: ratio ${f(ratio.point)} → ${call}`,
      );
    }
  }
  console.log(table(['CV ratio', 'paired reps', 'ratio [95 % CI]', 'call'], ratioRows, [false, true, true, false]));
  console.log('');
}

const failures = samples.filter((s) => s.headline === null);
console.log('## Summary\n');
for (const v of verdicts) console.log(`- ${v}`);
if (failures.length)
  console.log(
    `- ${failures.length} command(s) failed; first: ${failures[0].contender} on ${failures[0].kernel}: ${failures[0].error}`,
  );
console.log(
  `- "better"/"WORSE": the paired-bootstrap CI of the ratio excludes 1; otherwise the repetitions do not resolve it (point estimate shown; no CI below ${MIN_BOOTSTRAP_UNITS} repetitions).`,
);
console.log(`- total ${elapsed(started)}, ${reps} repetitions`);
console.log(`- ${loadLine()}`);
if (opt.json) {
  writeFileSync(
    opt.json,
    JSON.stringify(
      { machine: machine(), reps, kernels, contenders, pinOthers: opt['pin-others'] ?? null, samples },
      null,
      2,
    ),
  );
  console.log(`- raw samples written to ${opt.json}`);
}
