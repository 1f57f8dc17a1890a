// Benchmark of `cyclebench stat` against `perf stat` (not a test): run with
//   npx tsc -p tsconfig.build.json     # builds dist/, for the compiled-CLI rows
//   node --import tsx bench/stat/vs-perf.ts [--rounds 10]
// 1. Overhead: wall time of `cyclebench stat -r 20 -- true` vs `perf stat -r 20 true`
//    (goal <= 1.2x), end to end from the compiled dist/ CLI (what an installed package
//    runs) and from source through tsx, their start-up alone (--version), Node's own
//    start-up (node -e 0), and in-process (the stat() library alone, no start-up). Every
//    round runs every variant once, order reversed on odd rounds; a ratio is the median
//    over rounds of (variant / perf) within the round.
// 2. Agreement: mean task-clock and page-faults of the same command (a Node loop) from both
//    tools (goal within 5 %).
// 3. max-rss and wall-time while this process holds 300 MiB more: `true` and a 100 MiB
//    allocation, through the cyclebench-child helper, through an in-process fork (the runner
//    without the helper), and max-rss by /usr/bin/time -f %M (GNU time) when installed.
//    Runs without perf too. bench/stat/maxrss-exec.c shows why, at the syscall level.
// perf comes from Debian's linux-perf (`apt-get install -y linux-perf`); installing it is
// fine on a benchmark machine. Without perf the comparison is skipped with a message.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stat } from '../../src/stat/stat.js';
import { loadAddon, loadPlatform } from '../../src/platform/load.js';
import { createNativeChildRunner, type ChildAddon } from '../../src/platform/native-child.js';

const ROOT = join(import.meta.dirname, '../..');
const CLI = join(ROOT, 'bin/cyclebench.js');
const DIST_MAIN = join(ROOT, 'dist/cli/main.js');
const ROUNDS = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 10;
const LOOP = 'let s=0;for(let i=0;i<3e7;i++)s+=i';

function perfAvailable(): string | null {
  const r = spawnSync('perf', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function wallMs(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'ignore', env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
  return performance.now() - t0;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Newest mtime under a directory (ms), to tell whether dist/ is older than src/. */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) t = Math.max(t, statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs);
  }
  return t;
}

/** perf stat -x, lines: value,unit,event,... (stderr). */
function perfMeans(argv: string[], runs: number): Record<string, number> {
  const out = spawnSync('perf', ['stat', '-r', String(runs), '-x,', '-e', 'task-clock,page-faults', ...argv], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  }).stderr;
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => l.split(','))
      .filter((f) => f.length > 3)
      .map((f) => [f[2].replace(/:u$/, ''), Number(f[0])]),
  );
}

async function main(): Promise<void> {
  const perf = perfAvailable();
  const platform = loadPlatform();
  console.log(
    `cyclebench stat vs perf stat: platform ${platform.kind}, ${perf ?? 'perf NOT installed'}, ${ROUNDS} rounds`,
  );
  if (!perf) {
    console.log(
      'perf is not installed: install it with `apt-get install -y linux-perf` (Debian) to run this comparison; skipping.',
    );
  } else {
    await versusPerf(platform);
  }
  await maxRss(platform);
}

