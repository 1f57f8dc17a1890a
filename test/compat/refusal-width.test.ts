// Refusal and load-error lines at 80 columns, end to end through the CLI: the line wraps (to
// lines of at most 80 characters) and keeps its whole reason; nothing is cut with '…'.
import { describe, expect, it } from 'vitest';
import { cli, fixture } from '../helpers/compat.js';

async function run80(file: string, ...extra: string[]) {
  const args = ['run', fixture(file), '--forks', '1', '--time', '0.05', '--no-pin', '--no-counters', ...extra];
  const r = await cli(args, { COLUMNS: '80' });
  expect(r.timedOut).toBe(false);
  return r;
}

/** The attention line starting with `start`, joined back from its wrapped lines. */
function joined(stdout: string, start: string): string {
  const lines = stdout.split('\n');
  const i = lines.findIndex((l) => l.startsWith(start));
  expect(i).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(i + 1).filter((l, k, all) => all.slice(0, k + 1).every((x) => x.startsWith('  ')));
  return [lines[i], ...rest.map((l) => l.trim())].join(' ');
}

describe('refusal and load-error lines at 80 columns', () => {
  it("a benchmark's refusal (--memory of a tinybench task with beforeEach) keeps its reason", async () => {
    const r = await run80('compat/tinybench-hooks.mjs', '--memory', '--filter', '^with beforeEach$');
    expect(r.status).toBe(1);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(r.stdout).not.toContain('…');
    expect(joined(r.stdout, 'with beforeEach: failed')).toBe(
      "with beforeEach: failed (throw): benchmark 'with beforeEach' failed: RangeError: 'with beforeEach': " +
        'memory per call would include its beforeEach/afterEach hooks, which run around every call; ' +
        'measure it without that option',
    );
  });

  it('a load error (mitata measure() at the top of the file) keeps its reason', async () => {
    const r = await run80('compat/mitata-measure-top.mjs');
    expect(r.status).toBe(1);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(r.stdout).not.toContain('…');
    expect(joined(r.stdout, 'mitata-measure-top.mjs: failed')).toBe(
      'mitata-measure-top.mjs: failed (load): could not load mitata-measure-top.mjs: Error: mitata: ' +
        'measure() is not supported under cyclebench run (register with bench() and call run())',
    );
  });
});
