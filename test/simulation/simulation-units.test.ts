// The simulated-counter pieces that need no Valgrind: the callgrind-backed counter set fed by
// dump files a fake simulation writes, V8 tier bits, the result marking, and the missing-Valgrind line.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { counterDeltas } from '../../src/engine/batch.js';
import type { Simulation } from '../../src/platform/types.js';
import type { BenchmarkResult, ForkResult } from '../../src/results/schema.js';
import { CallgrindCounterSet } from '../../src/simulation/counter-set.js';
import { callgrindArgs } from '../../src/simulation/events.js';
import { checkValgrind } from '../../src/simulation/launch.js';
import { markSimulated } from '../../src/simulation/result.js';
import { benchmarkLines } from '../../src/report/details.js';
import { INLINED_MAX_INSTRUCTIONS, runTier, tierOf } from '../../src/simulation/settle.js';

const dir = mkdtempSync(join(tmpdir(), 'cyclebench-simunit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Simulation whose dumps are files with the given totals, as callgrind names them. */
function fakeSimulation(outFile: string, totals: number[][]): Simulation & { toggles: number } {
  let n = 0;
  const sim = {
    toggles: 0,
    capability: () => ({ supported: true }),
    running: () => 1,
    toggleCollect: () => void sim.toggles++,
    zeroStats: () => {},
    startInstrumentation: () => {},
    dumpStats: () => {
      const t = totals[n++]!;
      writeFileSync(
        `${outFile}.${n}`,
        'desc: I1 cache: 32768 B, 64 B, 8-way associative\ndesc: Trigger: Client Request: x\n' +
          `events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim\nsummary: ${t.join(' ')}\n`,
      );
    },
  };
  return sim;
}

describe('CallgrindCounterSet', () => {
  it('switches counting on for a batch, off after it, and sums each dump into cumulative counts', () => {
    const out = join(dir, 'cg');
    const sim = fakeSimulation(out, [
      [1000, 0, 0, 1, 2, 3, 4, 5, 6, 10, 1, 2, 1],
      [2000, 0, 0, 0, 4, 0, 0, 8, 0, 20, 3, 0, 0],
    ]);
    const set = new CallgrindCounterSet(sim, out, { cache: true, branch: true });
    expect(set.active).toEqual([
      'sim-instructions',
      'sim-I1-misses',
      'sim-D1-misses',
      'sim-LL-misses',
      'sim-branches',
      'sim-branch-mispredicts',
    ]);
    const a = new Float64Array(18);
    const b = new Float64Array(18);
    const deltas = [];
    for (let i = 0; i < 2; i++) {
      set.read(a);
      expect(sim.toggles).toBe(2 * i + 1);
      set.read(b);
      expect(sim.toggles).toBe(2 * i + 2);
      deltas.push(counterDeltas(set.active, a, b).counters);
    }
    expect(deltas[0]).toEqual({
      'sim-instructions': 1000,
      'sim-I1-misses': 1,
      'sim-D1-misses': 5,
      'sim-LL-misses': 15,
      'sim-branches': 12,
      'sim-branch-mispredicts': 2,
    });
    expect(deltas[1]!['sim-instructions']).toBe(2000);
    expect(deltas[1]!['sim-LL-misses']).toBe(8);
    expect(set.caches).toEqual(['I1 cache: 32768 B, 64 B, 8-way associative']);
    expect(existsSync(`${out}.1`)).toBe(false); // each dump is removed once read
  });

  it('counts instructions only without cache and branch simulation', () => {
    const set = new CallgrindCounterSet(fakeSimulation(join(dir, 'x'), []), join(dir, 'x'), {
      cache: false,
      branch: false,
    });
    expect(set.active).toEqual(['sim-instructions']);
    expect(callgrindArgs('/o', { cache: false, branch: false })).toContain('--cache-sim=no');
    expect(callgrindArgs('/o', { cache: true, branch: true })).toContain('--LL=8388608,16,64');
  });
});

describe('V8 tiers from %GetOptimizationStatus bits', () => {
  it('names TurboFan, Maglev, baseline and interpreted code', () => {
    expect(tierOf(0b1010001)).toBe('turbofan'); // Node 20: a hot function
    expect(tierOf(1 | (1 << 5))).toBe('maglev');
    expect(tierOf(1 | (1 << 15))).toBe('baseline'); // %NeverOptimizeFunction after many calls
    expect(tierOf(1 | (1 << 18))).toBe('interpreted'); // lazy, never run
    expect(tierOf(0b10000001)).toBe('interpreted'); // Node 20: called a few times
    expect(tierOf(1)).toBe('unknown'); // Node 20: `() => 0` that ran only inlined into a TurboFan loop
    expect(tierOf(null)).toBe('unknown');
  });

  it('a kernel whose own code is unoptimized ran inlined when the optimized loop costs too few instructions per call', () => {
    // Measured: `() => 0` inlined into the TurboFan loop, 8 instructions per call; called as baseline code, 66.
    expect(runTier('baseline', 'turbofan', 8)).toBe('inlined');
    expect(runTier('interpreted', 'maglev', 8)).toBe('inlined');
    expect(runTier('baseline', 'turbofan', 66)).toBe('baseline');
    expect(runTier('baseline', 'turbofan', INLINED_MAX_INSTRUCTIONS)).toBe('baseline');
    // The loop itself unoptimized: nothing is inlined.
    expect(runTier('baseline', 'baseline', 8)).toBe('baseline');
    expect(runTier('interpreted', 'turbofan', NaN)).toBe('interpreted');
    expect(runTier('turbofan', 'turbofan', 8)).toBe('turbofan');
  });
});

describe('markSimulated', () => {
  const fork = (tier: 'turbofan' | 'baseline') =>
    ({ simulation: { tier, loopTier: 'turbofan', warmupPerCall: [5, 5], steady: true } }) as unknown as ForkResult;
  const result = (forks: ForkResult[]): BenchmarkResult => ({
    name: 'k',
    group: null,
    args: {},
    baseline: false,
    file: null,
    headline: { statistic: 'slope', point: 1, ciLow: 1, ciHigh: 1 } as BenchmarkResult['headline'],
    estimates: null,
    forks,
    flags: ['context-switches', 'low-r2', 'gc-during-batches', 'page-faults', 'inputs-changed'],
    warnings: [],
  });

  it('drops the wall-time headline and time flags, labels the result, and notes what simulation cannot show', () => {
    const r = markSimulated(result([fork('turbofan'), fork('turbofan')]));
    expect(r.headline).toBeNull();
    expect(r.flags).toEqual(['inputs-changed', 'simulated']);
    expect(r.simulation?.tiers).toEqual(['turbofan', 'turbofan']);
    expect(benchmarkLines(r).notes.join(' ')).toMatch(/memory latency/);
    expect(r.details?.map((d) => d.code)).toEqual(['simulated-wall-time', 'simulated']);
  });

  it('flags a kernel counted below the optimizing tiers', () => {
    const r = markSimulated(result([fork('baseline')]));
    expect(r.flags).toContain('not-optimized');
    expect(benchmarkLines(r).warnings.join(' ')).toMatch(/baseline tier/);
  });
});

describe('checkValgrind', () => {
  it('says what to install when valgrind is missing', () => {
    const c = checkValgrind(join(dir, 'no-such-valgrind'));
    expect(c.ok).toBe(false);
    expect(c.reason).toMatch(/not found: install Valgrind .*apt-get install valgrind/);
  });
  it('gives the reason when the program cannot run node', () => {
    const fake = join(dir, 'fake-valgrind');
    writeFileSync(
      fake,
      '#!/bin/sh\n[ "$1" = --version ] && { echo valgrind-9.9; exit 0; }\necho "==1== cannot run: bad" >&2\nexit 1\n',
      {
        mode: 0o755,
      },
    );
    const c = checkValgrind(fake);
    expect(c).toEqual({
      ok: false,
      version: 'valgrind-9.9',
      reason: 'valgrind-9.9 cannot run ' + process.execPath + ': cannot run: bad',
    });
  });
});
