// The HTML report's explanation per benchmark: a profiled benchmark's section lists its top
// self-time functions, largest first, each with a bar in proportion; every benchmark whose
// processes carry V8 records has a tier table, one row per process, with its deoptimizations and
// what the analysis did with it. Checked on the generated HTML (structure and values), and the
// Markdown report's same functions and tier table.
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { escapeMarkdown } from '../../src/text/escape.js';
import { fullName } from '../../src/text/format.js';
import { BAR_WIDTH } from '../../src/report/html-explain.js';
import type { ResultDocument, V8Record } from '../../src/results/schema.js';
import { fixtureDoc } from '../helpers/golden.js';

/** The section of benchmark `index` in the page. */
function section(html: string, index: number): string {
  const from = html.indexOf(`<section class="benchmark" id="b${index}">`);
  expect(from).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf('</section>', from));
}

/** The rows of the table marked data-table="name", as cell texts (tags removed). */
function rows(html: string, name: string): string[][] {
  const from = html.indexOf(`data-table="${name}"`);
  if (from < 0) return [];
  const body = html.slice(html.indexOf('<tbody>', from), html.indexOf('</tbody>', from));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
    [...m[1].matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1].replace(/<[^>]*>/g, '')),
  );
}

const OPT = { kernel: 'turbofan', loop: 'turbofan' } as const;

function doc(): ResultDocument {
  const d = fixtureDoc();
  const b = d.benchmarks[0];
  b.profile = {
    file: 'prof/for-loop.cpuprofile',
    samples: 900,
    intervalUs: 50,
    scope: 'kernel',
    top: [
      { name: 'slowHelper', url: 'file:///w/k.bench.js', line: 3, selfNs: 6e6, share: 0.6 },
      { name: '<b>quick</b>', url: 'file:///w/k.bench.js', line: 9, selfNs: 3e6, share: 0.3 },
      { name: '(garbage collector)', url: '', line: null, selfNs: 1e6, share: 0.1 },
    ],
  };
  const records: V8Record[] = [
    {
      warmup: OPT,
      end: OPT,
      deopts: {
        warmup: 1,
        sampling: 3,
        warmupFunctions: [],
        samplingFunctions: [
          { function: 'sumFields', role: 'other', reason: 'wrong map', count: 2 },
          { function: 'sumFields', role: 'other', reason: 'not a Smi', count: 1 },
        ],
      },
    },
    { warmup: { kernel: 'maglev', loop: 'turbofan' }, end: OPT, deopts: null },
    { warmup: OPT, end: OPT, deopts: { warmup: 0, sampling: 0, warmupFunctions: [], samplingFunctions: [] } },
  ];
  b.forks.forEach((f, i) => (f.v8 = records[i]));
  b.forks[0].oddProcess = { factor: 1.4, spread: 0.01, of: 3 };
  return d;
}

describe('HTML: top functions and tiers per benchmark', () => {
  const html = renderHtml(doc());

  it('a profiled benchmark lists its top functions, largest first, names escaped, bars in proportion', () => {
    const s = section(html, 0);
    expect(s).toContain('data-explain="profile"');
    expect(s).toContain('prof/for-loop.cpuprofile (900 samples every 50 µs');
    expect(rows(s, 'profile')).toEqual([
      ['slowHelper', '60.0 %', '', 'k.bench.js:3'],
      ['&lt;b&gt;quick&lt;/b&gt;', '30.0 %', '', 'k.bench.js:9'],
      ['(garbage collector)', '10.0 %', '', ''],
    ]);
    const widths = [...s.matchAll(/<svg class="bar"[^>]*><rect width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([BAR_WIDTH, BAR_WIDTH / 2, BAR_WIDTH / 6].map((w) => Math.round(w * 10) / 10));
    expect(s).not.toContain('<b>quick</b>');
  });

  it('the tier table has a row per process: tiers, deoptimizations (unread when unknown), the most frequent, the role', () => {
    expect(rows(section(html, 0), 'tiers')).toEqual([
      ['0', 'turbofan', 'turbofan', '1', '3', 'sumFields: wrong map (2)', 'odd process, left out'],
      ['1', 'maglev / turbofan', 'turbofan', 'unread', 'unread', '', ''],
      ['2', 'turbofan', 'turbofan', '0', '0', '', ''],
    ]);
  });

  it('a benchmark without a profile or V8 records has neither', () => {
    const s = section(html, 1);
    expect(s).not.toContain('data-explain');
  });

  it('a profile that could not be taken says why, with no table', () => {
    const d = doc();
    d.benchmarks[0].profile = {
      file: null,
      samples: 0,
      intervalUs: 50,
      scope: 'kernel',
      top: [],
      error: 'the worker exited',
    };
    const s = section(renderHtml(d), 0);
    expect(s).toContain('no profile: the worker exited');
    expect(rows(s, 'profile')).toEqual([]);
  });

  it('the page refers to nothing outside itself', () => {
    expect(html).not.toMatch(/\s(src|href)=/);
  });
});

describe('Markdown: the same top functions and tier table', () => {
  const md = renderMarkdown(doc());

  /** The rows of the Markdown table that follows the paragraph `para`, as cell texts. */
  function mdRows(text: string, para: string): string[][] {
    const lines = text.split('\n');
    const at = lines.indexOf(para, lines.indexOf('## V8 per process'));
    expect(at).toBeGreaterThan(0);
    const table: string[] = [];
    for (const l of lines.slice(at + 4)) {
      if (!l.startsWith('|')) break;
      table.push(l);
    }
    return table.map((l) =>
      l
        .slice(2, -2)
        .split(' | ')
        .map((c) => c.trim()),
    );
  }

  it('the top functions, largest first, names escaped', () => {
    expect(md).toContain('| slowHelper | 60.0 % | k.bench.js:3 |');
    expect(md).toContain('| &lt;b&gt;quick&lt;/b&gt; | 30.0 % | k.bench.js:9 |');
    expect(md.indexOf('| slowHelper |')).toBeLessThan(md.indexOf('| &lt;b&gt;quick'));
  });

  it('a tier table per benchmark with V8 records, the same cells as the HTML; none for the others', () => {
    const b = doc().benchmarks[0];
    const name = escapeMarkdown(fullName(b.group, b.name));
    expect(md).toContain(
      '| process | tier after warm-up | tier after sampling | deopts in warm-up | deopts in measured batches | most frequent in measured batches |   |',
    );
    expect(mdRows(md, name)).toEqual(rows(section(renderHtml(doc()), 0), 'tiers'));
    expect(md.match(/\| process \| tier after warm-up/g)).toHaveLength(1);
    const none = fixtureDoc();
    expect(renderMarkdown(none)).not.toContain('V8 per process');
  });
});
