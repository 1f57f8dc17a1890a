// The aggregated call tree of a CPU profile (src/profile/flame.ts) and its flame graph
// (src/report/flame-svg.ts), on a hand-made profile whose samples each last 10 µs: exact self
// and total times per frame, frames merged by function along a path, small frames merged, depth
// cut, places in the graph, and the HTML section that draws it.
import { describe, expect, it } from 'vitest';
import type { CpuProfile, ProfileNode } from '../../src/profile/cpuprofile.js';
import { KERNEL_LOOPS, selfTimes } from '../../src/profile/cpuprofile.js';
import { flameTree, type FlameFrame } from '../../src/profile/flame.js';
import { FLAME_WIDTH, flameCaption, flameSvg, placeFrames } from '../../src/report/flame-svg.js';
import { profileHtml } from '../../src/report/html-explain.js';
import { parseResultDocument } from '../../src/results/read.js';
import { syntheticBenchmark, syntheticDocument, syntheticForks } from '../helpers/synthetic-results.js';

const URL_ = 'file:///b/k.bench.js';
const node = (id: number, name: string, children: number[] = [], url = URL_, line = 3): ProfileNode => ({
  id,
  callFrame: { functionName: name, url: name.startsWith('(') ? '' : url, lineNumber: line, columnNumber: 0 },
  children,
});

/** Samples per node id, 10 µs each. */
function profile(nodes: ProfileNode[], counts: Record<number, number>): CpuProfile {
  const samples = Object.entries(counts).flatMap(([id, n]) => Array<number>(n).fill(Number(id)));
  // sample i is taken at 10·(i + 1) µs and lasts until the next one, the last until endTime
  return { nodes, startTime: 0, endTime: (samples.length + 1) * 10, samples, timeDeltas: samples.map(() => 10) };
}

// (root) → measure → cyclebenchLoop → kernel → slowHelper; the loop also calls tiny;
// (root) → runBatch → cyclebenchLoop → kernel again (merged with the first path's); GC and idle under the root.
const KERNEL = profile(
  [
    node(1, '(root)', [2, 7, 8, 10]),
    node(2, 'measure', [3], 'file:///e/measure.js', 40),
    node(3, 'cyclebenchLoop', [4, 6], '', -1),
    node(4, '<b>kernel</b>', [5]),
    node(5, 'slowHelper', [], URL_, 9),
    node(6, 'tiny', [], URL_, 20),
    node(7, '(garbage collector)'),
    node(8, '(idle)'),
    node(10, 'runBatch', [11], 'file:///e/measure.js', 80),
    node(11, 'cyclebenchLoop', [12], '', -1),
    node(12, '<b>kernel</b>', []),
  ],
  { 2: 20, 3: 29, 4: 90, 5: 180, 6: 1, 7: 50, 8: 100, 12: 30 },
);

const frame = (name: string, depth: number, self: number, total: number, extra: Partial<FlameFrame> = {}) => ({
  name,
  depth,
  selfNs: self * 10_000,
  totalNs: total * 10_000,
  ...extra,
});

describe('flame tree', () => {
  it("the kernel's calls: loops merged into one root, frames merged by function, small ones merged, GC and idle out", () => {
    const t = flameTree(KERNEL, KERNEL_LOOPS);
    expect(t).toEqual({
      minShare: 0.005,
      maxDepth: 32,
      cut: false,
      frames: [
        frame('(kernel calls)', 0, 0, 330),
        frame('cyclebenchLoop', 1, 29, 330),
        frame('<b>kernel</b>', 2, 120, 300, { url: URL_, line: 4 }),
        frame('slowHelper', 3, 180, 180, { url: URL_, line: 10 }),
        frame('(smaller frames)', 2, 1, 1, { merged: 1 }),
      ],
    });
    // The tree's time is the time the top functions' shares are of.
    const self = selfTimes(KERNEL, KERNEL_LOOPS).reduce((n, f) => n + f.selfNs, 0);
    expect(t.frames[0].totalNs).toBe(self);
    expect(t.frames.reduce((n, f) => n + f.selfNs, 0)).toBe(self);
  });

  it('without the loops: the whole profile from its root, idle left out; a depth cap cuts and says so', () => {
    const p = profile([node(1, '(root)', [2, 4]), node(2, 'a', [3]), node(3, 'b'), node(4, '(idle)')], {
      1: 5,
      2: 10,
      3: 85,
      4: 1000,
    });
    expect(flameTree(p, KERNEL_LOOPS).frames).toEqual([
      frame('(root)', 0, 5, 100),
      frame('a', 1, 10, 95, { url: URL_, line: 4 }),
      frame('b', 2, 85, 85, { url: URL_, line: 4 }),
    ]);
    const cut = flameTree(p, KERNEL_LOOPS, 0.005, 1);
    expect(cut.cut).toBe(true);
    expect(cut.frames.map((f) => [f.name, f.totalNs])).toEqual([
      ['(root)', 1_000_000],
      ['a', 950_000],
    ]);
    expect(flameCaption(cut)).toContain('frames deeper than 1 calls are not drawn');
    expect(flameCaption(flameTree(p, KERNEL_LOOPS))).not.toContain('deeper');
  });
});

