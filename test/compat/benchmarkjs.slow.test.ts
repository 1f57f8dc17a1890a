// benchmark.js suites laid out as uuid's and nanoid's (fixtures with local stand-ins for the
// libraries), measured in fresh processes under `cyclebench run`. Orders are asserted only
// through cyclebench's verdicts, and only between kernels whose costs differ tenfold or more
// under benchmark.js too (`node uuid-node.js`, `node nanoid-suite.cjs` with the real tool);
// never times. Slow tier: two runs of four processes per benchmark.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { cli, expectVerdict, fixture, measureFile } from '../helpers/compat.js';

const suite = (name: string) => fixture(`compat/benchmarkjs/${name}`);

describe('benchmark.js suites measured under cyclebench run', () => {
  it('uuid layout, measured: uuid.v4() (a cached random batch) is faster than uuid.v1() (fresh random bytes each call)', async () => {
    // Four processes a side: with two, one disagreeing process leaves the interval wide (df = 1).
    const results = await measureFile(suite('uuid-node.js'), '^suite 2/uuid\\.v[14]\\(\\)$', 4);
    const by = Object.fromEntries(results.map((b) => [b.name, b]));
    expect(Object.keys(by)).toEqual(['uuid.v1()', 'uuid.v4()']);
    expect(by['uuid.v1()'].baseline).toBe(true);
    expectVerdict(by['uuid.v4()'].relative, 'suite 2/uuid.v1()', 'faster');
  }, 300_000);

  it("nanoid's layout (CommonJS, deferred benchmarks), end to end through the CLI: the deferred ones are slower than crypto.randomUUID", async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'cb-benchmarkjs-')), 'run.json');
    const filter = '^(crypto\\.randomUUID|nanoid/async|async secure-random-string)$';
    const args = ['run', suite('nanoid-suite.cjs'), '--filter', filter, '--forks', '4', '--time', '0.2'];
    const r = await cli([...args, '--no-pin', '--no-counters', '--json', json], { COLUMNS: '80' }, 300_000);
    expect(r.timedOut).toBe(false);
    expect(r.stderr).not.toMatch(/failed|could not load/);
    expect(r.stdout).toMatch(/vs baseline/);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    const by = Object.fromEntries(doc.benchmarks.map((b) => [b.name, b]));
    expect(by['crypto.randomUUID'].baseline).toBe(true);
    for (const name of ['nanoid/async', 'async secure-random-string']) {
      expect(by[name].error).toBeFalsy();
      expectVerdict(by[name].relative, 'crypto.randomUUID', 'slower');
    }
  }, 300_000);
});
