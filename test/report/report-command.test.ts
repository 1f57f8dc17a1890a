// `cyclebench report` end to end over an injected Io: exit codes, one-line errors, output
// to stdout or to a file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { reportCommand } from '../../src/cli/commands/report.js';
import { FIXTURE_DIR } from '../helpers/golden.js';

const dir = mkdtempSync(join(tmpdir(), 'cyclebench-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  let out = '';
  let err = '';
  const io: Io = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: {},
    cwd: dir,
  };
  return reportCommand(args, io).then((code) => ({ code, out, err }));
}

const RESULTS = `${FIXTURE_DIR}results.json`;

describe('cyclebench report', () => {
  it('prints the honest report with the hypothesis and the command to reproduce', async () => {
    const r = await run([RESULTS, '--hypothesis', 'typed arrays win']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Hypothesis: typed arrays win');
    expect(r.out).toContain('cyclebench run bench/ --forks 3 --seed 42 --aslr off --json results.json');
    expect(r.err).toBe('');
  });
  it('writes html to --out and says where', async () => {
    const r = await run([RESULTS, '--format', 'html', '--out', 'r.html']);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(r.err).toContain('written to r.html');
  });
  it('markdown and csv go to stdout', async () => {
    expect((await run([RESULTS, '--format', 'markdown', '--complexity'])).out).toContain('best fit O(n)');
    expect((await run([RESULTS, '--format', 'csv'])).out.split('\r\n')[0]).toMatch(/^group,name,args,/);
  });
  it.each([
    [['missing.json'], 'missing.json: no such file'],
    [['bad.json'], 'bad.json: not valid JSON'],
    [['other.json'], 'other.json: not a cyclebench result document'],
    [[RESULTS, '--format', 'pdf'], "--format must be one of text, markdown, html, csv, got 'pdf'"],
    [[], 'name one result file'],
    [[RESULTS, '--nope'], "Unknown option '--nope'"],
  ])('bad input %j → one clear line, exit 2', async (args, message) => {
    writeFileSync(join(dir, 'bad.json'), '{ nope');
    writeFileSync(join(dir, 'other.json'), '{"name":"x"}');
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toContain(message);
    // A file is named as the user wrote it, relative to the command's directory.
    expect(r.err).not.toContain(dir);
    expect(r.out).toBe('');
  });
});

describe('writeReports (for run --markdown/--csv/--html)', () => {
  it('writes each requested file and returns the paths', async () => {
    const { writeReports } = await import('../../src/report/write.js');
    const { readResultFile } = await import('../../src/results/read.js');
    const files = { markdown: join(dir, 'r.md'), csv: join(dir, 'r.csv'), html: join(dir, 'w.html') };
    expect(writeReports(readResultFile(RESULTS), files)).toEqual({
      written: [files.markdown, files.csv, files.html],
      failed: [],
    });
    expect(readFileSync(files.markdown, 'utf8')).toMatch(/^# Benchmark report/);
    expect(readFileSync(files.csv, 'utf8')).toMatch(/^group,name,/);
    expect(readFileSync(files.html, 'utf8')).toContain('data-plot="scatter"');
  });
});