describe('flame graph', () => {
  const t = flameTree(KERNEL, KERNEL_LOOPS);

  it('places each frame under its caller, after its earlier siblings, as wide as its total', () => {
    expect(placeFrames(t.frames, 330)!.map((p) => [p.frame.name, p.x, p.width])).toEqual([
      ['(kernel calls)', 0, 330],
      ['cyclebenchLoop', 0, 330],
      ['<b>kernel</b>', 0, 300],
      ['slowHelper', 0, 180],
      ['(smaller frames)', 300, 1],
    ]);
    expect(placeFrames([{ name: 'a', depth: 1, selfNs: 1, totalNs: 1 }])).toBeNull();
    expect(placeFrames([frame('a', 0, 0, 2), frame('b', 2, 1, 1)])).toBeNull();
    expect(placeFrames([frame('a', 0, 0, 2), frame('b', 0, 1, 1)])).toBeNull();
    expect(flameSvg({ ...t, frames: [] })).toBe('');
  });

  it('draws a rect per frame, labels escaped and cut to fit, tooltips with shares, nothing outside the page', () => {
    const svg = flameSvg(t);
    const rects = [...svg.matchAll(/<rect x="([\d.]+)" y="(\d+)" width="([\d.]+)"/g)].map((m) =>
      m.slice(1).map(Number),
    );
    const w = (n: number) => Math.round(((n / 330) * FLAME_WIDTH - 0.5) * 10) / 10;
    expect(rects).toEqual([
      [0, 0, w(330)],
      [0, 16, w(330)],
      [0, 32, w(300)],
      [0, 48, w(180)],
      [Math.round((300 / 330) * FLAME_WIDTH * 10) / 10, 32, w(1)],
    ]);
    expect(svg).toContain('<title>&lt;b&gt;kernel&lt;/b&gt; k.bench.js:4: total 90.9 %, self 36.4 %</title>');
    expect(svg).toContain('<title>1 frames, each under 0.5 %: total 0.3 %, self 0.3 %</title>');
    expect(svg).toContain('>slowHelper</text>');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toMatch(/\s(src|href)=/);
    expect(svg).toContain(`height="${4 * 16}"`);
  });

  it('the HTML section: the graph and its caption above nothing else, the table without bars', () => {
    const summary = { file: 'p/1.cpuprofile', samples: 400, intervalUs: 10, scope: 'kernel' as const, top: [] };
    const top = selfTimes(KERNEL, KERNEL_LOOPS).slice(0, 3);
    const html = profileHtml(syntheticBenchmark('k', [], { profile: { ...summary, top, tree: t } }));
    expect(html).toContain('data-plot="flame"');
    expect(html).toContain(
      'Frames under 0.5 % of the total are merged into one &quot;(smaller frames)&quot; frame per caller.',
    );
    expect(html).not.toContain('class="bar"');
    expect(html).toContain('<th>function</th><th>self time</th><th>where</th>');
    // a file without the tree keeps the bars
    expect(profileHtml(syntheticBenchmark('k', [], { profile: { ...summary, top } }))).toContain('class="bar"');
  });

  it('the document keeps the tree and refuses a malformed one; an older summary without them reads', () => {
    const b = syntheticBenchmark('k', syntheticForks(1, 2, { cost: 5 }), {
      profile: { file: null, samples: 1, intervalUs: 10, scope: 'kernel', top: [], tree: t },
    });
    const json = () => JSON.parse(JSON.stringify(syntheticDocument([b])));
    expect(parseResultDocument(json()).benchmarks[0].profile?.tree).toEqual(t);
    (b.profile!.tree!.frames[1] as { depth?: number }).depth = undefined;
    expect(() => parseResultDocument(json())).toThrow(/depth/);
    // a summary from before scope and tree were kept still reads
    b.profile = { file: 'p.cpuprofile', samples: 1, intervalUs: 10, top: [] } as never;
    expect(parseResultDocument(json()).benchmarks[0].profile?.file).toBe('p.cpuprofile');
  });
});
