import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickCpu } from '../../src/orchestrator/conditions.js';
import { parseCpuList } from '../../src/platform/cpu-list.js';
import { DiscoveryError, findBenchFiles } from '../../src/orchestrator/discover.js';
import { envPadding, interleavedArms, roundRobin } from '../../src/orchestrator/schedule.js';

describe('scheduling', () => {
  it('runs fork 0 of every benchmark before fork 1 of any (round-robin)', () => {
    const jobs = roundRobin(['a', 'b', 'c'], 2).map((j) => `${j.benchmark}${j.forkIndex}`);
    expect(jobs).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'c1']);
  });

  it('interleaves A/A arms and alternates which goes first', () => {
    const jobs = interleavedArms(['x'], 3).map((j) => `${j.benchmark.arm}@${j.forkIndex}`);
    expect(jobs).toEqual(['0@0', '1@0', '1@1', '0@1', '0@2', '1@2']);
  });

  it('derives a deterministic env padding per fork that varies across forks', () => {
    const pads = [0, 1, 2, 3, 4].map((f) => envPadding(7, f));
    expect(pads).toEqual([0, 1, 2, 3, 4].map((f) => envPadding(7, f)));
    expect(new Set(pads).size).toBeGreaterThan(1);
    for (const p of pads) expect(p).toBeGreaterThanOrEqual(1);
    for (const p of pads) expect(p).toBeLessThanOrEqual(4096);
  });
});

describe('CPU choice', () => {
  it('prefers an isolated CPU, else the highest allowed one', () => {
    expect(pickCpu([0, 1, 2, 3], [2])).toBe(2);
    expect(pickCpu([0, 1, 2, 3], [])).toBe(3);
    expect(pickCpu([0, 1], [5])).toBe(1); // isolated but not allowed
    expect(pickCpu([], [])).toBeNull();
    expect(parseCpuList('0-2,5\n')).toEqual([0, 1, 2, 5]);
    expect(parseCpuList('\n')).toEqual([]);
  });
});

describe('discovery', () => {
  it('finds *.bench files in folders, skipping node_modules, sorted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-discover-'));
    mkdirSync(join(dir, 'sub'));
    mkdirSync(join(dir, 'node_modules'));
    const files = ['b.bench.ts', 'a.bench.mjs', 'sub/c.bench.js', 'd.bench.cjs', 'e.cyclebench.cts', 'f.xbench.ts'];
    for (const f of [...files, 'notes.ts', 'node_modules/x.bench.ts']) writeFileSync(join(dir, f), '');
    expect(findBenchFiles([dir], '/').map((f) => f.slice(dir.length + 1))).toEqual([
      'a.bench.mjs',
      'b.bench.ts',
      'd.bench.cjs',
      'e.cyclebench.cts',
      'sub/c.bench.js',
    ]);
    expect(findBenchFiles(['notes.ts'], dir)).toEqual([join(dir, 'notes.ts')]);
    expect(() => findBenchFiles(['missing'], dir)).toThrow(DiscoveryError);
    mkdirSync(join(dir, 'empty'));
    expect(() => findBenchFiles(['empty'], dir)).toThrow(/no \*\.bench/);
  });
});