async function versusPerf(platform: ReturnType<typeof loadPlatform>): Promise<void> {
  const hasDist = existsSync(DIST_MAIN);
  if (!hasDist) console.log('dist/ is not built: run `npx tsc -p tsconfig.build.json` for the compiled-CLI rows.');
  else if (newest(join(ROOT, 'src')) > statSync(DIST_MAIN).mtimeMs)
    console.log('note: src/ has files newer than dist/cli/main.js; rebuild dist/ if they matter.');
  const distEnv = { ...process.env, CYCLEBENCH_USE_DIST: '1' };
  const srcEnv = { ...process.env, CYCLEBENCH_USE_DIST: undefined };
  const node = process.execPath;
  const variants: [string, () => number | Promise<number>][] = [
    ['perf', () => wallMs('perf', ['stat', '-r', '20', 'true'])],
    [
      'lib',
      async () => {
        const t0 = performance.now();
        await stat({ command: ['true'], runs: 20, platform });
        return performance.now() - t0;
      },
    ],
    ['node', () => wallMs(node, ['-e', '0'])],
    ['src', () => wallMs(node, [CLI, 'stat', '-r', '20', '--', 'true'], srcEnv)],
    ['srcBoot', () => wallMs(node, [CLI, '--version'], srcEnv)], // start-up alone (Node + tsx + main)
    ...(hasDist
      ? ([
          ['dist', () => wallMs(node, [CLI, 'stat', '-r', '20', '--', 'true'], distEnv)],
          ['distBoot', () => wallMs(node, [CLI, '--version'], distEnv)],
        ] as [string, () => number][])
      : []),
  ];
  const ms: Record<string, number[]> = Object.fromEntries(variants.map(([k]) => [k, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, run] of i % 2 ? [...variants].reverse() : variants) ms[k].push(await run());
  }
  const med = (k: string): number => median(ms[k]);
  const ratio = (k: string): string => `${median(ms[k].map((v, i) => v / ms.perf[i])).toFixed(2)}x perf`;
  const row = (label: string, k: string, note = ''): void => {
    if (!ms[k]) return;
    console.log(
      `  ${label.padEnd(52)} ${med(k).toFixed(1).padStart(7)} ms  ${k === 'perf' ? '1.00x' : ratio(k)}${note}`,
    );
  };
  console.log(
    `\noverhead, -r 20 true (median of ${ROUNDS} interleaved rounds, wall ms; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}):`,
  );
  row('perf stat -r 20 true', 'perf');
  row('cyclebench stat -r 20 -- true (dist/ CLI)', 'dist', ' (goal <= 1.2x; includes Node start-up)');
  row('cyclebench --version (dist/, start-up only)', 'distBoot');
  row('cyclebench stat -r 20 -- true (src/ through tsx)', 'src');
  row('cyclebench --version (src/ through tsx)', 'srcBoot');
  row('node -e 0 (Node start-up, the floor of any Node CLI)', 'node');
  row('stat() library, 20 runs of true (in-process)', 'lib');
  if (ms.dist) {
    const runs = median(ms.dist.map((v, i) => (v - ms.distBoot[i]) / ms.perf[i]));
    console.log(`  dist/ CLI minus its start-up: ${runs.toFixed(2)}x perf`);
  }

  // One run of each tool per round, alternating, so load drift hits both alike.
  const argv = ['node', '-e', LOOP];
  const oursRuns: Record<string, number[]> = { 'task-clock': [], 'page-faults': [] };
  const theirsRuns: Record<string, number[]> = { 'task-clock': [], 'page-faults': [] };
  for (let i = 0; i < 10; i++) {
    const m = (await stat({ command: argv, runs: 1, platform, events: ['task-clock', 'page-faults'] })).commands[0]
      .metrics;
    const p = perfMeans(argv, 1);
    for (const k of ['task-clock', 'page-faults'] as const) {
      if (m[k]) oursRuns[k].push(m[k].mean);
      if (Number.isFinite(p[k])) theirsRuns[k].push(p[k]);
    }
  }
  const mean = (xs: number[]): number | undefined =>
    xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined;
  const ours = {
    'task-clock': { mean: mean(oursRuns['task-clock']) },
    'page-faults': { mean: mean(oursRuns['page-faults']) },
  };
  const theirs = { 'task-clock': mean(theirsRuns['task-clock']), 'page-faults': mean(theirsRuns['page-faults']) };
  console.log(`\nagreement, node -e "${LOOP}", 10 interleaved runs each (means):`);
  for (const [name, key] of [
    ['task-clock', 'task-clock'],
    ['page-faults', 'page-faults'],
  ] as const) {
    const a = ours[name]?.mean;
    const b = theirs[key];
    const diff = a !== undefined && b ? ((a / b - 1) * 100).toFixed(2) + ' %' : 'n/a';
    console.log(
      `  ${name.padEnd(12)} cyclebench ${a?.toFixed(2) ?? 'n/a'}  perf ${b?.toFixed(2) ?? 'n/a'}  difference ${diff} (goal within 5 %)`,
    );
  }
}

/** GNU time's %M (max RSS, KiB) of one run; null without /usr/bin/time. */
function gnuTimeKb(argv: string[]): number | null {
  const r = spawnSync('/usr/bin/time', ['-f', 'cyclebench-maxrss %M', ...argv], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const m = /cyclebench-maxrss (\d+)/.exec(r.stderr ?? '');
  return r.error || !m ? null : Number(m[1]);
}

async function maxRss(platform: ReturnType<typeof loadPlatform>): Promise<void> {
  const loaded = loadAddon();
  if (platform.kind !== 'native' || loaded.error !== undefined) {
    console.log('\nmax-rss: needs the native platform; skipping.');
    return;
  }
  const inProcess = {
    ...platform,
    child: createNativeChildRunner(loaded.addon as unknown as ChildAddon, { helper: null }),
  };
  const helped = platform.child.capability().reason === undefined;
  let ballast: Buffer | null = Buffer.alloc(300 * 2 ** 20, 1); // touched, so resident
  const rssMb = (): string => (process.memoryUsage().rss / 2 ** 20).toFixed(0);
  console.log(
    `\nmax-rss and wall-time (median of 10 runs) while this process holds ${rssMb()} MiB RSS${helped ? '' : ' (NO helper found: both columns fork in-process)'}:`,
  );
  const commands = [['true'], [process.execPath, '-e', 'const b = Buffer.alloc(100 * 2 ** 20, 1)']];
  for (const argv of commands) {
    const run = async (p: typeof platform) =>
      (await stat({ command: argv, runs: 10, platform: p, events: [] })).commands[0].metrics;
    const [h, f] = [await run(platform), await run(inProcess)];
    const times = [0, 1, 2, 3, 4].map(() => gnuTimeKb(argv)).filter((x): x is number => x !== null);
    const label = argv[0] === process.execPath ? 'node -e "Buffer.alloc(100 MiB)"' : argv.join(' ');
    const kb = (m: typeof h): string => String(m['max-rss']?.median).padStart(7);
    const wall = (m: typeof h): string => `${m['wall-time']?.median.toFixed(2)} ms`;
    console.log(
      `  ${label.padEnd(32)} max-rss KiB: helper ${kb(h)}  in-process fork ${kb(f)}  /usr/bin/time ${times.length ? String(median(times)).padStart(7) : 'not installed'}`,
    );
    console.log(`  ${''.padEnd(32)} wall-time:   helper ${wall(h)}  in-process fork ${wall(f)}`);
  }
  if (ballast[1] !== 1) throw new Error('ballast');
  ballast = null;
}

await main();
