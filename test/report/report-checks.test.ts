// A result document's judged assertions (vitest 5's expect, `checks`): the schema the reader
// checks a file against types them, and `cyclebench report` prints them as `run` does
// (src/report/checks.ts), in every format built from the honest report's blocks. The document is
// the report fixture (test/fixtures/report/results.json) with assertions judged on its processes
// by the run's own judge (src/analysis/checks.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReport } from '../../src/index.js';
import { judgeChecks } from '../../src/analysis/checks.js';
import { checkLines } from '../../src/report/checks.js';
import type { Check } from '../../src/results/checks.js';
import { documentJson } from '../../src/results/document.js';
import { readResultFile } from '../../src/results/read.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { spawnCli } from '../helpers/cli-process.js';
import { FIXTURE_DIR } from '../helpers/golden.js';

const dir = mkdtempSync(join(tmpdir(), 'cyclebench-report-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const g = 'array sum';
const CHECKS: Check[] = [
  {
    test: g,
    matcher: 'toBeFasterThan',
    not: false,
    actual: `${g}/Float64Array loop`,
    expected: `${g}/reduce`,
    delta: 0,
  },
  { test: g, matcher: 'toBeSlowerThan', not: true, actual: `${g}/for loop`, expected: `${g}/reduce`, delta: 0.1 },
  { test: g, matcher: 'toBeFasterThan', not: false, actual: `${g}/reduce`, expected: `${g}/for loop`, delta: 0 },
  { test: g, matcher: 'toBeFasterThan', not: false, actual: `${g}/for loop`, expected: `${g}/nowhere` },
  { test: 'parse is fast enough', matcher: 'toBeGreaterThan', not: false },
];

const doc: ResultDocument = readResultFile(`${FIXTURE_DIR}results.json`);
doc.checks = judgeChecks(doc, CHECKS, { seed: 42 });
const withChecks = join(dir, 'checks.json');
writeFileSync(withChecks, documentJson(doc));

function written(name: string, edit: (d: any) => void): string {
  const d = JSON.parse(readFileSync(withChecks, 'utf8'));
  edit(d);
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(d));
  return p;
}

describe('checks in the result document schema', () => {
  it('a document with judged assertions reads back with them unchanged', () => {
    // reduce is about 3.7 times the for loop's time in the fixture, Float64Array loop 0.27 times reduce's.
    expect(doc.checks!.map((c) => c.status)).toEqual(['passed', 'passed', 'failed', 'not-judged', 'not-judged']);
    expect(readResultFile(withChecks).checks).toEqual(doc.checks);
  });

  it.each([
    ['not an array', (d: any) => (d.checks = { a: 1 }), 'checks must be array'],
    ['a status no judge gives', (d: any) => (d.checks[0].status = 'maybe'), 'checks[0].status must be equal to one'],
    ['no reason', (d: any) => delete d.checks[1].reason, "checks[1] must have required property 'reason'"],
    ['a ratio of words', (d: any) => (d.checks[0].ratio.point = 'fast'), 'checks[0].ratio.point must be number'],
    ['.not as a word', (d: any) => (d.checks[3].not = 'no'), 'checks[3].not must be boolean'],
  ])('%s is refused in one line naming the field', (name, edit, message) => {
    const p = written(`${name.replace(/\W/g, '-')}.json`, edit);
    expect(() => readResultFile(p)).toThrow(`${p}: malformed result document: ${message}`);
  });
});

describe('cyclebench report prints the assertions as run does', () => {
  const runLines = checkLines(doc.checks!)
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.trim());

  it('text, through the CLI: every line run prints, under Assertions, with the tally', async () => {
    expect(runLines).toHaveLength(5);
    const r = await spawnCli(['report', withChecks]);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const section = r.stdout.slice(r.stdout.indexOf('\nAssertions'), r.stdout.indexOf('\nCaveats'));
    for (const line of runLines) expect(section).toContain(line);
    expect(section).toContain('cannot tell fails neither way');
    expect(section).toContain('not judged: parse is fast enough › expect(…).toBeGreaterThan(…)');
    expect(section).toContain('judged on the comparison of the two benchmarks (1 failed)');
  });

  it('markdown and html through renderReport; a document without checks has no such section', async () => {
    const md = await renderReport(withChecks, 'markdown');
    expect(md).toContain('## Assertions');
    // Markdown escapes the interval's brackets.
    for (const line of runLines) expect(md.replace(/\\([[\]])/g, '$1')).toContain(`- ${line}`);
    expect(await renderReport(withChecks, 'html')).toContain('Assertions');
    expect(await renderReport(`${FIXTURE_DIR}results.json`, 'text')).not.toContain('Assertions');
  });
});
