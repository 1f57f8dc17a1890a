// The paired report's HTML explains its verdicts: per profiled benchmark, a differential bar view
// (both sides of each changed function on one scale, largest change first) and the same figures as
// a table; a list naming a V8 state that differs between the sides. Checked on the HTML of a
// document read back through its schema (structure and values, not pixels).
import { describe, expect, it } from 'vitest';
import { analysePairs, DEFAULT_LOOKS } from '../../src/paired/analysis.js';
import { DIFF_LAYOUT, LESS_COLOUR, MORE_COLOUR } from '../../src/paired/differential-html.js';
import { newPairedDocument } from '../../src/paired/document.js';
import { parsePairedDocument } from '../../src/paired/document-schema.js';
import { renderPairedReport } from '../../src/paired/report.js';
import type { PairedOutcome, PairedRow } from '../../src/paired/run.js';
import type { ProfileSummary } from '../../src/profile/summary.js';
import type { V8Record } from '../../src/results/schema.js';

const settings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
const pairs = [1, 2, 3, 4].map((i) => ({ a: 100, b: 300 + (i % 2), aFirst: i % 2 === 1 }));
const analysis = analysePairs(
  pairs.map((p) => Math.log(p.b / p.a)),
  settings,
);
const summary = (file: string): ProfileSummary => ({ file, samples: 500, intervalUs: 100, scope: 'kernel', top: [] });
const OPT = { kernel: 'turbofan', loop: 'turbofan' } as const;
const v8 = (sampling: number): V8Record => ({
  warmup: OPT,
  end: OPT,
  deopts: {
    warmup: 0,
    sampling,
    warmupFunctions: [],
    samplingFunctions: sampling
      ? [{ function: 'slowHelper', role: 'other', reason: 'wrong map', count: sampling }]
      : [],
  },
});

const profiled: PairedRow = {
  name: 'sum',
  group: null,
  args: {},
  pairs,
  analysis,
  profile: {
    other: summary('p/000-sum.other.cpuprofile'),
    current: summary('p/000-sum.this.cpuprofile'),
    changes: [
      { name: 'slowHelper', script: 'k.bench.js', otherNs: 100, thisNs: 300 },
      { name: '<b>inner</b>', script: 'k.bench.js', otherNs: 50, thisNs: 40 },
    ],
  },
  v8: { other: [v8(0), v8(0), v8(0), v8(0)], current: [v8(1), v8(0), v8(0), v8(0)] },
};
const plain: PairedRow = { name: 'plain', group: null, args: {}, pairs, analysis };
const outcome: PairedOutcome = {
  against: 'main',
  rows: [profiled, plain],
  onlyCurrent: [],
  onlyAgainst: [],
  loadErrors: [],
  interrupted: false,
  settings,
};
// Through JSON and the schema, as `cyclebench report` reads it.
const doc = parsePairedDocument(JSON.parse(JSON.stringify(newPairedDocument(outcome, ['cyclebench'], {}))));
const html = renderPairedReport(doc, 'html');

describe('paired HTML: what changed', () => {
  it('one differential view, for the profiled benchmark only, its functions largest change first', () => {
    const views = [...html.matchAll(/<section class="differential" data-benchmark="([^"]*)">/g)].map((m) => m[1]);
    expect(views).toEqual(['sum']);
    expect(html).toContain('<h3>sum (slower): what changed</h3>');
    const fns = [...html.matchAll(/<g data-function="([^"]*)" data-other-ns="([\d.]+)" data-this-ns="([\d.]+)">/g)];
    expect(fns.map((m) => [m[1], Number(m[2]), Number(m[3])])).toEqual([
      ['slowHelper', 100, 300],
      ['&lt;b&gt;inner&lt;/b&gt;', 50, 40],
    ]);
  });

  it('both sides on one scale: the largest time takes the whole width, this side coloured by direction', () => {
    const rects = [...html.matchAll(/<rect class="(other|this)" [^>]*width="([\d.]+)"[^>]*fill="([^"]+)"/g)].map(
      (m) => [m[1], Number(m[2]), m[3]],
    );
    const full = DIFF_LAYOUT.bars;
    expect(rects).toEqual([
      ['other', full / 3, '#999999'],
      ['this', full, MORE_COLOUR],
      ['other', full / 6, '#999999'],
      ['this', (full * 40) / 300, LESS_COLOUR],
    ]);
    expect(html).toContain('+200.0 ns/op');
    expect(html).toContain('−10.00 ns/op');
  });

  it('the table has the same figures with the sides named', () => {
    const table = html.slice(
      html.indexOf('data-table="changes"'),
      html.indexOf('</table>', html.indexOf('data-table="changes"')),
    );
    expect(table).toContain('<th>main</th><th>this tree</th>');
    const cells = [...table.matchAll(/<tr>(<td>.*?)<\/tr>/g)].map((m) =>
      [...m[1].matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1]),
    );
    expect(cells).toEqual([
      ['slowHelper', 'k.bench.js', '100.0 ns', '300.0 ns', '+200.0 ns'],
      ['&lt;b&gt;inner&lt;/b&gt;', 'k.bench.js', '50.00 ns', '40.00 ns', '−10.00 ns'],
    ]);
    expect(html).toContain('profiles: p/000-sum.other.cpuprofile, p/000-sum.this.cpuprofile');
  });

  it("the V8 list names the row whose sides' states differ", () => {
    const list = html.slice(html.indexOf('<ul data-list="v8">'), html.indexOf('</ul>', html.indexOf('data-list="v8"')));
    expect([...list.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1])).toEqual([
      'sum: V8 deoptimized code once in this tree&#39;s measured batches (slowHelper: wrong map), none in the ' +
        'other tree&#39;s',
    ]);
  });

  it("the tier table lists each benchmark's processes pair by pair, in the order they ran", () => {
    const from = html.indexOf('<section class="tiers" data-benchmark="sum">');
    expect(from).toBeGreaterThan(0);
    const body = html.slice(html.indexOf('<tbody>', from), html.indexOf('</tbody>', from));
    const cells = [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
      [...m[1].matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1]),
    );
    expect(cells).toHaveLength(8);
    // Pair 1 ran the other side first, pair 2 this side first.
    expect(cells.slice(0, 4)).toEqual([
      ['1, main', 'turbofan', 'turbofan', '0', '0', '', ''],
      ['1, this tree', 'turbofan', 'turbofan', '0', '1', 'slowHelper: wrong map (1)', ''],
      ['2, this tree', 'turbofan', 'turbofan', '0', '0', '', ''],
      ['2, main', 'turbofan', 'turbofan', '0', '0', '', ''],
    ]);
    expect(html).not.toContain('<section class="tiers" data-benchmark="plain">');
  });

  it('a report without profiles or V8 records has neither section, and nothing outside the page is referenced', () => {
    const bare = renderPairedReport({ ...doc, rows: [plain] }, 'html');
    expect(bare).not.toContain('What changed');
    expect(bare).not.toContain('data-list="v8"');
    expect(html).not.toMatch(/\s(src|href)=/);
  });
});
