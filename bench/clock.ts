// Cost of one clock read from JavaScript: the native fenced TSC (a start+end pair, and
// each half alone, including the `lfence; rdtsc` start variant that returns no CPU id)
// against process.hrtime.bigint() and performance.now(), all in one run.
// Standalone script, not vitest:
//   node --import tsx bench/clock.ts [calls=10000000] [rounds=5]
// Prints a table and writes it to bench/results/clock.txt. Best of `rounds` rounds of
// `calls` calls each (the minimum is the least disturbed estimate of a fixed cost).

import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPlatform, loadAddon } from '../src/platform/load.js';

interface Candidate {
  name: string;
  /** Expression evaluated once per iteration with `o` in scope. */
  expr: string;
  o: unknown;
  reads: number;
}

export interface ClockCostRow {
  name: string;
  nsPerCall: number;
  nsPerRead: number;
}

// Each candidate gets its own loop function, so every call site stays monomorphic.
function makeLoop(expr: string): (o: unknown, n: number) => unknown {
  return new Function('o', 'n', `let s = 0; for (let i = 0; i < n; i++) { s = ${expr}; } return s;`) as never;
}

// Time is the JS thread's CPU time (getrusage RUSAGE_THREAD through the addon, else the
// process's), not wall time: on a shared 2-core guest at load average 15 the wall clock
// counted every moment the thread sat descheduled (rdtsc looked like 44 ns instead of 12).
const rusageAddon = loadAddon().addon;
function cpuNowNs(): number {
  const addon = rusageAddon;
  if (addon) {
    const ru = addon.schedThreadRusage();
    return ru.userNs + ru.systemNs;
  }
  const u = process.cpuUsage();
  return (u.user + u.system) * 1e3;
}

function bestNsPerCall(c: Candidate, calls: number, rounds: number): number {
  const loop = makeLoop(c.expr);
  loop(c.o, Math.min(calls, 100_000)); // warm up to the optimizing tier
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = cpuNowNs();
    loop(c.o, calls);
    const ns = (cpuNowNs() - t0) / calls;
    if (ns < best) best = ns;
  }
  return best;
}

export function measureClockCost(calls = 10_000_000, rounds = 5): { rows: ClockCostRow[]; text: string } {
  const native = createPlatform('native');
  const js = createPlatform('js');
  const buf = new Float64Array(4);
  native.clock.bind(buf);
  const jsBuf = new Float64Array(4);
  js.clock.bind(jsBuf);
  const addon = loadAddon().addon;
  const candidates: Candidate[] = [{ name: 'empty loop', expr: 'i', o: null, reads: 1 }];
  if (native.kind === 'native' && addon) {
    candidates.push(
      { name: 'native start+end pair', expr: '(o.start(), o.end(), 0)', o: native.clock, reads: 2 },
      { name: 'native start (rdtscp;lfence, cpu id)', expr: '(o.start(), 0)', o: native.clock, reads: 1 },
      { name: 'native start (lfence;rdtsc, no cpu)', expr: '(o.clockStartLfence(), 0)', o: addon, reads: 1 },
      { name: 'native end (rdtscp;lfence)', expr: '(o.end(), 0)', o: native.clock, reads: 1 },
      { name: 'native now() -> number', expr: 'o.now()', o: native.clock, reads: 1 },
    );
  }
  candidates.push(
    { name: 'js-platform start+end (hrtime)', expr: '(o.start(), o.end(), 0)', o: js.clock, reads: 2 },
    { name: 'process.hrtime.bigint()', expr: 'o.bigint()', o: process.hrtime, reads: 1 },
    { name: 'performance.now()', expr: 'o.now()', o: performance, reads: 1 },
  );
  const rows = candidates.map((c) => {
    const ns = bestNsPerCall(c, calls, rounds);
    return { name: c.name, nsPerCall: ns, nsPerRead: ns / c.reads };
  });
  return { rows, text: formatTable(rows, native.kind === 'native' ? native.clock.info().hz : null, calls, rounds) };
}

function formatTable(rows: ClockCostRow[], hz: number | null, calls: number, rounds: number): string {
  const perRead = (name: string) => rows.find((r) => r.name === name)?.nsPerRead;
  const ref = perRead('native end (rdtscp;lfence)') ?? perRead('process.hrtime.bigint()')!;
  const lines = [
    `clock read cost: node ${process.version}, ${arch()}, ${cpus()[0]?.model ?? '?'}, ` +
      `best of ${rounds} x ${calls.toLocaleString('en-US')} calls${hz ? `, TSC ${(hz / 1e6).toFixed(1)} MHz` : ''}, ` +
      `thread CPU time, load average ${loadavg()[0].toFixed(1)}`,
    '',
    `${'call'.padEnd(40)} ${'ns/call'.padStart(8)} ${'ns/read'.padStart(8)} ${'cycles/read'.padStart(11)} ${'read vs native end'.padStart(18)}`,
  ];
  for (const r of rows) {
    const cyc = hz ? ((r.nsPerRead * hz) / 1e9).toFixed(0) : '-';
    lines.push(
      `${r.name.padEnd(40)} ${r.nsPerCall.toFixed(2).padStart(8)} ${r.nsPerRead.toFixed(2).padStart(8)} ` +
        `${cyc.padStart(11)} ${(r.nsPerRead / ref).toFixed(2).padStart(17)}x`,
    );
  }
  lines.push('', 'The loop itself is included in every row; the empty loop shows its size.');
  lines.push('"read vs native end" > 1 means that read costs more than one native clock read.');
  return lines.join('\n') + '\n';
}

// Runs only when executed directly, so a benchmark runner that imports *.bench.ts files
// does not start a 30-second measurement by accident.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [calls, rounds] = process.argv.slice(2).map(Number);
  const { text } = measureClockCost(calls || undefined, rounds || undefined);
  process.stdout.write(text);
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}clock.txt`, `$ node --import tsx bench/clock.ts ${process.argv.slice(2).join(' ')}\n${text}`);
}
