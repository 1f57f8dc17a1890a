// How much the three yardsticks of src/engine/yardstick.ts move between fresh processes on a quiet
// host, per Node binary: each process warms them as a worker does, then times each 12 times
// (fastest of 3, a JSON.parse loop between rounds, as a kernel's round would run) and prints the
// median. The slow-process rule (src/analysis/slow-processes.ts) judges a process against the
// run's median at 1.25× (compute) and 1.2× (memory and throughput), so on a quiet host every process of this
// bench should read well inside those factors; a spread that depends on the Node version is the
// yardstick's own code, not the host (docs/measurements.md, "The memory yardstick and the code V8
// makes of it").
//   node --import tsx bench/engine/yardstick-spread.ts [--processes 10] [--node PATH ...]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadPlatform } from '../../src/platform/load.js';
import {
  timeMemoryYardstick,
  timeThroughputYardstick,
  timeYardstick,
  warmYardstick,
} from '../../src/engine/yardstick.js';
import { tierReader } from '../../src/simulation/v8-status.js';
import { loadLine } from './cli-runs.js';

const ROUNDS = 12;

function child(): void {
  const platform = loadPlatform();
  const { hz } = platform.clock.info();
  const buf = new Float64Array(8);
  platform.clock.bind(buf);
  // As a worker does: V8's tiers read, the warm-up lasts until its top tier runs the yardsticks.
  const warmStart = performance.now();
  const top = warmYardstick(process.argv.includes('--blind') ? undefined : tierReader());
  const warmMs = performance.now() - warmStart;
  const compute: number[] = [];
  const memory: number[] = [];
  const throughput: number[] = [];
  const text = JSON.stringify({ a: 1, b: [1, 2, 3], c: 'xyz' });
  let held: unknown[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    compute.push(timeYardstick(platform.clock, buf, hz));
    memory.push(timeMemoryYardstick(platform.clock, buf, hz));
    throughput.push(timeThroughputYardstick(platform.clock, buf, hz));
    held = [];
    for (let i = 0; i < 20_000; i++) held.push(JSON.parse(text));
  }
  // The upper of the two middle values of 12, µs.
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] / 1000;
  console.log(
    JSON.stringify({
      compute: mid(compute),
      memory: mid(memory),
      throughput: mid(throughput),
      top,
      warmMs,
      held: held.length,
    }),
  );
}

function parent(): void {
  const { values } = parseArgs({
    options: { processes: { type: 'string', default: '10' }, node: { type: 'string', multiple: true } },
  });
  const n = Number(values.processes);
  const nodes = values.node ?? [process.execPath];
  console.log(`# yardstick spread: ${n} fresh processes per Node binary, median of ${ROUNDS} rounds each (µs)`);
  console.log(loadLine());
  const self = fileURLToPath(import.meta.url);
  for (const node of nodes) {
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const runs = Array.from({ length: n }, () => {
      const out = execFileSync(node, ['--import', 'tsx', self, '--child'], { encoding: 'utf8' });
      return JSON.parse(out.trim().split('\n').at(-1)!) as Record<
        'compute' | 'memory' | 'throughput' | 'warmMs',
        number
      > & {
        top: boolean;
      };
    });
    const warm = runs.map((r) => r.warmMs.toFixed(0)).join(' ');
    console.log(`${version} warm-up ms ${warm}; top tier reached in ${runs.filter((r) => r.top).length} of ${n}`);
    for (const which of ['compute', 'memory', 'throughput'] as const) {
      const xs = runs.map((r) => r[which]);
      const sorted = [...xs].sort((a, b) => a - b);
      const spread = sorted.at(-1)! / sorted[0];
      console.log(
        `${version} ${which.padEnd(10)} ${xs.map((x) => x.toFixed(1)).join(' ')}  (max/min ${spread.toFixed(2)})`,
      );
    }
  }
  console.log(loadLine());
}

if (process.argv.includes('--child')) child();
else parent();
