// Paired A/B runs against today's two-run flow, on this machine: per trial
//   paired A/A:   cyclebench run array-sum.bench.ts --against ../A2   (cwd A1; A1, A2 identical)
//   paired A/A':  cyclebench run array-sum.bench.ts --against ../A1   (cwd A'; A' sums 3 % more zeros)
//   two-run flow: cyclebench run A1 --json, run A2 --json, run A' --json (order alternating), then
//                 cyclebench compare A1 A2 (A/A) and compare A2 A' (A/A'), as bench/compare/aa.ts does.
// All at default settings. Called different = verdict faster or slower on A/A; detected = 'slower'
// on A/A'. Wall time per trial is what the user waits for one comparison (one benchmark).
//
//   node --import tsx bench/compare/paired.ts [--trials 10] [--hog] [--until HH:MM] [--no-two-run]
//
// --hog starts `node -e 'for(;;){}'` for the whole session and kills it at the end (and on
// Ctrl-C); --until stops starting trials after that UTC time (what ran is reported).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CYCLEBENCH, ROOT, scratchDir, secs, wilson, interval } from '../engine/cli-runs.js';

const { values: opt } = parseArgs({
  options: {
    trials: { type: 'string', default: '10' },
    hog: { type: 'boolean', default: false },
    until: { type: 'string' },
    'no-two-run': { type: 'boolean', default: false },
  },
});
const trials = Number(opt.trials);
const dir = scratchDir('paired');
const kernel = readFileSync(join(ROOT, 'bench/compare/kernels/array-sum.bench.ts'), 'utf8')
  .replace("'../../../src/index.js'", `'${join(ROOT, 'src/index.js')}'`)
  .replace(/const BASE = .*\n/, 'const BASE = 1000;\n');
function tree(name: string, extra: number): string {
  const d = join(dir, name);
  mkdirSync(d);
  writeFileSync(join(d, 'array-sum.bench.ts'), kernel.replace(/const EXTRA = .*\n/, `const EXTRA = ${extra};\n`));
  return d;
}
const [A1, A2, Ap] = [tree('A1', 0), tree('A2', 0), tree('Ap', 30)];

let hog: ReturnType<typeof spawn> | undefined;
const stopHog = () => {
  if (hog?.pid) {
    try {
      process.kill(hog.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
};
if (opt.hog) hog = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
process.on('exit', stopHog);
for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => process.exit(130));

function cli(cwd: string, args: string[]): { code: number | null; stdout: string; wallMs: number } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CYCLEBENCH, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, wallMs: performance.now() - t0 };
}

interface Call {
  verdict: string;
  ratio: number | null;
  pairs?: number;
  wallMs: number;
}

function paired(cwd: string, against: string, tag: string): Call {
  const out = join(dir, `${tag}.json`);
  const r = cli(cwd, ['run', 'array-sum.bench.ts', '--against', against, '--json', out, '--quiet']);
  try {
    const row = JSON.parse(readFileSync(out, 'utf8')).rows[0];
    return {
      verdict: row.analysis.verdict,
      ratio: row.analysis.ratio?.point ?? null,
      pairs: row.pairs.length,
      wallMs: r.wallMs,
    };
  } catch {
    return { verdict: `failed (exit ${r.code})`, ratio: null, wallMs: r.wallMs };
  }
}

function runJson(tree: string, tag: string): { file: string; wallMs: number } {
  const file = join(dir, `${tag}.json`);
  const r = cli(tree, ['run', 'array-sum.bench.ts', '--json', file, '--quiet']);
  return { file, wallMs: r.wallMs };
}

function compare(a: string, b: string): { verdict: string; ratio: number | null; wallMs: number } {
  const r = cli(dir, ['compare', a, b, '--format', 'json']);
  try {
    const c = JSON.parse(r.stdout).comparisons[0];
    return { verdict: c.verdict, ratio: c.ratio?.point ?? null, wallMs: r.wallMs };
  } catch {
    return { verdict: `failed (exit ${r.code})`, ratio: null, wallMs: r.wallMs };
  }
}

