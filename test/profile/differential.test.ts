// The kernel-only self times (samples under the engine's loop) and the differential
// of a paired run, from small hand-made profiles.
import { describe, expect, it } from 'vitest';
import { type CpuProfile, type FunctionTime, KERNEL_LOOPS, selfTimesIn } from '../../src/profile/cpuprofile.js';
import { functionChanges } from '../../src/profile/differential.js';
import { renderDifferentialMarkdown, renderDifferentialText } from '../../src/paired/profile.js';

const frame = (functionName: string, url = '') => ({
  functionName,
  scriptId: '1',
  url,
  lineNumber: 0,
  columnNumber: 0,
});

// root → measure → cyclebenchLoop → helper; root → measure → yardstick; root → (garbage collector)
const nodes = [
  { id: 1, callFrame: frame('(root)'), children: [2, 6] },
  { id: 2, callFrame: frame('measure', 'file:///e/measure.js'), children: [3, 5] },
  { id: 3, callFrame: frame('cyclebenchLoop'), children: [4] },
  { id: 4, callFrame: frame('helper', 'file:///b/k.bench.mjs') },
  { id: 5, callFrame: frame('yardstick', 'file:///e/yardstick.js') },
  { id: 6, callFrame: frame('(garbage collector)') },
];
const profile = (samples: number[]): CpuProfile => ({
  nodes,
  startTime: 0,
  endTime: (samples.length + 1) * 10,
  samples,
  timeDeltas: samples.map(() => 10),
});

describe('selfTimesIn the kernel loops', () => {
  it('counts the samples under the loop, not the engine around them nor GC (charged to no caller)', () => {
    const { times, scope } = selfTimesIn(profile([4, 4, 4, 3, 5, 5, 5, 5, 6, 2]), KERNEL_LOOPS);
    expect(scope).toBe('kernel');
    expect(times.map((f) => [f.name, f.share])).toEqual([
      ['helper', 0.75],
      ['cyclebenchLoop', 0.25],
    ]);
  });

  it('falls back to every sample when no loop is in the profile (its scope says so)', () => {
    const noLoop = { ...profile([5, 5, 2]), nodes: nodes.filter((n) => n.id !== 3 && n.id !== 4) };
    const { times, scope } = selfTimesIn(noLoop, KERNEL_LOOPS);
    expect(scope).toBe('process');
    expect(times.map((f) => f.name)).toEqual(['yardstick', 'measure']);
  });
});

const fn = (name: string, share: number, url = 'file:///t/k.bench.mjs'): FunctionTime => ({
  name,
  url,
  line: 1,
  selfNs: share * 1e6,
  share,
});

describe('functionChanges', () => {
  it('turns shares into time per op on each side and ranks by the largest change', () => {
    // other tree: 10 µs/op, helper 75 %; this tree: 5 µs/op, helper 60 %, steady 30 %, GC 10 %
    const other = [fn('helper', 0.75, 'file:///other/k.bench.mjs'), fn('steady', 0.25, 'file:///other/k.bench.mjs')];
    const current = [fn('helper', 0.6), fn('steady', 0.3), fn('(garbage collector)', 0.1, '')];
    const c = functionChanges(other, current, 10_000, 5_000);
    expect(c.map((x) => x.name)).toEqual(['helper', 'steady', '(garbage collector)']);
    expect(c[0]).toEqual({ name: 'helper', script: 'k.bench.mjs', otherNs: 7500, thisNs: 3000 });
    expect(c[1].otherNs - c[1].thisNs).toBeCloseTo(1000, 9);
    expect(c[2]).toEqual({ name: '(garbage collector)', script: '', otherNs: 0, thisNs: 500 });
  });

  it('keeps functions of the same name in different scripts apart, and drops unchanged ones', () => {
    const c = functionChanges(
      [fn('f', 0.5, 'file:///a/x.js'), fn('g', 0.5)],
      [fn('f', 0.5, 'file:///a/y.js'), fn('g', 0.5)],
      100,
      100,
    );
    expect(c.map((x) => `${x.name} ${x.script}`).sort()).toEqual(['f x.js', 'f y.js']);
  });
});

describe('renderDifferentialText', () => {
  it('names the benchmark, its verdict and the top changes, escaping names from the code', () => {
    const summary = {
      file: '/p/001-w.other.cpuprofile',
      scope: 'kernel' as const,
      samples: 9,
      intervalUs: 100,
      top: [],
    };
    const rows = [
      { name: 'w', group: null, pairs: [{ a: 2, b: 1 }], analysis: { verdict: 'cannot-tell' } },
      {
        name: 'work',
        group: null,
        pairs: [{ a: 2, b: 1 }],
        analysis: { verdict: 'faster' },
        profile: {
          other: summary,
          current: { ...summary, file: '/p/001-w.this.cpuprofile' },
          changes: [{ name: 'slow\u001b[2J', script: 'k.bench.mjs', otherNs: 3000, thisNs: 1000 }],
        },
      },
    ];
    const text = renderDifferentialText(rows);
    const lines = text.trim().split('\n');
    expect(lines[1]).toBe('  work (faster):');
    expect(lines[2]).toBe('    slow\\x1b[2J  k.bench.mjs  −2.000 µs/op (3.000 µs → 1.000 µs)');
    expect(lines[3]).toBe('    profiles: /p/001-w.other.cpuprofile, /p/001-w.this.cpuprofile');
    expect(renderDifferentialText([])).toBe('');
    const md = renderDifferentialMarkdown(rows);
    expect(md).toContain('### work (faster)');
    expect(md).toContain('| slow\\\\x1b\\[2J | k.bench.mjs | −2.000 µs | 3.000 µs | 1.000 µs |');
    expect(renderDifferentialMarkdown(rows.slice(0, 1))).toBe('');
  });
});
