// The progress line end to end through the CLI with stderr piped (as in CI): plain lines with the
// count against the planned maximum, no carriage return, for a plain run and a paired run. Nothing
// is timed here: the lines' spacing is checked on a fake clock (test/orchestrator/progress.test.ts).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = join(__dirname, '../../bin/cyclebench.js');
// The compiled build the workers run (test/README.md): a .mjs file importing it needs no
// TypeScript loader.
const INDEX = join(__dirname, '../../dist/index.js');
const GOOD = join(__dirname, '../fixtures/cli/good.bench.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'cb-progress-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the CLI in a child process (asynchronously: the test worker stays responsive) with stderr piped. */
function cli(args: string[], cwd?: string): Promise<{ status: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 300_000 }, (error, _stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe('progress with stderr piped', () => {
  it('a default run prints its planned maximum first, then the processes it ran, without \\r', async () => {
    // One benchmark of the file: the default count's processes are what this checks, and each
    // costs a process start-up; the plan summed over several benchmarks is checked on a fake clock.
    const r = await cli(['run', GOOD, '--filter', 'sum 100$', '--time', '0.05', '--no-pin']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('\r');
    const lines = r.stderr.split('\n');
    // 3 planned and at most 6 processes (the default count, left unset).
    expect(lines).toContain('cyclebench: [0 of ≤ 6 processes] good/sum 100');
    const end = lines.map((l) => /^cyclebench: (\d+) processes in \d/.exec(l)).find((m) => m !== null);
    expect(end, r.stderr).toBeDefined();
    expect(Number(end![1])).toBeGreaterThanOrEqual(3);
    expect(Number(end![1])).toBeLessThanOrEqual(6);
  }, 300_000);

  it('a paired run counts pairs against the most pairs', async () => {
    const kernel = `import { bench } from ${JSON.stringify(INDEX)};\nbench('sum', () => () => { let s = 0; for (let i = 0; i < 100; i++) s += i; return s; });\n`;
    for (const side of ['current', 'other']) {
      mkdirSync(join(scratch, side));
      writeFileSync(join(scratch, side, 'k.bench.mjs'), kernel);
    }
    const r = await cli(
      ['run', 'k.bench.mjs', '--against', join(scratch, 'other'), '--time', '0.05', '--max-pairs', '2', '--no-pin'],
      join(scratch, 'current'),
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('\r');
    expect(r.stderr).toMatch(/^cyclebench: \[0 of ≤ 2 pairs\] sum, /m);
    expect(r.stderr).toMatch(/^cyclebench: [12] pairs in \d/m);
  }, 300_000);
});