const rows: { aa: Call; ab: Call; twoAa?: Call; twoAb?: Call; twoWallMs?: number; load: number }[] = [];
const f = (c: Call | undefined) =>
  c ? `${c.verdict} ${c.ratio?.toFixed(4) ?? ''}${c.pairs ? ` (${c.pairs} pairs)` : ''} ${secs(c.wallMs)}` : '—';
console.log(`# paired vs two-run, ${trials} trials${opt.hog ? ', with a CPU hog' : ''}; scratch ${dir}`);
console.log(
  `load at start ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')}\n`,
);
console.log('| trial | paired A/A | paired A/A′ | two-run A/A | two-run A/A′ | two-run wall (3 runs) | load 1 min |');
console.log('|---|---|---|---|---|---|---|');
const untilOk = () => {
  if (!opt.until) return true;
  const [h, m] = opt.until.split(':').map(Number);
  const now = new Date();
  return now.getUTCHours() * 60 + now.getUTCMinutes() < h * 60 + m;
};
for (let t = 0; t < trials && untilOk(); t++) {
  const aa = paired(A1, '../A2', `${t}-paa`);
  const ab = paired(Ap, '../A1', `${t}-pab`);
  const row: (typeof rows)[number] = { aa, ab, load: loadavg()[0] };
  if (!opt['no-two-run']) {
    const order: [string, string][] =
      t % 2 === 0
        ? [
            ['A1', A1],
            ['A2', A2],
            ['Ap', Ap],
          ]
        : [
            ['Ap', Ap],
            ['A2', A2],
            ['A1', A1],
          ];
    const runs = Object.fromEntries(order.map(([n, d]) => [n, runJson(d, `${t}-${n}`)]));
    const [early, late] = t % 2 === 0 ? ['A1', 'A2'] : ['A2', 'A1'];
    const cAa = compare(runs[early].file, runs[late].file);
    const cAb = compare(runs.A2.file, runs.Ap.file);
    // What a user of the two-run flow waits for one comparison: two runs and one compare.
    row.twoAa = { ...cAa, wallMs: runs[early].wallMs + runs[late].wallMs + cAa.wallMs };
    row.twoAb = { ...cAb, wallMs: runs.A2.wallMs + runs.Ap.wallMs + cAb.wallMs };
    row.twoWallMs = order.reduce((s, [n]) => s + runs[n].wallMs, 0);
  }
  rows.push(row);
  console.log(
    `| ${t} | ${f(aa)} | ${f(ab)} | ${f(row.twoAa)} | ${f(row.twoAb)} | ${secs(row.twoWallMs ?? NaN)} | ${row.load.toFixed(1)} |`,
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const different = (cs: (Call | undefined)[]) =>
  cs.filter((c) => c && (c.verdict === 'faster' || c.verdict === 'slower')).length;
const slower = (cs: (Call | undefined)[]) => cs.filter((c) => c?.verdict === 'slower').length;
const share = (k: number, n: number) => `${k} of ${n} (${interval(wilson(k, n))})`;
const n = rows.length;
console.log(
  `\n## Summary (${n} trials${opt.hog ? ', CPU hog running' : ''}; load now ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')})\n`,
);
console.log('| flow | A/A called different | 3 % slowdown called slower | median wall, A/A | median wall, A/A′ |');
console.log('|---|---|---|---|---|');
for (const [name, aa, ab] of [
  ['paired (--against)', rows.map((r) => r.aa), rows.map((r) => r.ab)],
  ['two runs + compare', rows.map((r) => r.twoAa), rows.map((r) => r.twoAb)],
] as const) {
  if (aa.some((c) => !c)) continue;
  const wall = (cs: readonly (Call | undefined)[]) => secs(median(cs.map((c) => c!.wallMs)));
  console.log(
    `| ${name} | ${share(different([...aa]), n)} | ${share(slower([...ab]), n)} | ${wall(aa)} | ${wall(ab)} |`,
  );
}
stopHog();
