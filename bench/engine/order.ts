// Order independence: the same kernel measured first and last in a file agrees
// within its CI. The file (kernels/order.bench.ts) registers one kernel first and last with
// a megamorphic-call kernel and an allocation-heavy kernel between them.
//
//   node --import tsx bench/engine/order.ts [--reps 10] [--modes cli,in-process] [--json FILE]
//
// Two modes, alternated run by run (cli, in-process, in-process, cli, …) so drift hits both:
// - cli: `cyclebench run order.bench.ts --json …` at default settings (3 fresh processes per
//   benchmark, round-robin). Each benchmark has its own processes, so order can only act
//   through the schedule; the first kernel is the group's `.baseline()`, so the CLI's own
//   verdict (`relative` of the last kernel) is reported too.
// - in-process: a fresh `node` process imports the file and calls the library's run()
//   (forks: 0), which measures the four benchmarks one after another in that one process,
//   where JIT feedback (the shared helper goes megamorphic) and heap state carry over.
//   The verdict is the same comparison machinery (compare/documents.ts relativeToBaseline)
//   over the batches of the two single processes. run() does not pin (the CLI pins its
//   workers to one CPU), so the in-process runs are also unpinned.
// Per run: both headlines with CIs, whether each point lies inside the other's CI, whether
// the CIs overlap, the verdict, and last/first. Summary: shares and the spread of last/first.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { BenchmarkResult, RelativeResult } from '../../src/results/schema.js';
import {
  cv,
  cyclebenchRun,
  elapsed,
  findBenchmark,
  interval,
  loadLine,
  ns,
  pairedBootstrap,
  pct,
  ROOT,
  runCommand,
  scratchDir,
  secs,
  table,
  why,
  wilson,
} from './cli-runs.js';
import { machine } from './common.js';

const FILE = join(ROOT, 'bench/engine/kernels/order.bench.ts');
const MODES = ['cli', 'in-process'] as const;
type Mode = (typeof MODES)[number];

interface Side {
  point: number;
  ciLow: number;
  ciHigh: number;
}

interface RunRecord {
  rep: number;
  mode: Mode;
  wallMs: number;
  first: Side | null;
  last: Side | null;
  /** Verdict of last vs first (baseline) by cyclebench's comparison machinery. */
  relative: RelativeResult | null;
  others: Record<string, number | null>;
  error?: string;
}

const side = (b: BenchmarkResult | undefined): Side | null =>
  b?.headline ? { point: b.headline.point, ciLow: b.headline.ciLow, ciHigh: b.headline.ciHigh } : null;

// ---- child: measure the whole file in this one process through the library's run()
async function inProcessChild(): Promise<void> {
  const { GROUP, FIRST, LAST } = await import(pathToFileURL(FILE).href);
  const { run } = await import('../../src/api/run.js');
  const { relativeToBaseline } = await import('../../src/compare/documents.js');
  const res = await run({ print: false });
  const doc = res.document!;
  const rows = relativeToBaseline(doc, { threshold: 0.01, confidence: 0.95, seed: 1, target: 0.01 });
  const row = rows.find((r) => r.comparison.name === LAST);
  const c = row?.comparison;
  const relative: RelativeResult | null =
    row && c
      ? {
          baseline: row.baseline,
          verdict: c.verdict,
          ratio: c.ratio,
          pValue: c.pValue,
          ...(c.because ? { because: c.because } : {}),
        }
      : null;
  const others = Object.fromEntries(doc.benchmarks.map((b) => [b.name, b.headline?.point ?? null]));
  const errors = doc.benchmarks.filter((b) => b.error).map((b) => b.error!.message);
  process.stdout.write(
    `${JSON.stringify({
      first: side(findBenchmark(doc, `${GROUP}/${FIRST}`)),
      last: side(findBenchmark(doc, `${GROUP}/${LAST}`)),
      relative,
      others,
      error: errors[0],
    })}\n`,
  );
}

