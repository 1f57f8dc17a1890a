// `run --markdown -` prints the Markdown report on standard output after the table, as a paired
// run does, and writes no file named '-'; with `--json -` too it is refused (both would be stdout).
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/io.js';
import { QUICK_RUN } from '../helpers/quick.js';

const GOOD = join(__dirname, '../fixtures/cli/good.bench.mjs');

describe('run --markdown -', () => {
  it('prints the report after the table and writes nothing in the working directory', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cb-md-'));
    const r = await runCli(['run', GOOD, ...QUICK_RUN, '--filter', 'sum 100', '--markdown', '-'], cwd);
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    const table = r.stdout.indexOf('sum 100');
    const report = r.stdout.indexOf('# Benchmark report');
    expect(table).toBeGreaterThanOrEqual(0);
    expect(report).toBeGreaterThan(table);
    expect(existsSync(join(cwd, '-'))).toBe(false);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('with --json - as well: one line, before anything runs', async () => {
    const r = await runCli(['run', GOOD, '--json', '-', '--markdown', '-'], process.cwd());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--json - and --markdown - both write to standard output/);
    expect(r.stdout).toBe('');
  });
});
