// nanoid's and uuid's own benchmark.js suites, unmodified (test/fixtures/third-party/nanoid and
// uuid, with their provenance), run by `cyclebench run` with the real libraries they import. Those
// libraries come from `bash .ci/third-party.sh` (into .cache/third-party/); without them each test
// is skipped, saying so. Each suite is copied next to them, so its bare imports resolve there as
// they do in its own repository. Orders are asserted only through cyclebench's verdicts, and only
// between kernels at least tenfold apart under benchmark.js itself (nanoid's published figures and
// uuid's suite run with benchmark.js on the test machine, both quoted in the fixtures' README.md);
// never times.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as util from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { cli, expectVerdict, fixture, listed, measureFile } from '../helpers/compat.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LIBRARIES = join(ROOT, '.cache/third-party');
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The suite's folder copied beside the installed libraries, or the test skipped with the command that installs them. */
function besideLibraries(ctx: TestContext, suite: 'nanoid' | 'uuid'): string {
  if (!existsSync(join(LIBRARIES, 'node_modules/uuid/package.json')))
    ctx.skip("the third-party suites' libraries are not in .cache/third-party/: run `bash .ci/third-party.sh`");
  const dir = mkdtempSync(join(LIBRARIES, 'run-'));
  made.push(dir);
  cpSync(fixture(`third-party/${suite}`), join(dir, suite), { recursive: true });
  return join(dir, suite);
}

describe("nanoid's and uuid's benchmark.js suites, unmodified, with the libraries they compare", () => {
  it("nanoid's test/benchmark.js, end to end through the CLI: all 14 benchmarks listed in the suite's order, and the ones tens of times slower than crypto.randomUUID read slower", async (ctx) => {
    if (!('styleText' in util)) ctx.skip("nanoid's suite imports styleText from node:util, which Node < 20.12 lacks");
    const file = join(besideLibraries(ctx, 'nanoid'), 'test/benchmark.js');
    const names = (await listed(file)).map((b) => b.title);
    expect(names).toEqual([
      'crypto.randomUUID',
      'uuid v4',
      '@napi-rs/uuid',
      'uid/secure',
      '@lukeed/uuid',
      'nanoid',
      'customAlphabet',
      'nanoid for browser',
      'secure-random-string',
      'uid-safe.sync',
      'shortid',
      'uid',
      'nanoid/non-secure',
      'rndm',
    ]);
    const json = join(file, '..', 'run.json');
    const filter = '^(crypto\\.randomUUID|uid-safe\\.sync|shortid)$';
    const args = ['run', file, '--filter', filter, '--forks', '3', '--time', '0.2', '--no-pin', '--no-counters'];
    const r = await cli([...args, '--json', json], { COLUMNS: '80' }, 300_000);
    expect(r.timedOut).toBe(false);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/vs baseline/);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    const by = Object.fromEntries(doc.benchmarks.map((b) => [b.name, b]));
    expect(Object.keys(by)).toEqual(['crypto.randomUUID', 'uid-safe.sync', 'shortid']);
    expect(by['crypto.randomUUID'].baseline).toBe(true);
    // 28.4 M, 0.53 M and 0.06 M ops/s in nanoid's README (14.9 M, 0.13 M, 0.013 M under benchmark.js here).
    for (const name of ['uid-safe.sync', 'shortid']) {
      expect(by[name].error).toBeFalsy();
      expectVerdict(by[name].relative, 'crypto.randomUUID', 'slower');
    }
  }, 400_000);

  it("uuid's examples/benchmark/node.js: three nameless suites as three groups, and uuid.v4() (crypto.randomUUID) faster than uuid.v1()", async (ctx) => {
    const file = join(besideLibraries(ctx, 'uuid'), 'examples/benchmark/node.js');
    const groups = (await listed(file)).map((b) => `${b.group ?? ''}/${b.title}`);
    expect(groups.slice(0, 3)).toEqual(['/uuid.stringify()', '/uuid.parse()', 'suite 2/uuid.v1()']);
    expect(groups).toContain('suite 2/uuid.v7() with defined time');
    expect(groups).toContain('suite 3/uuid.v1ToV6()');
    // 185,378 against 9,862,402 ops/s under benchmark.js itself (uuid/README.md): 53× apart.
    // Four processes a side: with two, one disagreeing process leaves the interval wide (df = 1).
    const v4 = 'uuid.v4() using crypto.randomUUID';
    const results = await measureFile(file, '^suite 2/uuid\\.v(1\\(\\)|4\\(\\) using crypto\\.randomUUID)$', 4);
    const by = Object.fromEntries(results.map((b) => [b.name, b]));
    expect(Object.keys(by)).toEqual(['uuid.v1()', v4]);
    expect(by['uuid.v1()'].baseline).toBe(true);
    expect(by[v4].error).toBeFalsy();
    expectVerdict(by[v4].relative, 'suite 2/uuid.v1()', 'faster');
  }, 400_000);
});
