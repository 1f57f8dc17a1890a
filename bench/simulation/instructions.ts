// Simulated instruction counts (`run --counters simulate`) on this machine, through the CLI:
// (a) a Float64Array sum and the same loop doing exactly twice the work: instructions/op ratio,
//     raw and with the empty kernel's per-call count subtracted (truth 2.000);
// (b) two identical kernels, each in its own processes: their instructions/op agree;
// (c) a version with 1 % more elements (zeros: the same result), compared with
//     `compare --statistic instructions` and, side by side, with the default wall-time run and compare,
//     repeated --reps times (wall time moves with the load, counts do not).
// It also times the default simulated run (2 processes per benchmark), the cost the docs quote.
//
//   node --import tsx bench/simulation/instructions.ts [--reps 3] [--extra 164] [--out FILE]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { RatioEstimate } from '../../src/compare/types.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { CYCLEBENCH, cyclebenchRun, findBenchmark, runCommand, scratchDir, why } from '../engine/cli-runs.js';

const { values } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    extra: { type: 'string', default: '164' },
    out: { type: 'string' },
  },
});
const reps = Number(values.reps);
const extra = values.extra!;
const KERNELS = join(import.meta.dirname, 'kernels/sum.bench.ts');
const dir = scratchDir('sim-bench');
const lines: string[] = [];
const say = (s: string) => {
  lines.push(s);
  console.log(s);
};
const load = () => readFileSync('/proc/loadavg', 'utf8').trim();

function instructions(doc: ResultDocument | null, name: string): number[] {
  const b = findBenchmark(doc, name);
  const perOp = b?.counters?.perOp.find((c) => c.event === 'sim-instructions')?.perOp;
  if (perOp === undefined) throw new Error(`${name}: no simulated instructions (${b?.error?.message ?? 'missing'})`);
  // Per process: the slope of instructions over iterations of each fork's batches.
  const forks = (b!.forks ?? []).map((f) => {
    const pts = f.batches.map((x) => [x.iterations, x.counters?.['sim-instructions'] ?? NaN] as const);
    const [a, z] = [pts[0], pts.at(-1)!].sort((p, q) => p[0] - q[0]);
    return (z[1] - a[1]) / (z[0] - a[0]);
  });
  return [perOp, ...forks];
}

function compare(base: string, head: string, extraArgs: string[] = []): string {
  const r = runCommand(process.execPath, [CYCLEBENCH, 'compare', base, head, '--format', 'json', ...extraArgs]);
  if (r.stdout.trim() === '') return `compare failed: ${why(r)}`;
  const doc = JSON.parse(r.stdout) as { comparisons: { name: string; verdict: string; ratio: RatioEstimate | null }[] };
  const c = doc.comparisons.find((x) => x.name === 'sum');
  const ratio = c?.ratio
    ? `ratio ${c.ratio.point.toFixed(4)} [${c.ratio.ciLow.toFixed(4)}, ${c.ratio.ciHigh.toFixed(4)}]`
    : 'no ratio';
  return `${c?.verdict ?? 'missing'}, ${ratio}`;
}

say(`# bench/simulation/instructions.ts, ${new Date().toISOString()}, extra ${extra} of 16,384 elements`);
say(`load before: ${load()}`);

// (a) and (b): the default simulated run of the 4 kernels, timed.
const base = join(dir, 'base-sim.json');
const a = cyclebenchRun(KERNELS, base, ['--counters', 'simulate']);
if (!a.doc) throw new Error(`simulated run failed: ${why(a)}`);
say(`default simulated run, 4 benchmarks x 2 processes: ${(a.wallMs / 1000).toFixed(1)} s wall (load ${load()})`);
const [empty, ...emptyForks] = instructions(a.doc, 'empty');
const [once, ...onceForks] = instructions(a.doc, 'sum');
const [twice, ...twiceForks] = instructions(a.doc, 'sum twice');
const [copy, ...copyForks] = instructions(a.doc, 'sum copy');
const fmt = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(' / ');
say(`instructions/op: empty ${fmt([empty, ...emptyForks])}; sum ${fmt([once, ...onceForks])}`);
say(`                 sum twice ${fmt([twice, ...twiceForks])}; sum copy ${fmt([copy, ...copyForks])}`);
say(
  `(a) ratio twice/once: raw ${(twice / once).toFixed(5)}, empty subtracted ${((twice - empty) / (once - empty)).toFixed(5)}`,
);
say(`(b) sum copy / sum: ${(copy / once).toFixed(6)} (${(((copy - once) / once) * 100).toFixed(4)} %)`);

// (c): 1 % more elements; simulated once (counts are deterministic), wall time --reps times.
const headSim = join(dir, 'head-sim.json');
const h = cyclebenchRun(KERNELS, headSim, ['--counters', 'simulate', '--filter', '^sum$'], { SIM_BENCH_EXTRA: extra });
say(`head simulated: sum ${fmt(instructions(h.doc, 'sum'))} instructions/op (load ${load()})`);
say(`(c) compare --statistic instructions: ${compare(base, headSim, ['--statistic', 'instructions'])}`);
for (let r = 1; r <= reps; r++) {
  const bt = join(dir, `base-time-${r}.json`);
  const ht = join(dir, `head-time-${r}.json`);
  const first = r % 2 === 1;
  const runs = first
    ? [
        cyclebenchRun(KERNELS, bt, ['--filter', '^sum$']),
        cyclebenchRun(KERNELS, ht, ['--filter', '^sum$'], { SIM_BENCH_EXTRA: extra }),
      ]
    : [
        cyclebenchRun(KERNELS, ht, ['--filter', '^sum$'], { SIM_BENCH_EXTRA: extra }),
        cyclebenchRun(KERNELS, bt, ['--filter', '^sum$']),
      ];
  const ns = (d: ResultDocument | null) => findBenchmark(d, 'sum')?.headline?.point.toFixed(0) ?? 'n/a';
  const [bd, hd] = first ? [runs[0].doc, runs[1].doc] : [runs[1].doc, runs[0].doc];
  say(`(c) wall time rep ${r}: base ${ns(bd)} ns, head ${ns(hd)} ns; compare: ${compare(bt, ht)} (load ${load()})`);
}
if (values.out) writeFileSync(values.out, lines.join('\n') + '\n');
