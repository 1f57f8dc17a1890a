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
    expect(rows[2]).toMatch(/^\| g\/a\\\|b \| 1\.05\d+ \\\[.*\\\] \| 99\.99\d+ % \| slower \| 6 \|/);
    expect(rows[3]).toMatch(/\| failed \|/);
    expect(md).toContain('- crash {"n":1}: failed: main: boom');
    expect(md).toContain('- only in this tree (not compared): new one');
  });

  it('text: the same verdicts, columns aligned', () => {
    const text = renderPairedText(outcome);
    expect(text).toContain('Paired run against main (0123456789ab)');
    expect(text).toMatch(/g\/a\|b\s+1\.05\d+ \[/);
    expect(text).toContain('crash {"n":1}');
    expect(text).toContain("O'Brien-Fleming-type alpha spending (Lan-DeMets)");
    expect(text).toContain('90 % CI inside ±1.0 % (the threshold)');
  });

  it('--verbose adds each side, the pair ratios, the order and the verdict at every look reached', () => {
    const quiet = renderPairedText(outcome, 400);
    const text = renderPairedText(outcome, 400, true);
    expect(quiet).not.toContain('at each look');
    // Six pairs: a side at 100 ns, the other at 105.0 and 105.1 alternately (median 105.05, printed
    // 105.0); this tree ran first in 3.
    expect(text).toContain(
      'g/a|b: main (0123456789ab) 100.0 ns/op (100.0 ns–100.0 ns), this tree 105.0 ns/op (105.0 ns–105.1 ns), ' +
        'medians over 6 pairs; pair ratios min 1.050, quartiles 1.050 / 1.050 / 1.051, max 1.051; ' +
        'this tree ran first in 3 of 6',
    );
    // The looks below 6 (4) and the last pair count, each with the verdict the analysis gives there.
    const looks = text.split('\n').find((l) => l.startsWith('  at each look'))!;
    const at = (n: number) =>
      analysePairs(
        pairs.slice(0, n).map((p) => Math.log(p.b / p.a)),
        settings,
        n,
      );
    expect(looks).toContain(`4: ${at(4).ratio!.point.toFixed(3)} [${at(4).ratio!.ciLow.toFixed(3)}, `);
    expect(looks).toMatch(/: 4: 1\.050 \[0\.9\d\d, 1\.1\d\d\] cannot tell; 6: 1\.050 \[1\.0\d\d, 1\.0\d\d\] slower$/);
    // The failed row has no pairs, so no lines.
    expect(text).not.toMatch(/crash.*medians/);
    // Wrapped at 80 columns, a look line stays indented under its benchmark.
    for (const l of renderPairedText(outcome, 80, true).trimEnd().split('\n')) expect(l.length).toBeLessThanOrEqual(80);
  });

  it('text fits the terminal: at 80 columns no line is wider, long names are shortened, the rule is wrapped', () => {
    const long: PairedOutcome = {
      ...outcome,
      rows: [{ ...outcome.rows[0]!, name: 'a kernel whose name runs on and on and on and on and on' }],
    };
    for (const columns of [80, 120]) {
      const lines = renderPairedText(long, columns).trimEnd().split('\n');
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(columns);
    }
    // 80 columns drop the "detectable" column first; 120 keep it and the full name.
    expect(renderPairedText(long, 80)).not.toContain('detectable');
    expect(renderPairedText(long, 80)).toContain('…');
    expect(renderPairedText(long, 120)).toMatch(/pairs\s+detectable/);
    expect(renderPairedText(long, 120)).toContain('on and on and on and on and on');
    // A rule under the header; the wrapped stopping rule continues indented, so it reads as one item.
    const lines = renderPairedText(long, 80).split('\n');
    expect(lines[2]).toMatch(/^─+(  ─+)+$/);
    const rule = lines.findIndex((l) => l.startsWith('Yuen interval'));
    expect(lines[rule + 1]).toMatch(/^  \S/);
  });

  it('words, not codes: "no difference"; advice in pairs only under an unsettled verdict', () => {
    const same = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ a: 100, b: 100 + (i % 2) * 0.01, aFirst: i % 2 === 1 }));
    const noisy = [1, 2, 3, 4].map((i) => ({ a: 100, b: 100 + (i % 2 ? 8 : -6), aFirst: i % 2 === 1 }));
    const rows = [
      { name: 'same', group: null, args: {}, pairs: same },
      { name: 'noisy', group: null, args: {}, pairs: noisy },
    ].map((r) => ({
      ...r,
      analysis: analysePairs(
        r.pairs.map((p) => Math.log(p.b / p.a)),
        settings,
      ),
    }));
    expect(rows.map((r) => r.analysis.verdict)).toEqual(['no-difference', 'cannot-tell']);
    const text = renderPairedText({ ...outcome, rows }, 120);
    expect(text).toMatch(/\nsame\s.*no difference/);
    expect(text).not.toContain('no-difference');
    // Its advice is capped: a CI of [0, 2555] after 4 pairs needs far more than 100 pairs.
    expect(text).toMatch(
      /noisy: cannot tell after 4 pairs \(.*\); more than 100 pairs would be needed to resolve ±1\.0 %: not\s+reachable here/,
    );
    expect(text).not.toMatch(/same: cannot tell/);
    const e = rows[0].analysis.equivalence!;
    expect(e.ciHigh - e.ciLow).toBeLessThan(rows[0].analysis.ratio!.ciHigh - rows[0].analysis.ratio!.ciLow);
    expect(text).toMatch(/^same: no difference: its 90 % CI \[1\.000, 1\.000\] lies inside ±1\.0 %; /m);
    expect(rows[1].analysis.equivalence).toBeUndefined();
  });

  it('a "no difference" row shows the interval it rests on; the difference test\'s wide one is named under it', () => {
    // Four pairs of a real A/A run (JSON.parse ×20, 27.5–28.0 µs a side), each pair's difference
    // halved (at their own spread the 90 % interval reaches past ±1 % after 4 pairs): the first look
    // spends almost no alpha, so the difference test's interval is [0.69, 1.46] while the 90 %
    // equivalence interval lies inside ±1 %.
    const real = [
      { a: 27750, b: 27499.25925925926, aFirst: true },
      { a: 27503.558696205753, b: 27625, aFirst: false },
      { a: 27802.6455026455, b: 28000, aFirst: true },
      { a: 27656.25, b: 27500, aFirst: false },
    ].map((p) => ({ ...p, b: p.a * Math.sqrt(p.b / p.a) }));
    const analysis = analysePairs(
      real.map((p) => Math.log(p.b / p.a)),
      settings,
    );
    expect(analysis.verdict).toBe('no-difference');
    const text = renderPairedText(
      { ...outcome, onlyCurrent: [], rows: [{ name: 'parse', group: null, args: {}, pairs: real, analysis }] },
      120,
    );
    const e = analysis.equivalence!;
    const eq = `[${e.ciLow.toFixed(3)}, ${e.ciHigh.toFixed(3)}]`;
    expect(e.ciLow).toBeGreaterThan(0.99);
    expect(e.ciHigh).toBeLessThan(1.01);
    expect(text.replace(/ +/g, ' ')).toContain(
      `\nparse ${analysis.ratio!.point.toFixed(3)} ${eq} 90.00 % no difference 4 `,
    );
    expect(analysis.ratio!.ciHigh).toBeGreaterThan(1.4);
    expect(text).not.toMatch(/^parse\s.*1\.4\d\d\]/m);
    // Wrapped lines continue indented by two spaces: joined, the line reads whole.
    expect(text.replaceAll('\n  ', ' ')).toMatch(
      /^parse: no difference: its 90 % CI \[0\.99\d, 1\.00\d\] lies inside ±1\.0 %; the difference test's 99\.999971 % CI after 4 pairs is \[0\.6\d\d, 1\.4\d\d\]$/m,
    );
  });
});
