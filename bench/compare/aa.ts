// A/A and 3 % detection: on this machine, over >= 20 comparisons of a real ~1 µs
// kernel, the share of A/A comparisons wrongly called different (goal <= 10 % at α = 0.05),
// and the share of comparisons that detect a 3 % injected slowdown (goal >= 80 %).
//
//   node --import tsx bench/compare/aa.ts [--reps 20] [--base 1000] [--slowdown 0.03]
//        [--forks N] [--time S] [--json FILE]
//
// What a user does, repeated: measure version A, measure version B, compare the files.
//   cyclebench run kernels/array-sum.bench.ts --json X.json     (default settings)
//   cyclebench compare BASE.json CONTENDER.json --format json   (default threshold 1 %, α 0.05)
// The kernel (kernels/array-sum.bench.ts) sums a plain array of BASE small integers; version
// A' adds EXTRA = round(slowdown × BASE) elements that are 0: the same result (so the result
// checksums agree, as for a real regression) and slowdown × more additions. The true ratio
// is a little below 1 + slowdown (the per-call overhead does not grow), so it is measured:
// the pooled estimate over every A and A' process of the session, through the library's
// own comparison (compare/verdict.ts verdictForForks).
//
// Each repetition runs three measurements, their order alternating so drift hits all:
//   even: A1, A2, A'     odd: A', A2, A1
// and two comparisons: A/A = (earlier A, later A), A/A' = (A2, A') with A as the baseline.
// A false positive is an A/A verdict 'faster' or 'slower'; a detection is an A/A' verdict
// 'slower'. 'incomparable' is neither and is counted on its own. Shares come with Wilson
// 95 % intervals; with 20 comparisons an observed 10 % has the interval [2.8 %, 30 %].
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verdictForForks } from '../../src/compare/verdict.js';
import type { ForkResult } from '../../src/results/schema.js';
import {
  CYCLEBENCH,
  cyclebenchRun,
  elapsed,
  findBenchmark,
  interval,
  loadLine,
  ns,
  pct,
  ROOT,
  runCommand,
  scratchDir,
  secs,
  table,
  why,
  wilson,
  type CliRun,
} from '../engine/cli-runs.js';
import { machine } from '../engine/common.js';

const FILE = join(ROOT, 'bench/compare/kernels/array-sum.bench.ts');
const NAME = 'aa/array sum';

