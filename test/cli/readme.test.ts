// The README starts with a run: its first benchmark is test/fixtures/readme/sort.bench.ts
// verbatim, its printed output has the shape this build prints, and its command lines run.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli-process.js';

const ROOT = join(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const FIXTURE = join(ROOT, 'test/fixtures/readme');
const blocks = (lang: string): string[] =>
  [...README.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);

const cli = (args: string[], cwd: string) => spawnCli(args, { cwd, env: { COLUMNS: '80' } });

describe('README', () => {
  it('is at most 150 lines', async () => {
    expect(README.split('\n').length).toBeLessThanOrEqual(150);
  });

  it('shows the fixture benchmark verbatim, and output of the shape the run prints', async () => {
    expect(blocks('ts')[0]).toBe(readFileSync(join(FIXTURE, 'sort.bench.ts'), 'utf8'));
    const shown = blocks('text')[0].split('\n');
    expect(shown[0]).toMatch(/^benchmark +time\/iter +± CI +ops\/s +vs baseline$/);
    expect(shown.at(-2)).toMatch(/^\d+ details hidden: --verbose$/);
    for (const line of shown) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('its run and compare command lines work on the fixture (shorter --time)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-readme-'));
    const head = join(dir, 'head.json');
    const run = await cli(
      ['run', FIXTURE, '--filter', 'sort', '--forks', '2', '--time', '0.2', '--json', head],
      FIXTURE,
    );
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    // At 80 columns the table drops ops/s when a wide interval in "vs baseline" would not fit
    // (how wide depends on this machine's noise in a 0.2 s run).
    expect(lines[1]).toMatch(/^benchmark +time\/iter +± CI +(ops\/s +)?vs baseline$/);
    expect(run.stdout).toMatch(/^Array\.prototype\.sort +[\d.]+ µs +(?:±[\d.]+|>±100)% .* baseline$/m);
    expect(run.stdout).toMatch(/^Float64Array sort +[\d.]+ µs +(?:±[\d.]+|>±100)% .*×/m);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    const compare = await cli(['compare', head, head, '--fail-on', 'regression:5%'], dir);
    // A file compared with itself passes the gate; stderr holds at most the gate's own lines (the
    // family-wise adjustment, and the policy for rows that cannot tell at this run's noise).
    for (const line of compare.stderr.split('\n').filter(Boolean))
      expect(line).toMatch(
        /^cyclebench compare: (regressions judged at a family-wise level|\d+ benchmark\(s\) cannot tell)/,
      );
    expect(compare.status).toBe(0);
  });
});