// ---- parent
async function measureOnce(rep: number, mode: Mode, dir: string): Promise<RunRecord> {
  const { GROUP, FIRST, LAST } = await import(pathToFileURL(FILE).href);
  if (mode === 'cli') {
    const r = cyclebenchRun(FILE, join(dir, `${rep}.json`));
    const first = findBenchmark(r.doc, `${GROUP}/${FIRST}`);
    const last = findBenchmark(r.doc, `${GROUP}/${LAST}`);
    const others = Object.fromEntries((r.doc?.benchmarks ?? []).map((b) => [b.name, b.headline?.point ?? null]));
    const error =
      !first?.headline || !last?.headline ? (first?.error?.message ?? last?.error?.message ?? why(r)) : undefined;
    return {
      rep,
      mode,
      wallMs: r.wallMs,
      first: side(first),
      last: side(last),
      relative: last?.relative ?? null,
      others,
      ...(error ? { error } : {}),
    };
  }
  const r = runCommand(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child']);
  try {
    const out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Omit<RunRecord, 'rep' | 'mode' | 'wallMs'>;
    return { rep, mode, wallMs: r.wallMs, ...out };
  } catch {
    return { rep, mode, wallMs: r.wallMs, first: null, last: null, relative: null, others: {}, error: why(r) };
  }
}

const inside = (x: number, s: Side) => x >= s.ciLow && x <= s.ciHigh;
const yes = (b: boolean) => (b ? 'yes' : 'NO');
const ci = (s: Side) => `${ns(s.point)} [${ns(s.ciLow)}, ${ns(s.ciHigh)}]`;

async function parent(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      reps: { type: 'string', default: '10' },
      modes: { type: 'string', default: MODES.join(',') },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (opt.help) {
    console.log('node --import tsx bench/engine/order.ts [--reps N] [--modes cli,in-process] [--json FILE]');
    return;
  }
  const reps = Number(opt.reps);
  if (!(Number.isInteger(reps) && reps >= 1)) throw new Error('--reps must be an integer >= 1');
  const modes = opt.modes!.split(',').map((s) => s.trim()) as Mode[];
  for (const m of modes) if (!MODES.includes(m)) throw new Error(`unknown mode '${m}' (have: ${MODES.join(', ')})`);
  const dir = scratchDir('order');
  console.log(
    `# order independence: one kernel registered first and last, ${reps} runs per mode, interleaved\n${machine()}\nfile: ${FILE}; scratch: ${dir}\n`,
  );

  const started = performance.now();
  const records: RunRecord[] = [];
  console.log(
    table(
      [
        'rep',
        'mode',
        'first ns [95 % CI]',
        'last ns [95 % CI]',
        'last/first',
        'last in first CI',
        'first in last CI',
        'CIs overlap',
        'verdict (ratio CI)',
        'wall',
      ],
      [],
      [false, false, true, true, true, false, false, false, false, true],
    ),
  );
  for (let rep = 0; rep < reps; rep++) {
    for (const mode of rep % 2 ? [...modes].reverse() : modes) {
      const r = await measureOnce(rep, mode, dir);
      records.push(r);
      if (!r.first || !r.last) {
        console.log(`| ${rep} | ${mode} | failed: ${r.error} | | | | | | | ${secs(r.wallMs)} |`);
        continue;
      }
      const v = r.relative;
      const verdict = v
        ? `${v.verdict}${v.ratio ? ` [${v.ratio.ciLow.toFixed(3)}, ${v.ratio.ciHigh.toFixed(3)}]` : ''}`
        : '—';
      const overlap = r.first.ciLow <= r.last.ciHigh && r.last.ciLow <= r.first.ciHigh;
      console.log(
        `| ${rep} | ${mode} | ${ci(r.first)} | ${ci(r.last)} | ${(r.last.point / r.first.point).toFixed(3)} | ${yes(inside(r.last.point, r.first))} | ${yes(inside(r.first.point, r.last))} | ${yes(overlap)} | ${verdict} | ${secs(r.wallMs)} |`,
      );
    }
  }
  console.log(`\n(${elapsed(started)} in all)\n\n## Summary\n`);

  const rows: string[][] = [];
  const lines: string[] = [];
  for (const mode of modes) {
    const ok = records.filter((r) => r.mode === mode && r.first && r.last);
    const ratios = ok.map((r) => r.last!.point / r.first!.point);
    const n = ok.length;
    const both = ok.filter((r) => inside(r.last!.point, r.first!) && inside(r.first!.point, r.last!)).length;
    const lastInFirst = ok.filter((r) => inside(r.last!.point, r.first!)).length;
    const noDiff = ok.filter((r) => r.relative?.verdict === 'no-difference').length;
    const meanRatio = pairedBootstrap(ratios, (s) => s.reduce((a, b) => a + b, 0) / s.length, 3);
    const sorted = [...ratios].sort((a, b) => a - b);
    const wall = records
      .filter((r) => r.mode === mode)
      .map((r) => r.wallMs)
      .sort((a, b) => a - b);
    const f3 = (x: number) => x.toFixed(3);
    rows.push([
      mode,
      String(n),
      interval(wilson(both, n)),
      interval(wilson(lastInFirst, n)),
      interval(wilson(noDiff, n)),
      n ? interval(meanRatio, f3) : '—',
      n ? `${f3(sorted[0])} – ${f3(sorted[n - 1])}` : '—',
      pct(cv(ratios)),
      secs(wall[wall.length >> 1]),
    ]);
    if (n)
      lines.push(
        `${mode}: last/first mean ${f3(meanRatio.point)}${Number.isFinite(meanRatio.low) ? ` [${f3(meanRatio.low)}, ${f3(meanRatio.high)}]` : ''}; each point inside the other's CI in ${both}/${n} runs, cyclebench verdict no-difference in ${noDiff}/${n}`,
      );
  }
  console.log(
    table(
      [
        'mode',
        'runs',
        "each in the other's CI [Wilson 95 %]",
        "last in first's CI",
        'verdict no-difference',
        'mean last/first [bootstrap 95 %]',
        'range',
        'CV of last/first',
        'median wall',
      ],
      rows,
    ),
  );
  console.log('');
  for (const l of lines) console.log(`- ${l}`);
  const failed = records.filter((r) => !r.first || !r.last);
  if (failed.length) console.log(`- ${failed.length} run(s) failed; first: ${failed[0].mode}: ${failed[0].error}`);
  console.log(`- total ${elapsed(started)}`);
  console.log(`- ${loadLine()}`);
  if (opt.json) {
    writeFileSync(opt.json, JSON.stringify({ machine: machine(), reps, modes, records }, null, 2));
    console.log(`- raw records written to ${opt.json}`);
  }
}

if (process.argv[2] === '--child') await inProcessChild();
else await parent();
