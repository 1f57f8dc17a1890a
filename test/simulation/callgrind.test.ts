// Runs node for real under callgrind with counting switched on only around batches by the addon's
// client requests (native/simulation.cc), and fits instructions per call from the dumps.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpEvent, parseCallgrindDump, readClientDumps } from '../../src/simulation/callgrind-dump.js';

const run = promisify(execFile);
const ADDON = resolve('build/Release/cyclebench.node');
const hasValgrind = await run('valgrind', ['--version']).then(
  () => true,
  () => false,
);
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The same loop over `length` elements: 20,000 is exactly twice the work of 10,000; 0 is the empty
// kernel. The kernel's own fixed cost (~200 instructions: entry, loop set-up) is 0.2 % of 10,000.
// Batches of 20, 40, 60 calls; the kernel is forced to its optimized tier first (or kept in the
// interpreter), and V8's status bits are printed (bit 4 = TurboFan) so an interpreted kernel shows.
function script(length: number, optimize: boolean): string {
  return `const a = require(${JSON.stringify(ADDON)});
const xs = new Float64Array(${length}).fill(1.5);
function k() { let s = 0; for (let i = 0; i < xs.length; i++) s += xs[i]; return s; }
${optimize ? '%PrepareFunctionForOptimization(k);' : '%NeverOptimizeFunction(k);'}
const sink = new Float64Array(1); // a typed-array sink allocates nothing, so no GC runs in a batch
for (let i = 0; i < 200; i++) sink[0] += k();
${optimize ? '%OptimizeFunctionOnNextCall(k);' : ''} sink[0] += k();
for (const n of [20, 40, 60]) {
  a.simulationToggleCollect();
  for (let i = 0; i < n; i++) sink[0] += k();
  a.simulationToggleCollect();
  a.simulationDumpStats('batch ' + n);
}
process.stdout.write(JSON.stringify({ status: %GetOptimizationStatus(k), running: a.simulationRunning() }));`;
}

async function perCall(name: string, length: number, optimize = true) {
  const file = join(dir, `${name}.cjs`);
  writeFileSync(file, script(length, optimize));
  const out = join(dir, name);
  const args = ['--tool=callgrind', '--collect-atstart=no', '--dump-instr=no', `--callgrind-out-file=${out}`];
  const { stdout } = await run('valgrind', [...args, process.execPath, '--allow-natives-syntax', file]);
  const info = JSON.parse(stdout) as { status: number; running: number };
  const ir = readClientDumps(dir, name).map((d) => dumpEvent(d, 'Ir') ?? NaN);
  expect(ir).toHaveLength(3);
  // Slope over the batch sizes 20 -> 60: instructions per call, the fixed per-batch cost removed.
  return { ir: (ir[2]! - ir[0]!) / 40, optimized: (info.status & 16) !== 0, running: info.running };
}

describe('callgrind dump parsing', () => {
  it('reads the trigger, events and totals', () => {
    const d = parseCallgrindDump(
      'version: 1\ndesc: Trigger: Client Request: batch 1\nevents: Ir Bc Bcm\nsummary: 5 2\n',
    );
    expect(d).toEqual({ trigger: 'Client Request: batch 1', events: ['Ir', 'Bc', 'Bcm'], totals: [5, 2, 0] });
    expect(dumpEvent(d, 'Bc')).toBe(2);
    expect(dumpEvent(d, 'D1mr')).toBeUndefined();
  });
  it('rejects a file that is not a dump', () => {
    expect(() => parseCallgrindDump('hello\n')).toThrow(/not a callgrind dump/);
  });
});

describe.skipIf(!hasValgrind)('client requests under callgrind (real valgrind)', () => {
  it('counts only the batches: 2x work is 2.00x over the empty kernel, processes agree, interpreter shows', async () => {
    const [empty, once, twice, again, interp] = await Promise.all([
      perCall('empty', 0),
      perCall('once', 10_000),
      perCall('twice', 20_000),
      perCall('again', 10_000),
      perCall('interp', 10_000, false),
    ]);
    expect(once.running).toBeGreaterThan(0);
    expect(once.optimized && twice.optimized && again.optimized).toBe(true);
    // The empty kernel's count is the harness's own per-call cost (call, loop, sink), subtracted as for time.
    const ratio = (twice.ir - empty.ir) / (once.ir - empty.ir);
    expect(ratio).toBeGreaterThan(1.99);
    expect(ratio).toBeLessThan(2.01);
    expect(Math.abs(again.ir / once.ir - 1)).toBeLessThan(0.001);
    // The same kernel kept in the interpreter is not optimized and costs several times more per call.
    expect(interp.optimized).toBe(false);
    expect(interp.ir / once.ir).toBeGreaterThan(3);
  }, 240_000);
});
