// The default terminal output: one table that fits the terminal, one line per finding that
// needs attention, the count of details --verbose adds. Rendered from real runs of the example
// suite: example-v3.json (`npm run example`, 13 benchmarks in 5 groups, on the busy 2-vCPU VM;
// batches cut to the first 4 per process, which no line of the summary or --verbose reads) and
// the older 7-benchmark example-v1.json, and from the fixed fixture (results.json).
import { describe, expect, it } from 'vitest';
import { attachFindings } from '../../src/analysis/findings.js';
import { terminalColumns } from '../../src/text/io.js';
import { presentRun } from '../../src/report/present.js';
import { renderSummary } from '../../src/report/summary.js';
import { readResultFile } from '../../src/results/read.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { escapeControls } from '../../src/text/terminal-safe.js';
import { expectGolden, FIXTURE_DIR, fixtureDoc } from '../helpers/golden.js';

const example = readResultFile(`${FIXTURE_DIR}example-v3.json`);
const v1 = readResultFile(`${FIXTURE_DIR}example-v1.json`);
const lines = (s: string): string[] => s.replace(/\n$/, '').split('\n');
const widest = (s: string): number => Math.max(...lines(s).map((l) => [...l].length));
const copy = (d: ResultDocument): ResultDocument => JSON.parse(JSON.stringify(d));
const groups = [...new Set(example.benchmarks.map((b) => b.group!))];

