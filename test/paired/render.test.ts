// The paired table as Markdown (a CI job summary): one row per benchmark, pipes escaped,
// one-side-only benchmarks and failures listed under it.
import { describe, expect, it } from 'vitest';
import { analysePairs, DEFAULT_LOOKS } from '../../src/paired/analysis.js';
import { renderPairedMarkdown, renderPairedText } from '../../src/paired/render.js';
import type { PairedOutcome } from '../../src/paired/run.js';

const settings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
const pairs = [1, 2, 3, 4, 5, 6].map((i) => ({ a: 100, b: 105 + (i % 2) * 0.1, aFirst: i % 2 === 1 }));
const outcome: PairedOutcome = {
  against: 'main (0123456789ab)',
  rows: [
    {
      name: 'a|b',
      group: 'g',
      args: {},
      pairs,
      analysis: analysePairs(
        pairs.map((p) => Math.log(p.b / p.a)),
        settings,
      ),
    },
    { name: 'crash', group: null, args: { n: 1 }, pairs: [], analysis: null, error: 'main: boom' },
  ],
  onlyCurrent: ['new one'],
  onlyAgainst: [],
  loadErrors: [],
  interrupted: false,
  settings,
};

describe('paired table', () => {
  it('Markdown: a header, one row per benchmark with pipes escaped, the lists below', () => {
    const md = renderPairedMarkdown(outcome);
    const rows = md.split('\n').filter((l) => l.startsWith('| '));
    expect(rows).toHaveLength(4);
    expect(rows[2]).toMatch(/^\| g\/a\\\|b \| 1\.05\d+ \[.*\] \| 99\.99\d+ % \| slower \| 6 \|/);
    expect(rows[3]).toContain('failed: main: boom');
    expect(md).toContain('- only in this tree (not compared): new one');
  });

  it('text: the same verdicts, columns aligned', () => {
    const text = renderPairedText(outcome);
    expect(text).toContain('Paired run against main (0123456789ab)');
    expect(text).toMatch(/g\/a\|b\s+1\.05\d+ \[/);
    expect(text).toContain('crash {"n":1}');
    expect(text).toContain("O'Brien-Fleming-type alpha spending (Lan-DeMets)");
    expect(text).toContain('80 % CI inside ±1.0 % (the threshold)');
  });
});
