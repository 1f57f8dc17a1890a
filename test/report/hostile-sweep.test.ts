// Every output format against the shared hostile strings (test/helpers/hostile.ts): result
// documents, a comparison, a stat result and a paired result whose benchmark names, group
// names, args, error messages, warnings, file names, environment strings, hypothesis and
// command lines are hostile, rendered through the renderers and through the CLI. No raw
// control character or bidi mark, no live markup in Markdown or HTML, no formula-leading CSV
// text cell survives, and the escaped name is present (docs/reports.md, "Escaping").
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeStatCommand } from '../../src/cli/commands/stat.js';
import { analysePairs, DEFAULT_LOOKS } from '../../src/paired/analysis.js';
import { newPairedDocument } from '../../src/paired/document.js';
import { renderPairedReport } from '../../src/paired/report.js';
import type { PairedOutcome } from '../../src/paired/run.js';
import { renderDistributions } from '../../src/report/distribution.js';
import { type ReportFormat, renderers } from '../../src/report/reporter.js';
import type { CompareFormat } from '../../src/report/compare-render.js';
import { compareResults, renderReport } from '../../src/api/tools.js';
import { comparisonsFor } from '../../src/report/comparisons.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { escapeTerminal } from '../../src/text/escape.js';
import { runCli } from '../helpers/io.js';
import { fakePlatform } from '../helpers/fake-stat-platform.js';
import { expectSafe, type Format, HOSTILE, rawControl } from '../helpers/hostile.js';
import { fixtureDoc } from '../helpers/golden.js';

/** The fixed results file with every string from outside replaced by `s`. */
export function hostileDoc(s: string): ResultDocument {
  const doc = fixtureDoc();
  doc.command = ['cyclebench', 'run', s, '--hypothesis', s];
  doc.options = { ...doc.options, hypothesis: s };
  doc.warnings = [...doc.warnings, s];
  const env = doc.environment as unknown as Record<string, Record<string, unknown>>;
  env.cpu!.model = s;
  env.kernel!.release = s;
  env.frequency!.governor = s;
  doc.benchmarks.forEach((b, i) => {
    b.file = s;
    if (b.group === 'array sum') b.group = s;
    if (i === 0 || i === 4) b.name = s;
    if (b.args && Object.keys(b.args).length) b.args = { ...b.args, mode: s };
    if (b.error) b.error = { ...b.error, message: s, stack: s };
    if (i === 1) b.warnings = [...(b.warnings ?? []), s];
  });
  return doc;
}

const dir = mkdtempSync(join(tmpdir(), 'cb-hostile-'));
const cases = HOSTILE.map((s, i) => ({ s, i, label: JSON.stringify(s) }));

describe('report formats of a hostile result document, rendered directly', () => {
  it.each(cases)('$label', ({ s }) => {
    const doc = hostileDoc(s);
    const opts = { hypothesis: s, comparisons: comparisonsFor(doc), complexity: true };
    expectSafe('terminal', renderers.terminal.render(doc), s, 'terminal');
    expectSafe('terminal', renderDistributions(doc), s, 'distributions');
    expectSafe('terminal', renderers.text.render(doc, opts), s, 'text');
    expectSafe('markdown', renderers.markdown.render(doc, opts), s, 'markdown');
    expectSafe('html', renderers.html.render(doc, opts), s, 'html');
    expectSafe('csv', renderers.csv.render(doc, opts), s, 'csv');
    expectSafe('json', renderers.json.render(doc), s, 'json');
    expect(JSON.parse(renderers.json.render(doc)).benchmarks[0].name).toBe(s);
  });
});

describe('the library API: renderReport and compareResults of a hostile document', () => {
  it.each(cases)('$label', async ({ s }) => {
    const doc = hostileDoc(s);
    const kinds: [ReportFormat, Format][] = [
      ['terminal', 'terminal'],
      ['text', 'terminal'],
      ['markdown', 'markdown'],
      ['html', 'html'],
      ['csv', 'csv'],
      ['json', 'json'],
    ];
    for (const [format, kind] of kinds) expectSafe(kind, await renderReport(doc, format), s, `renderReport ${format}`);
    const compareKinds: [CompareFormat, Format][] = [
      ['text', 'terminal'],
      ['markdown', 'markdown'],
      ['json', 'json'],
    ];
    for (const [format, kind] of compareKinds)
      expectSafe(kind, (await compareResults(doc, doc, { format })).rendered!, s, `compareResults ${format}`);
  });
});

describe('honest names are shown as they are', () => {
  it('a name with - and é, a group with a space: unchanged in every format', () => {
    const doc = fixtureDoc();
    doc.benchmarks[0]!.name = 'sum-array é';
    doc.benchmarks[0]!.group = 'déjà vu';
    const opts = { comparisons: comparisonsFor(doc) };
    for (const out of [
      renderers.terminal.render(doc),
      renderers.text.render(doc, opts),
      renderers.markdown.render(doc, opts),
      renderers.html.render(doc, opts),
      renderers.csv.render(doc, opts),
    ]) {
      expect(out).toContain('sum-array é');
      expect(out).toContain('déjà vu');
    }
    expect(renderers.csv.render(doc, opts).split('\r\n')[1]).toMatch(/^déjà vu,sum-array é,/);
  });
});

