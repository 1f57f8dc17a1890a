// Cost of one perf_event group read from JavaScript (software events on a PMU-less guest)
// against a clock read, in one run (docs/platform-notes.md P8), plus the cost of one
// native child run (fork, counters, exec, wait4) against child_process.spawn of `true`.
// Standalone script, not vitest:
//   node --import tsx bench/counters.ts [calls=200000] [rounds=5]
// Prints the figures and replaces the "## Counter read cost" section of docs/measurements.md
// (other sections are kept as they are).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPlatform, loadAddon } from '../src/platform/load.js';
import { createJsChildRunner } from '../src/platform/js-child.js';
import type { ChildRunner, CounterEventName } from '../src/platform/types.js';

const SOFTWARE: CounterEventName[] = ['task-clock', 'page-faults', 'context-switches', 'cpu-migrations'];
const HEADING = '## Counter read cost';

// Thread CPU time (user + system: a read is a syscall), not wall time: the guest is shared
// and wall time would count every moment the thread sat descheduled (see bench/clock.ts).
const addon = loadAddon().addon;
function cpuNowNs(): number {
  if (addon) {
    const ru = addon.schedThreadRusage();
    return ru.userNs + ru.systemNs;
  }
  const u = process.cpuUsage();
  return (u.user + u.system) * 1e3;
}

/** Best (minimum) ns per call over `rounds` rounds: the least disturbed estimate of a fixed cost. */
function best(fn: () => void, calls: number, rounds: number): number {
  for (let i = 0; i < Math.min(calls, 10_000); i++) fn(); // warm up
  let min = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = cpuNowNs();
    for (let i = 0; i < calls; i++) fn();
    min = Math.min(min, (cpuNowNs() - t0) / calls);
  }
  return min;
}

/** Median wall ns of `runs` runs of `true` through a child runner. */
async function childWallNs(runner: ChildRunner, runs: number): Promise<number> {
  const walls: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await runner.run({ argv: ['true'], events: SOFTWARE, stdio: 'ignore' });
    walls.push(Number(process.hrtime.bigint() - t0));
  }
  walls.sort((a, b) => a - b);
  return walls[Math.floor(runs / 2)];
}

export async function measureCounterCost(calls = 200_000, rounds = 5): Promise<string> {
  const p = createPlatform('native');
  if (p.kind !== 'native') return `counter read cost: not measured (${p.fallbackReason})\n`;
  const set = p.counters.open(SOFTWARE);
  const out = new Float64Array(3 * set.active.length);
  set.enable();
  const buf = new Float64Array(4);
  p.clock.bind(buf);
  const rows: [string, number][] = [
    ['empty call', best(() => {}, calls, rounds)],
    ['clock end (rdtscp)', best(() => p.clock.end(), calls, rounds)],
    ['process.hrtime.bigint()', best(() => process.hrtime.bigint(), calls, rounds)],
    [`CounterSet.read (${set.active.length} sw events)`, best(() => set.read(out), calls, rounds)],
    [
      'reset+enable+disable+read',
      best(() => (set.reset(), set.enable(), set.disable(), set.read(out), set.enable()), calls / 4, rounds),
    ],
  ];
  set.close();
  const hz = p.clock.info().ticksAreCycles ? p.clock.info().hz : null;
  const clockNs = rows[1][1];
  const lines = [
    `node ${process.version}, ${arch()}, ${cpus()[0]?.model ?? '?'}, best of ${rounds} x ${calls.toLocaleString('en-US')} calls, ` +
      `thread CPU time, load average ${loadavg()[0].toFixed(1)}, events: ${set.active.join(', ')}`,
    '',
    '| call | ns/call | cycles | vs clock read |',
    '|---|---:|---:|---:|',
    ...rows.map(
      ([name, ns]) =>
        `| ${name} | ${ns.toFixed(1)} | ${hz ? ((ns * hz) / 1e9).toFixed(0) : '-'} | ${(ns / clockNs).toFixed(1)}x |`,
    ),
  ];
  const runs = 21;
  const nativeWall = await childWallNs(p.child, runs);
  const spawnWall = await childWallNs(createJsChildRunner(), runs);
  lines.push(
    '',
    `Child run of \`true\` (median wall of ${runs}, including fork/exec/reap): native cork runner with ${SOFTWARE.length} counters ` +
      `${(nativeWall / 1e6).toFixed(2)} ms, child_process.spawn ${(spawnWall / 1e6).toFixed(2)} ms (${(nativeWall / spawnWall).toFixed(2)}x).`,
  );
  return lines.join('\n') + '\n';
}

/** Replaces our own section of docs/measurements.md (or appends it); other sections stay. */
function writeSection(body: string, command: string): void {
  const file = fileURLToPath(new URL('../docs/measurements.md', import.meta.url));
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Measurements\n';
  const start = old.indexOf(`${HEADING}\n`);
  const end = start < 0 ? -1 : old.indexOf('\n## ', start + HEADING.length);
  const kept = start < 0 ? old.trimEnd() : (old.slice(0, start) + (end < 0 ? '' : old.slice(end + 1))).trimEnd();
  const section = `${HEADING}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`${command}\`.\n\n${body}`;
  writeFileSync(file, `${kept}\n\n${section}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [calls, rounds] = process.argv.slice(2).map(Number);
  const text = await measureCounterCost(calls || undefined, rounds || undefined);
  process.stdout.write(text);
  writeSection(text, `node --import tsx bench/counters.ts ${process.argv.slice(2).join(' ')}`.trim());
}