const { values: opt } = parseArgs({
  options: {
    reps: { type: 'string', default: '20' },
    base: { type: 'string', default: '1000' },
    slowdown: { type: 'string', default: '0.03' },
    forks: { type: 'string' },
    time: { type: 'string' },
    json: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opt.help) {
  console.log(
    'node --import tsx bench/compare/aa.ts [--reps N] [--base ELEMENTS] [--slowdown FRACTION] [--forks N] [--time S] [--json FILE]',
  );
  process.exit(0);
}
const reps = Number(opt.reps);
const base = Number(opt.base);
const slowdown = Number(opt.slowdown);
const extra = Math.round(slowdown * base);
if (!(Number.isInteger(reps) && reps >= 1)) throw new Error('--reps must be an integer >= 1');
if (!(Number.isInteger(base) && base > 0) || !(slowdown > 0 && extra >= 1))
  throw new Error('--base must be a positive integer and --slowdown × base >= 1 element');
const runArgs = [...(opt.forks ? ['--forks', opt.forks] : []), ...(opt.time ? ['--time', opt.time] : [])];
const dir = scratchDir('aa');

type Version = 'A' | "A'";
interface Measured {
  file: string;
  run: CliRun;
  forks: ForkResult[];
}

function measure(rep: number, label: string, version: Version): Measured {
  const file = join(dir, `${rep}-${label}.json`);
  const env = { AA_BENCH_BASE: String(base), AA_BENCH_EXTRA: version === 'A' ? '0' : String(extra) };
  const run = cyclebenchRun(FILE, file, runArgs, env);
  return { file, run, forks: findBenchmark(run.doc, NAME)?.forks ?? [] };
}

interface Verdict {
  verdict: string;
  ratio: { point: number; ciLow: number; ciHigh: number } | null;
  pValue: number | null;
  /** The comparison's minimumDetectable: smallest difference detectable at 80 % power. */
  detectable: number | null;
  reason?: string;
  wallMs: number;
}

function compare(baseFile: string, contenderFile: string): Verdict {
  const r = runCommand(process.execPath, [CYCLEBENCH, 'compare', baseFile, contenderFile, '--format', 'json']);
  try {
    const c = (
      JSON.parse(r.stdout) as {
        comparisons: (Omit<Verdict, 'wallMs' | 'detectable'> & { minimumDetectable: number | null })[];
      }
    ).comparisons[0];
    return {
      verdict: c.verdict,
      ratio: c.ratio,
      pValue: c.pValue,
      detectable: c.minimumDetectable ?? null,
      ...(c.reason ? { reason: c.reason } : {}),
      wallMs: r.wallMs,
    };
  } catch {
    return { verdict: 'failed', ratio: null, pValue: null, detectable: null, reason: why(r), wallMs: r.wallMs };
  }
}

interface Rep {
  rep: number;
  runs: { label: string; version: Version; headline: number | null; wallMs: number; error?: string }[];
  aa: Verdict;
  ab: Verdict;
  wallMs: number;
}

console.log(`# A/A false positives and 3 % detection, ${reps} repetitions\n${machine()}`);
console.log(
  `kernel: sum of a plain array, A = ${base} elements, A' = ${base} + ${extra} zeros (${pct(extra / base)} more additions); run settings: ${runArgs.length ? runArgs.join(' ') : 'cyclebench defaults'}; compare: defaults; scratch: ${dir}\n`,
);
const started = performance.now();
const results: Rep[] = [];
const aForks: ForkResult[] = [];
const bForks: ForkResult[] = [];
const f4 = (x: number) => x.toFixed(4);
const cell = (v: Verdict) =>
  v.ratio
    ? `${v.verdict} ${f4(v.ratio.point)} [${f4(v.ratio.ciLow)}, ${f4(v.ratio.ciHigh)}]`
    : `${v.verdict}${v.reason ? `: ${v.reason}` : ''}`;
console.log(
  table(
    ['rep', 'order', 'A1 ns', 'A2 ns', "A' ns", 'A/A verdict, ratio [CI]', "A/A' verdict, ratio [CI]", 'wall'],
    [],
    [false, false, true, true, true, false, false, true],
  ),
);
for (let rep = 0; rep < reps; rep++) {
  const t0 = performance.now();
  const order: [string, Version][] =
    rep % 2 === 0
      ? [
          ['A1', 'A'],
          ['A2', 'A'],
          ["A'", "A'"],
        ]
      : [
          ["A'", "A'"],
          ['A2', 'A'],
          ['A1', 'A'],
        ];
  const m = new Map<string, Measured>();
  for (const [label, version] of order) m.set(label, measure(rep, label.replace("'", 'p'), version));
  const [earlier, later] = rep % 2 === 0 ? ['A1', 'A2'] : ['A2', 'A1'];
  const aa = compare(m.get(earlier)!.file, m.get(later)!.file);
  const ab = compare(m.get('A2')!.file, m.get("A'")!.file);
  aForks.push(...m.get('A1')!.forks, ...m.get('A2')!.forks);
  bForks.push(...m.get("A'")!.forks);
  const head = (label: string) => findBenchmark(m.get(label)!.run.doc, NAME)?.headline?.point ?? null;
  const runs = order.map(([label, version]) => {
    const r = m.get(label)!.run;
    return {
      label,
      version,
      headline: head(label),
      wallMs: r.wallMs,
      ...(head(label) === null ? { error: why(r) } : {}),
    };
  });
  const rec: Rep = { rep, runs, aa, ab, wallMs: performance.now() - t0 };
  results.push(rec);
  console.log(
    `| ${rep} | ${order.map((o) => o[0]).join(' ')} | ${ns(head('A1'))} | ${ns(head('A2'))} | ${ns(head("A'"))} | ${cell(aa)} | ${cell(ab)} | ${secs(rec.wallMs)} |`,
  );
}
console.log(`\n(${elapsed(started)} in all)\n\n## Summary\n`);

// ---- the injected slowdown, measured on everything: all A processes vs all A' processes
const pooled =
  aForks.length >= 2 && bForks.length >= 2
    ? verdictForForks(aForks, bForks, { threshold: 0.01, confidence: 0.95, seed: 1 })
    : null;
const injected = pooled?.ratio
  ? `${f4(pooled.ratio.point)} [${f4(pooled.ratio.ciLow)}, ${f4(pooled.ratio.ciHigh)}]`
  : '—';

const n = results.length;
const falsePos = results.filter((r) => r.aa.verdict === 'faster' || r.aa.verdict === 'slower').length;
const detected = results.filter((r) => r.ab.verdict === 'slower').length;
const incomparable = (k: 'aa' | 'ab') =>
  results.filter((r) => r[k].verdict === 'incomparable' || r[k].verdict === 'failed').length;
const fp = wilson(falsePos, n);
const det = wilson(detected, n);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ratios = (k: 'aa' | 'ab') => results.map((r) => r[k].ratio?.point).filter((x): x is number => x !== undefined);
const range = (xs: number[]) =>
  xs.length ? `${f4(Math.min(...xs))} – ${f4(Math.max(...xs))} (median ${f4(median(xs))})` : '—';
const mdd = median(results.flatMap((r) => [r.aa.detectable, r.ab.detectable]).filter((x): x is number => x !== null));
const runWalls = results.flatMap((r) => r.runs.map((x) => x.wallMs));
console.log(
  table(
    ['quantity', 'value', 'goal'],
    [
      ['A/A comparisons called different (false positives)', `${falsePos}/${n} = ${interval(fp)}`, '≤ 10 %'],
      ["A/A' comparisons that detect the slowdown ('slower')", `${detected}/${n} = ${interval(det)}`, '≥ 80 %'],
      [
        "injected slowdown A'/A (pooled: all processes of the session)",
        `${injected} (${aForks.length} vs ${bForks.length} processes)`,
        '≈ 1.03',
      ],
      ['A/A ratios', range(ratios('aa')), ''],
      ["A/A' ratios", range(ratios('ab')), ''],
      ["incomparable or failed (A/A, A/A')", `${incomparable('aa')}, ${incomparable('ab')}`, '0'],
      ['median smallest detectable difference (80 % power, per comparison)', pct(mdd, 1), '< 3 %'],
      ['median wall per `cyclebench run`', secs(median(runWalls)), ''],
      ['median wall per repetition (3 runs + 2 compares)', secs(median(results.map((r) => r.wallMs))), ''],
    ],
    [false, true, true],
  ),
);
console.log('');
console.log(
  `- false positives: ${falsePos}/${n} (${interval(fp)}), goal ≤ 10 % → ${fp.point <= 0.1 ? 'met' : 'NOT met'}${fp.high > 0.1 ? ` (the interval still reaches ${pct(fp.high, 1)}: ${n} comparisons cannot show ≤ 10 % with confidence)` : ''}`,
);
console.log(
  `- detection of the injected ${injected} slowdown: ${detected}/${n} (${interval(det)}), goal ≥ 80 % → ${det.point >= 0.8 ? 'met' : 'NOT met'}`,
);
const firstBad = results.find(
  (r) => r.aa.verdict === 'failed' || r.ab.verdict === 'failed' || r.runs.some((x) => x.headline === null),
);
if (firstBad)
  console.log(
    `- failures, first at rep ${firstBad.rep}: ${firstBad.runs.find((x) => x.error)?.error ?? firstBad.aa.reason ?? firstBad.ab.reason}`,
  );
console.log(
  `- settings: cyclebench run ${runArgs.length ? runArgs.join(' ') : 'defaults (3 processes per run, --time 1.5, target CI 1 %)'}; compare defaults (threshold 1 %, confidence 0.95)`,
);
console.log(`- total ${elapsed(started)}`);
console.log(`- ${loadLine()}`);
if (opt.json) {
  const summary = {
    falsePositives: { count: falsePos, n, ...fp },
    detection: { count: detected, n, ...det },
    injected: pooled?.ratio ?? null,
  };
  writeFileSync(
    opt.json,
    JSON.stringify({ machine: machine(), reps, base, extra, runArgs, summary, results }, null, 2),
  );
  console.log(`- raw results written to ${opt.json}`);
}
