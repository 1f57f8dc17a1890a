// bench-node files under `cyclebench run`: Suite#add/run mapped (src/compat/bench-node.ts),
// `{ baseline: true }` as cyclebench's baseline; a managed timer fails alone in one line
// (src/compat/bench-node-timer.ts). Orders are asserted only through cyclebench's verdicts,
// between kernels whose work differs a thousandfold; never times.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { cli, fixture, listed, measureFile } from '../helpers/compat.js';

describe('bench-node files under cyclebench run', () => {
  it('a README-style example lists its benchmarks, the one added with { baseline: true } as baseline', async () => {
    const benchmarks = await listed(fixture('compat/bench-node-example.mjs'));
    expect(benchmarks.map((b) => [b.title, b.baseline])).toEqual([
      ['sort 10 numbers', true],
      ['sort 10,000 numbers', false],
      ['await a resolved promise', false],
    ]);
  });

  it('the example end to end through the CLI: sorting 10,000 numbers is slower than sorting 10, by verdict', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'cb-bench-node-')), 'run.json');
    const args = ['run', fixture('compat/bench-node-example.mjs'), '--forks', '4', '--time', '0.2'];
    const r = await cli([...args, '--no-pin', '--no-counters', '--json', json], { COLUMNS: '80' }, 300_000);
    expect(r.timedOut).toBe(false);
    expect(r.stderr).not.toMatch(/failed|could not load/);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    const by = Object.fromEntries(doc.benchmarks.map((b) => [b.name, b]));
    expect(by['sort 10,000 numbers'].relative).toMatchObject({ baseline: 'sort 10 numbers', verdict: 'slower' });
    expect(by['await a resolved promise'].error).toBeFalsy();
    expect(by['await a resolved promise'].headline).not.toBeNull();
  }, 300_000);

  it('a managed timer fails alone, in one line naming bench-node and the port guide; the other benchmark runs', async () => {
    const results = await measureFile(fixture('compat/bench-node-suite.mjs'), undefined, 1);
    const by = Object.fromEntries(results.map((b) => [b.name, b]));
    expect(by['Using delete property'].headline).not.toBeNull();
    expect(by['managed timer'].headline).toBeNull();
    expect(by['managed timer'].error?.message).toContain(
      "bench-node: a managed timer (timer.start()/timer.end()) in add('managed timer') is not supported " +
        'under cyclebench run (port it as docs/migration.md shows)',
    );
  }, 120_000);
});
