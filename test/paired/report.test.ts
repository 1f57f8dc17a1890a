// `cyclebench report` of a paired file (`run --against --json`): the versioned document is
// read back through its schema and rendered as text, Markdown, HTML and CSV with the verdict
// table, each benchmark's pairs, the stopping rule and the environment; a malformed or
// newer file is one line, and `compare` names the right command for it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysePairs, DEFAULT_LOOKS } from '../../src/paired/analysis.js';
import { newPairedDocument, PAIRED_SCHEMA } from '../../src/paired/document.js';
import type { PairedOutcome } from '../../src/paired/run.js';
import { runCli } from '../helpers/io.js';

const dir = mkdtempSync(join(tmpdir(), 'cb-paired-report-'));
const settings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
const pairs = [1, 2, 3, 4, 5, 6].map((i) => ({ a: 100, b: 105 + (i % 2) * 0.1, aFirst: i % 2 === 1 }));
const outcome: PairedOutcome = {
  against: 'main <b>',
  rows: [
    {
      name: 'sum',
      group: null,
      args: {},
      pairs: [...pairs, { a: NaN, b: 104, aFirst: false }],
      analysis: analysePairs(
        pairs.map((p) => Math.log(p.b / p.a)),
        settings,
      ),
    },
  ],
  onlyCurrent: [],
  onlyAgainst: [],
  loadErrors: [],
  interrupted: false,
  settings,
};
const environment = {
  node: { version: 'v22.1.0' },
  cpu: { model: 'Test CPU', logicalCores: 2 },
  kernel: { load: { one: 3.5 } },
  after: { kernel: { load: { one: 4.25 } } },
  conditions: { cpus: [1] },
  changes: [],
};

function write(name: string, doc: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}
const good = write('good.json', newPairedDocument(outcome, ['cyclebench', 'run', '--against', 'main'], environment));

describe('report of a paired file', () => {
  it('the document carries its schema version, the rule and the environment', () => {
    const doc = newPairedDocument(outcome, [], environment);
    expect(doc.schema).toBe(PAIRED_SCHEMA);
    expect(doc.rule.difference).toBe('lan-demets-obrien-fleming');
    expect(doc.rule.text).toContain("O'Brien-Fleming-type alpha spending");
    expect(doc.environment).toBe(environment);
  });

  it('text: the verdict table, the pairs of each benchmark, the rule and the environment', async () => {
    const r = await runCli(['report', good], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/sum\s+1\.05\d+ \[.*\]\s+99\.99\d+ %\s+slower\s+7/);
    expect(r.stdout).toContain('sum: pairs');
    expect(r.stdout).toMatch(/\n1\s+other first\s+100(\.0)? ns\s+105\.1(0)? ns\s+1\.0510/);
    expect(r.stdout).toMatch(/\n7\s+this first\s+—\s+104(\.0)? ns\s+—/);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain("O'Brien-Fleming-type alpha spending");
    expect(r.stdout).toContain('Node v22.1.0, CPU Test CPU (2 logical), measuring on CPU 1');
    expect(r.stdout).toContain('1-minute load 3.50 at the start, 4.25 at the end');
  });

  it("a file judged by another version's no-difference level states that level, not this version's", async () => {
    const old = newPairedDocument(outcome, [], environment);
    old.rule.noDifferenceConfidence = 0.8;
    const r = await runCli(['report', write('old-rule.json', old)], dir);
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('no difference: 80 % CI inside ±1.0 % (the threshold)');
    expect((await runCli(['report', good], dir)).stdout.replace(/\s+/g, ' ')).toContain(
      'no difference: 90 % CI inside',
    );
  });

  it('Markdown and HTML hold the same tables; HTML escapes names; CSV has one line per pair', async () => {
    const md = await runCli(['report', good, '--format', 'markdown'], dir);
    expect(md.stdout).toContain('| pair | order | other tree | this tree | ratio |');
    expect(md.stdout).toContain('- Node v22.1.0');
    const html = await runCli(['report', good, '--format', 'html'], dir);
    expect(html.stdout).toContain('<title>cyclebench: this tree against main &lt;b&gt;</title>');
    expect(html.stdout).toContain('<th>pair</th>');
    expect(html.stdout.match(/<tr><td>\d+<\/td>/g)).toHaveLength(7);
    const csv = await runCli(['report', good, '--format', 'csv'], dir);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('benchmark,pair,first,other_ns,this_ns,ratio,verdict');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('sum,1,other,100,105.1,1.0510,slower');
    expect(lines[7]).toBe('sum,7,this,,104,—,slower');
  });

  it('a malformed file, a newer version and --complexity are one line each (exit 2)', async () => {
    const doc = JSON.parse(JSON.stringify(newPairedDocument(outcome, [], environment)));
    const bad = write('bad.json', { ...doc, rows: [{ ...doc.rows[0], pairs: 'x' }] });
    const r = await runCli(['report', bad], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      'cyclebench report: ' + bad + ': malformed paired result file: rows.0.pairs must be array',
    ]);
    const newer = write('newer.json', { ...doc, schema: 'cyclebench-paired/9' });
    const n = await runCli(['report', newer], dir);
    expect(n.stderr).toContain(
      'paired file version cyclebench-paired/9 is not supported; this build reads cyclebench-paired/1, cyclebench-paired/2',
    );
    const c = await runCli(['report', good, '--complexity'], dir);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--complexity applies to run result files');
  });

  it('compare of a paired file points to report', async () => {
    const r = await runCli(['compare', good, good], dir);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('paired `run --against --json` file');
    expect(r.stderr).toContain('cyclebench report FILE');
  });
});
