// Workers started ahead of their turn (the default) against each worker started at its turn
// (--no-prestart): a default `cyclebench run` of the eight cost kernels in both modes, in pairs,
// the order alternating pair by pair, so both modes meet the same spells of the machine. Per
// mode: the wall time, the processes run (more are added when a benchmark's processes disagree),
// the time per process outside warm-up and batches (start-up and the rest), and how much the
// first three processes of each benchmark disagreed (their CV). Per benchmark: the paired ratio
// of the headlines, prestart / no prestart, with a bootstrap CI over the pairs.
// --hogs N starts N CPU hogs (`node -e 'for(;;){}'`) for the whole measurement.
//   node --import tsx bench/engine/prestart.ts [--pairs 8] [--hogs 0]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ResultDocument } from '../../src/results/schema.js';
import { cv, cyclebenchRun, loadLine, pairedBootstrap, pct, ROOT, scratchDir, secs, table, why } from './cli-runs.js';
import { machine } from './common.js';
import { startHog, stopHogs } from './hogs.js';

const { values: opt } = parseArgs({
  options: { pairs: { type: 'string', default: '8' }, hogs: { type: 'string', default: '0' } },
});
const pairs = Number(opt.pairs);
execFileSync('npx', ['tsc', '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
const FILE = join(ROOT, 'bench/engine/kernels/cost.bench.ts');
const dir = scratchDir('prestart');
const MODES = ['prestart', 'no prestart'] as const;
type Mode = (typeof MODES)[number];
const runs: Record<Mode, { wallMs: number; doc: ResultDocument }[]> = { prestart: [], 'no prestart': [] };

console.log(
  `# workers started ahead vs at their turn, ${pairs} pairs, ${opt.hogs} CPU hog(s)\n${machine()}\n${loadLine()}\n`,
);
for (let i = 0; i < Number(opt.hogs); i++) startHog();
for (let p = 0; p < pairs; p++)
  for (const mode of p % 2 ? [...MODES].reverse() : MODES) {
    const extra = mode === 'prestart' ? [] : ['--no-prestart'];
    const r = cyclebenchRun(FILE, join(dir, `${p}-${mode}.json`), extra, { CYCLEBENCH_USE_DIST: '1' });
    if (r.code !== 0 || !r.doc) throw new Error(`${mode} failed: ${why(r)}`);
    runs[mode].push({ wallMs: r.wallMs, doc: r.doc });
    console.log(`pair ${p}: ${mode.padEnd(11)} ${secs(r.wallMs)}, ${processes(r.doc)} processes`);
  }
stopHogs();

function processes(doc: ResultDocument): number {
  return doc.benchmarks.reduce((n, b) => n + b.forks.length, 0);
}

/** Seconds per process outside warm-up and timed batches: start-up, loading, the floor, the orchestrator. */
function overheadPerProcess(wallMs: number, doc: ResultDocument): number {
  let inside = 0;
  for (const b of doc.benchmarks)
    for (const f of b.forks) inside += f.warmup.durationNs + f.batches.reduce((s, x) => s + x.ns, 0);
  return (wallMs / 1e3 - inside / 1e9) / processes(doc);
}

/** Per-process mean time per iteration of the batches not preempted. */
function perProcess(doc: ResultDocument, name: string): number[] {
  const b = doc.benchmarks.find((x) => x.name === name)!;
  return b.forks.map((f) => {
    const kept = f.batches.filter((x) => !x.preempted);
    return kept.reduce((s, x) => s + x.ns, 0) / kept.reduce((s, x) => s + x.iterations, 0);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];
const names = runs.prestart[0].doc.benchmarks.map((b) => b.name);

console.log(
  '\n' +
    table(
      ['mode', 'median wall', 'processes', 'per process outside warm-up and batches', 'first-3 CV median / p75 / p90'],
      MODES.map((m) => {
        const cvs = runs[m].flatMap((r) => names.map((n) => cv(perProcess(r.doc, n).slice(0, 3))));
        const over = runs[m].map((r) => overheadPerProcess(r.wallMs, r.doc));
        return [
          m,
          secs(median(runs[m].map((r) => r.wallMs))),
          String(runs[m].reduce((n, r) => n + processes(r.doc), 0)),
          `${Math.min(...over).toFixed(2)}–${Math.max(...over).toFixed(2)} s`,
          [0.5, 0.75, 0.9].map((q) => pct(quantile(cvs, q), 1)).join(' / '),
        ];
      }),
    ),
);
console.log(
  '\n' +
    table(
      ['benchmark', 'headline prestart / no prestart, median of pairs [95 % CI]'],
      names.map((n) => {
        const ratios = runs.prestart.map((r, i) => {
          const head = (d: ResultDocument) => d.benchmarks.find((b) => b.name === n)!.headline!.point;
          return head(r.doc) / head(runs['no prestart'][i].doc);
        });
        const ci = pairedBootstrap(ratios, median);
        const f = (x: number) => x.toFixed(3);
        return [n, Number.isFinite(ci.low) ? `${f(ci.point)} [${f(ci.low)}, ${f(ci.high)}]` : f(ci.point)];
      }),
    ),
);
console.log(`\n${loadLine()}`);
