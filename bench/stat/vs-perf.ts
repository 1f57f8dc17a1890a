// Benchmark of `cyclebench stat` against `perf stat` (not a test): run with
//   node --import tsx bench/stat/vs-perf.ts [--rounds 5]
// 1. Overhead: wall time of `cyclebench stat -r 20 -- true` vs `perf stat -r 20 true`
//    (goal <= 1.2x), end to end (CLI process incl. Node start-up) and in-process (the stat()
//    library alone, without Node/tsx start-up), median of alternating rounds.
// 2. Agreement: mean task-clock and page-faults of the same command (a Node loop) from both
//    tools (goal within 5 %).
// perf comes from Debian's linux-perf (`apt-get install -y linux-perf`); installing it is
// fine on a benchmark machine. Without perf the comparison is skipped with a message.

import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stat } from '../../src/stat/stat.js';
import { loadPlatform } from '../../src/platform/load.js';

const ROOT = join(import.meta.dirname, '../..');
const CLI = join(ROOT, 'bin/cyclebench.js');
const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 5;
const LOOP = 'let s=0;for(let i=0;i<3e7;i++)s+=i';

function perfAvailable(): string | null {
  const r = spawnSync('perf', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function wallMs(cmd: string, args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
  return performance.now() - t0;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** perf stat -x, lines: value,unit,event,... (stderr). */
function perfMeans(argv: string[], runs: number): Record<string, number> {
  const out = spawnSync('perf', ['stat', '-r', String(runs), '-x,', '-e', 'task-clock,page-faults', ...argv], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] }).stderr;
  return Object.fromEntries(out.trim().split('\n').map((l) => l.split(',')).filter((f) => f.length > 3).map((f) => [f[2].replace(/:u$/, ''), Number(f[0])]));
}

async function main(): Promise<void> {
  const perf = perfAvailable();
  const platform = loadPlatform();
  console.log(`cyclebench stat vs perf stat: platform ${platform.kind}, ${perf ?? 'perf NOT installed'}, ${ROUNDS} rounds`);
  if (!perf) {
    console.log('perf is not installed: install it with `apt-get install -y linux-perf` (Debian) to run this comparison; skipping.');
    return;
  }
  const cli: number[] = [];
  const boot: number[] = [];
  const lib: number[] = [];
  const prf: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    cli.push(wallMs(process.execPath, [CLI, 'stat', '-r', '20', '--', 'true']));
    boot.push(wallMs(process.execPath, [CLI, '--version'])); // CLI start-up alone (Node + tsx + main)
    const t0 = performance.now();
    await stat({ command: ['true'], runs: 20, platform });
    lib.push(performance.now() - t0);
    prf.push(wallMs('perf', ['stat', '-r', '20', 'true']));
  }
  const [c, b, l, p] = [median(cli), median(boot), median(lib), median(prf)];
  console.log(`\noverhead, -r 20 true (median of ${ROUNDS} rounds, wall ms; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}):`);
  console.log(`  perf stat -r 20 true                    ${p.toFixed(1)} ms`);
  console.log(`  cyclebench stat -r 20 -- true (CLI)     ${c.toFixed(1)} ms  = ${(c / p).toFixed(2)}x perf (goal <= 1.2x; includes CLI start-up)`);
  console.log(`  cyclebench --version (start-up only)    ${b.toFixed(1)} ms`);
  console.log(`  CLI minus start-up                      ${(c - b).toFixed(1)} ms  = ${((c - b) / p).toFixed(2)}x perf`);
  console.log(`  stat() library, 20 runs of true         ${l.toFixed(1)} ms  = ${(l / p).toFixed(2)}x perf (in-process, no start-up)`);

  const argv = ['node', '-e', LOOP];
  const ours = (await stat({ command: argv, runs: 10, platform, events: ['task-clock', 'page-faults'] })).commands[0].metrics;
  const theirs = perfMeans(argv, 10);
  console.log(`\nagreement, node -e "${LOOP}", 10 runs each (means):`);
  for (const [name, key] of [['task-clock', 'task-clock'], ['page-faults', 'page-faults']] as const) {
    const a = ours[name]?.mean;
    const b = theirs[key];
    const diff = a !== undefined && b ? ((a / b - 1) * 100).toFixed(2) + ' %' : 'n/a';
    console.log(`  ${name.padEnd(12)} cyclebench ${a?.toFixed(2) ?? 'n/a'}  perf ${b ?? 'n/a'}  difference ${diff} (goal within 5 %)`);
  }
}

await main();