describe('the CLI: report and compare of a hostile result file', () => {
  it.each(cases)('$label', async ({ s, i }) => {
    const base = join(dir, `base-${i}.json`);
    const head = join(dir, `head-${i}.json`);
    const doc = hostileDoc(s);
    writeFileSync(base, JSON.stringify(doc));
    // The contender lacks one benchmark, so the hostile name is also listed as "only in the baseline",
    // and runs on another CPU, so the hostile CPU model is quoted in the reason for "incomparable".
    const cpu = { ...(doc.environment as unknown as { cpu: object }).cpu, model: 'other CPU' };
    const other = {
      ...doc,
      environment: { ...doc.environment, cpu },
      benchmarks: doc.benchmarks.filter((_, k) => k !== 4),
    };
    writeFileSync(head, JSON.stringify(other));
    const formats: [string, Format][] = [
      ['text', 'terminal'],
      ['markdown', 'markdown'],
      ['html', 'html'],
      ['csv', 'csv'],
    ];
    for (const [format, kind] of formats) {
      const r = await runCli(['report', base, '--format', format], dir);
      expect(r.code, r.stderr).toBe(0);
      expectSafe(kind, r.stdout, s, `report --format ${format}`);
      expect(rawControl(r.stderr), `report --format ${format}: stderr`).toBeNull();
    }
    for (const [args, kind] of [
      [[], 'terminal'],
      [['--verbose'], 'terminal'],
      [['--format', 'markdown'], 'markdown'],
      [['--json', '-'], 'json'],
    ] as [string[], Format][]) {
      const r = await runCli(['compare', base, head, ...args], dir);
      expect(r.stderr, `compare ${args.join(' ')}`).not.toMatch(/Error|at /);
      expectSafe(kind, r.stdout, s, `compare ${args.join(' ')}`);
      expect(rawControl(r.stderr)).toBeNull();
    }
    const json = await runCli(['compare', base, head, '--json', '-'], dir);
    expect(JSON.parse(json.stdout).onlyBase.join(' ')).toContain(s);
    const reason = JSON.parse(json.stdout).comparisons[0].reason as string;
    expect(reason).toContain(`CPU model differs: ${escapeTerminal(s)} vs other CPU`);
  });
});

describe('stat with a hostile command line: text, Markdown, CSV and JSON', () => {
  it.each(cases)('$label', async ({ s, i }) => {
    let out = '';
    const io = { stdout: { write: (x: string) => (out += x) }, stderr: { write: () => undefined }, env: {}, cwd: dir };
    const cmd = makeStatCommand({
      platform: fakePlatform((_argv, call) => (call === 3 ? { wallMs: 10, status: 1 } : { wallMs: 10 + call })),
      environment: { fixture: true },
      excludeKernel: true,
    });
    const file = (ext: string) => join(dir, `stat-${i}.${ext}`);
    await cmd(
      ['-r', '4', '--warmup', '0', '--markdown', file('md'), '--csv', file('csv'), '--json', file('json'), '--', s, s],
      io,
    );
    const json = readFileSync(file('json'), 'utf8');
    // The command as stat shows it: its words quoted for a shell, as one string.
    const label = JSON.parse(json).command as string;
    expect(label).toContain(s.slice(0, 3));
    expectSafe('json', json, label, 'stat --json');
    expectSafe('terminal', out, label, 'stat text');
    expectSafe('markdown', readFileSync(file('md'), 'utf8'), label, 'stat --markdown');
    expectSafe('csv', readFileSync(file('csv'), 'utf8'), label, 'stat --csv');
  });
});

describe('a paired result with hostile names: every format, directly and through report', () => {
  const settings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
  const pairs = [1, 2, 3, 4, 5, 6].map((k) => ({ a: 100, b: 105 + (k % 2) * 0.1, aFirst: k % 2 === 1 }));
  const outcome = (s: string): PairedOutcome => ({
    against: s,
    rows: [
      {
        name: s,
        group: s,
        args: { mode: s },
        pairs,
        analysis: analysePairs(
          pairs.map((p) => Math.log(p.b / p.a)),
          settings,
        ),
      },
      { name: `crash ${s}`, group: null, args: {}, pairs: [], analysis: null, error: s },
    ],
    onlyCurrent: [s],
    onlyAgainst: [s],
    loadErrors: [s],
    interrupted: false,
    settings,
  });
  const environment = (s: string) => ({ node: { version: s }, cpu: { model: s }, changes: [{ warning: s }] });

  it.each(cases)('$label', async ({ s, i }) => {
    const doc = newPairedDocument(outcome(s), ['cyclebench', 'run', '--against', s], environment(s));
    const path = join(dir, `paired-${i}.json`);
    writeFileSync(path, JSON.stringify(doc));
    const kinds: ['text' | 'markdown' | 'html' | 'csv', Format][] = [
      ['text', 'terminal'],
      ['markdown', 'markdown'],
      ['html', 'html'],
      ['csv', 'csv'],
    ];
    for (const [format, kind] of kinds) {
      expectSafe(kind, renderPairedReport(doc, format), s, `paired ${format}`);
      const r = await runCli(['report', path, '--format', format], dir);
      expect(r.code, r.stderr).toBe(0);
      expectSafe(kind, r.stdout, s, `report (paired) --format ${format}`);
    }
  });
});
