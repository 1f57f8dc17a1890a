// A bench-node example measured in fresh processes under `cyclebench run`, end to end through
// the CLI. The order is asserted only through cyclebench's verdict, between kernels whose work
// differs a thousandfold (bench-node reads the same order: `node --allow-natives-syntax
// bench-node-example.mjs`); never times. Slow tier: one run of four processes per benchmark.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { cli, expectVerdict, fixture } from '../helpers/compat.js';

describe('a bench-node example measured under cyclebench run', () => {
  it('the example end to end through the CLI: sorting 10,000 numbers is slower than sorting 10, by verdict', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'cb-bench-node-')), 'run.json');
    const args = ['run', fixture('compat/bench-node-example.mjs'), '--forks', '4', '--time', '0.2'];
    const r = await cli([...args, '--no-pin', '--no-counters', '--json', json], { COLUMNS: '80' }, 300_000);
    expect(r.timedOut).toBe(false);
    expect(r.stderr).not.toMatch(/failed|could not load/);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    const by = Object.fromEntries(doc.benchmarks.map((b) => [b.name, b]));
    expectVerdict(by['sort 10,000 numbers'].relative, 'sort 10 numbers', 'slower');
    expect(by['await a resolved promise'].error).toBeFalsy();
    expect(by['await a resolved promise'].headline).not.toBeNull();
  }, 300_000);
});
