// Self time per function from small hand-made .cpuprofile documents.
import { describe, expect, it } from 'vitest';
import { type CpuProfile, isCpuProfile, sampleCount, selfTimes } from '../../src/profile/cpuprofile.js';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkProfileDir, profileFileName } from '../../src/orchestrator/profile-files.js';
import { OutputPathError } from '../../src/results/output-files.js';

const frame = (functionName: string, url = 'file:///b/k.bench.mjs', lineNumber = 3) => ({
  functionName,
  scriptId: '1',
  url,
  lineNumber,
  columnNumber: 0,
});

// root → loop → helper, root → loop, root → (idle), root → (garbage collector)
const nodes = [
  { id: 1, callFrame: frame('(root)', '', -1), children: [2, 4, 5] },
  { id: 2, callFrame: frame('loop', 'file:///b/loop.mjs', 10), children: [3] },
  { id: 3, callFrame: frame('helper') },
  { id: 4, callFrame: frame('(idle)', '', -1) },
  { id: 5, callFrame: frame('(garbage collector)', '', -1) },
];

describe('selfTimes', () => {
  it('charges each sample until the next one (the last until endTime) to its own frame, idle left out', () => {
    // samples at 100, 110, 130, 140, 170 µs; end at 200
    const p: CpuProfile = {
      nodes,
      startTime: 0,
      endTime: 200,
      samples: [3, 3, 2, 4, 5],
      timeDeltas: [100, 10, 20, 10, 30],
    };
    const t = selfTimes(p);
    expect(t.map((f) => [f.name, f.selfNs])).toEqual([
      ['(garbage collector)', 30_000],
      ['helper', 30_000],
      ['loop', 10_000],
    ]);
    // shares of 70 µs of sampled, non-idle time
    expect(t.find((f) => f.name === 'helper')!.share).toBeCloseTo(30 / 70, 12);
    expect(t.find((f) => f.name === 'helper')!.line).toBe(4);
    expect(t.find((f) => f.name === '(garbage collector)')!.line).toBeNull();
    expect(sampleCount(p)).toBe(5);
  });

  it('sums the same function reached through different stacks', () => {
    const p: CpuProfile = {
      nodes: [...nodes, { id: 6, callFrame: frame('helper') }],
      startTime: 0,
      endTime: 40,
      samples: [3, 6, 2, 6],
      timeDeltas: [0, 10, 10, 10],
    };
    expect(selfTimes(p)[0]).toMatchObject({ name: 'helper', selfNs: 30_000, share: 0.75 });
  });

  it('uses hit counts and the mean interval when the sample list is missing', () => {
    const p: CpuProfile = {
      nodes: nodes.map((n) => ({ ...n, hitCount: n.id === 3 ? 3 : n.id === 2 ? 1 : 0 })),
      startTime: 0,
      endTime: 400,
    };
    expect(selfTimes(p).map((f) => [f.name, f.selfNs])).toEqual([
      ['helper', 300_000],
      ['loop', 100_000],
    ]);
  });

  it('gives no line for a TypeScript file (V8 ran the loader output) and names anonymous functions', () => {
    const p: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('', 'file:///b/k.bench.ts', 0) },
        { id: 2, callFrame: frame('f', 'file:///b/k.bench.mjs', 0) },
      ],
      startTime: 0,
      endTime: 20,
      samples: [1, 2],
      timeDeltas: [0, 10],
    };
    expect(selfTimes(p).map((f) => [f.name, f.line])).toEqual([
      ['(anonymous)', null],
      ['f', 1],
    ]);
  });

  it('recognizes a profile and refuses other JSON', () => {
    expect(isCpuProfile({ nodes, startTime: 0, endTime: 1 })).toBe(true);
    expect(isCpuProfile({ nodes: [{ id: 1 }], startTime: 0, endTime: 1 })).toBe(false);
    expect(isCpuProfile(null)).toBe(false);
    expect(isCpuProfile({ startTime: 0, endTime: 1 })).toBe(false);
  });
});

describe('profileFileName', () => {
  it('keeps only safe characters, never a leading dot or a slash, numbered by place in the run', () => {
    expect(profileFileName(0, 'calls slowHelper')).toBe('001-calls-slowHelper.cpuprofile');
    expect(profileFileName(11, '../../etc/passwd')).toBe('012-etc-passwd.cpuprofile');
    expect(profileFileName(2, 'a/<b>\n\u202ec')).toBe('003-a-b-c.cpuprofile');
    expect(profileFileName(3, '…')).toMatch(/^004-[A-Za-z0-9._-]+\.cpuprofile$/);
    expect(profileFileName(4, '漢字')).toBe('005-benchmark.cpuprofile');
    expect(profileFileName(5, 'x'.repeat(500)).length).toBeLessThanOrEqual(4 + 80 + 11);
  });
});

describe('checkProfileDir', () => {
  it('accepts a directory or a missing one under a writable parent; refuses a file in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-profile-dir-'));
    writeFileSync(join(dir, 'file'), '');
    expect(() => checkProfileDir('.', dir)).not.toThrow();
    expect(() => checkProfileDir('new/deeper', dir)).not.toThrow();
    expect(() => checkProfileDir('file', dir)).toThrow(new OutputPathError('--profile file is not a directory'));
    expect(() => checkProfileDir('file/sub', dir)).toThrow(OutputPathError);
    expect(readdirSync(dir)).toEqual(['file']);
  });
});