describe('default terminal output', () => {
  it('the fixture is the example suite: 13 benchmarks in 5 groups', () => {
    expect(example.benchmarks.length).toBe(13);
    expect(groups.length).toBe(5);
  });

  for (const columns of [80, 100, 120]) {
    it(`the example suite at ${columns} columns: no line wider, at most 25 lines, every benchmark shown`, () => {
      const out = presentRun(example, { columns });
      expect(widest(out)).toBeLessThanOrEqual(columns);
      // A blank line, header, rule, a row per benchmark (groups are a column), a blank line, the attention lines.
      expect(lines(out).length).toBeLessThanOrEqual(25);
      example.benchmarks.forEach((b, i) => expect(lines(out)[3 + i]).toContain(b.name));
      // Each group is named once, on its first row: its first word, whatever its cut (the group
      // column keeps 8 characters at the least, a name's beginning and end around an ellipsis).
      for (const g of groups) expect(out.match(new RegExp(`^${g.split(' ')[0]}\\b`, 'gm'))).toHaveLength(1);
      expect(lines(out).at(-1)).toMatch(/^\d+ details hidden: --verbose$/);
    });
  }

  it('an optimized-away row prints the bound it was judged by: one cycle, or a dead result within a few', () => {
    const doc = copy(example);
    const b = doc.benchmarks[0];
    b.flags = ['optimized-away'];
    const away = (kind: 'near-empty-loop' | 'dead-result') => {
      const values = { ns: 3.2, cycleNs: 0.333, cycleKnown: true, floorNs: 3.0 };
      b.details = [
        {
          code: 'optimized-away',
          severity: 'warning',
          benchmark: b.name,
          values: kind === 'dead-result' ? { ...values, kind, cycles: 4 } : { ...values, kind },
        },
      ];
      return lines(renderSummary(doc, { columns: 120, quiet: true })).find((l) => l.includes(b.name))!;
    };
    expect(away('near-empty-loop')).toMatch(/ < 1 cycle /);
    expect(away('dead-result')).toMatch(/ < 4 cycles /);
  });

  it('short names: the table still fits 80 columns without cutting a line', () => {
    const short = copy(example);
    for (const b of short.benchmarks) b.name = b.name.slice(0, 3);
    const out = renderSummary(short, { columns: 80, quiet: true });
    expect(widest(out)).toBeLessThanOrEqual(80);
    expect(out).not.toContain('…');
  });

  it('a benchmark name as wide as the terminal is shortened in its attention line, never the finding', () => {
    const long = fixtureDoc();
    long.benchmarks.find((x) => x.name === 'empty function')!.name =
      'a very long benchmark name that goes on and on to exceed the terminal width easily';
    const out = lines(renderSummary(long, { columns: 80 }));
    const line = out.find((l) => l.startsWith('a very long'))!;
    // The name keeps its beginning and its end; the finding is whole.
    expect(line).toMatch(/^a very long[^…]*…[^…]*easily: no measurable work — return the computed value$/);
    expect(line.length).toBeLessThanOrEqual(80);
  });

  it('benchmarks outside any group show a dash in the group column, never a cut word', () => {
    const mixed = copy(example);
    for (const b of mixed.benchmarks.slice(0, 3)) b.group = null;
    const rows = lines(renderSummary(mixed, { columns: 80, quiet: true }));
    expect(rows.find((l) => l.startsWith('— '))).toBeDefined();
    expect(rows.join('\n')).not.toMatch(/\(no gr/);
  });

  it('wider terminals show more columns, and the CI of the ratio when it fits', () => {
    const header = (c: number) => lines(renderSummary(example, { columns: c }))[1];
    expect(header(80)).toMatch(/^group +benchmark +time\/iter +± CI +vs baseline$/);
    expect(header(100)).toContain('ops/s');
    expect(header(120)).toContain('median');
    expect(header(200)).toContain('p99');
    expect(renderSummary(v1, { columns: 80 })).not.toContain('[0.69, 0.75]');
    expect(renderSummary(v1, { columns: 100 })).toMatch(/^ +reduce .* 0\.72× faster \[0\.69, 0\.75\]$/m);
  });

  it('one attention line per benchmark at most, worded for action; a finding shared by 3 or more is one line', () => {
    const out = renderSummary(v1, { columns: 200 });
    for (const b of v1.benchmarks) expect(out).not.toMatch(new RegExp(`^${b.name}: noisy`, 'm'));
    // Two speeds come before noise: "close other programs" is the wrong advice for them.
    // The run pinned its processes already: the advice is more processes, not --cpu.
    expect(out).toMatch(/^noisy: 4 benchmarks at ±1\.2–6\.4 % — close other programs or raise --forks$/m);
    expect(out).toMatch(
      /^Float64Array loop, JSON\.stringify small object, checksum a payload: two speeds in the samples/m,
    );
    const fixture = renderSummary(fixtureDoc(), { columns: 200 });
    expect(fixture).toMatch(/^Float64Array loop: noisy: ±5\.1 % — close other programs or use --forks 19$/m);
    // A run that did not pin its processes is told to.
    const unpinned = structuredClone(v1) as ResultDocument & { environment: { conditions: { cpus: unknown } } };
    unpinned.environment.conditions.cpus = null;
    const free = renderSummary(attachFindings(unpinned), { columns: 200 });
    expect(free).toMatch(/^noisy: 4 benchmarks at ±1\.2–6\.4 % — close other programs or use --cpu$/m);
    expect(fixture).toMatch(/^empty function: no measurable work per call — return the value the kernel computes$/m);
    expect(fixture).toMatch(/^JSON\.parse broken: failed \(throw\): SyntaxError/m);
  });

  it('benchmarks with the same attention line share it, named when the names fit', () => {
    const doc = copy(v1);
    doc.benchmarks.forEach((b, i) => (b.flags = i < 2 ? ['multimodal'] : []));
    attachFindings(doc);
    const twoSpeeds = 'two speeds in the samples — one number hides them; see --verbose';
    expect(renderSummary(doc, { columns: 100 })).toContain(`\nfor loop, reduce: ${twoSpeeds}\n`);
    expect(renderSummary(doc, { columns: 80 })).toContain(`\n${twoSpeeds} (2 benchmarks)\n`);
    expect(lines(renderSummary(doc, { columns: 100 })).filter((l) => l.includes('two speeds'))).toHaveLength(1);
  });

  it('a changed machine outranks noise: one line for every benchmark it touched', () => {
    const changed = copy(v1);
    for (const b of changed.benchmarks) b.flags.push('environment-changed');
    attachFindings(changed);
    const out = renderSummary(changed, { columns: 80 });
    expect(out).toMatch(/^the machine changed during the run — run again \(7 benchmarks\)$/m);
    expect(out).not.toMatch(/noisy/);
  });

  it('counter columns only when a counter carries data (no faults/op of 0, no cpu-ns/op repeating time/iter)', () => {
    const out = renderSummary(fixtureDoc(), { columns: 300 });
    expect(out).not.toContain('faults/op');
    expect(out).not.toContain('cpu-ns/op');
    expect(presentRun(fixtureDoc(), { detail: 'verbose' })).toContain('faults/op');
  });

  it('--verbose still shows every warning and note of every benchmark; --quiet only the table', () => {
    for (const doc of [example, v1]) {
      const verbose = presentRun(doc, { detail: 'verbose' });
      for (const b of doc.benchmarks)
        for (const w of [...b.warnings, ...(b.notes ?? [])]) expect(verbose).toContain(escapeControls(w));
      for (const w of doc.warnings) expect(verbose).toContain(escapeControls(w));
    }
    const quiet = presentRun(example, { detail: 'quiet', columns: 80 });
    expect(lines(quiet).length).toBe(3 + example.benchmarks.length);
    expect(quiet).not.toContain('--verbose');
  });

  it('goldens at 80 and 120 columns, default, --quiet and --verbose', () => {
    for (const columns of [80, 120]) {
      expectGolden(`summary-${columns}.golden.txt`, presentRun(example, { columns }));
      expectGolden(`summary-quiet-${columns}.golden.txt`, presentRun(example, { columns, detail: 'quiet' }));
      expectGolden(`summary-fixture-${columns}.golden.txt`, presentRun(fixtureDoc(), { columns }));
    }
    expectGolden('summary-verbose.golden.txt', presentRun(example, { detail: 'verbose', columns: 80 }));
  });

  it('the width comes from the terminal, else $COLUMNS, else 80', () => {
    expect(terminalColumns({ isTTY: true, columns: 132 }, { COLUMNS: '90' })).toBe(132);
    expect(terminalColumns({ isTTY: false, columns: 132 }, { COLUMNS: '90' })).toBe(90);
    expect(terminalColumns({}, { COLUMNS: 'wide' })).toBe(80);
    expect(terminalColumns({}, {})).toBe(80);
  });
});
