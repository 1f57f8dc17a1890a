// --bmf and --github-benchmark end to end from the CLI: one small `run` and one small `stat`, their
// files validated against the schemas written from each service's documentation (schemas.ts), the
// interval bounds carried, and every number equal to the one in the `--json` result written by the
// same run. Bad export paths are refused before anything is measured.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '../../src/compare/match.js';
import { toBmf, toGithubBenchmark } from '../../src/index.js';
import type { ResultDocument } from '../../src/results/schema.js';
import type { StatResult } from '../../src/stat/types.js';
import { rangeBounds } from './fixtures.js';
import { errorsOf, validateBmf, validateGithubBenchmark } from './schemas.js';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'bin/cyclebench.js');
const GOOD = join(ROOT, 'test/fixtures/cli/good.bench.mjs');
const SMALL = ['--forks', '2', '--time', '0.05', '--quiet', '--no-pin', '--no-counters'];
const dir = mkdtempSync(join(tmpdir(), 'cb-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI in a child, awaited (a synchronous wait would block vitest's worker for the whole run). */
function cli(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', timeout: 300_000 }, (e, _out, stderr) =>
      done({ status: e ? ((e as { code?: number }).code ?? null) : 0, stderr }),
    );
  });
}
const read = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

type Bmf = Record<string, Record<string, { value: number; lower_value?: number; upper_value?: number }>>;
type Gh = { name: string; unit: string; value: number; range?: string; extra?: string }[];

describe('run --bmf --github-benchmark', () => {
  let r: { status: number | null; stderr: string };
  let doc: ResultDocument;
  let bmf: Bmf;
  let gh: Gh;
  beforeAll(async () => {
    const out = ['--json', 'run.json', '--bmf', 'run.bmf.json', '--github-benchmark', 'run.gh.json'];
    r = await cli(['run', GOOD, ...SMALL, ...out]);
    doc = read<ResultDocument>('run.json');
    bmf = read<Bmf>('run.bmf.json');
    gh = read<Gh>('run.gh.json');
  }, 600_000);

  it('exits 0 and names both files', () => {
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('results written to run.bmf.json');
    expect(r.stderr).toContain('results written to run.gh.json');
  });

  it('both files validate against the schemas written from the services’ documentation', () => {
    expect(validateBmf(bmf), errorsOf(validateBmf)).toBe(true);
    expect(validateGithubBenchmark(gh), errorsOf(validateGithubBenchmark)).toBe(true);
  });

  it('BMF: every benchmark of the result document, its headline and interval exactly', () => {
    expect(doc.benchmarks.length).toBe(2);
    expect(Object.keys(bmf).sort()).toEqual(doc.benchmarks.map(displayName).sort());
    for (const b of doc.benchmarks) {
      const h = b.headline!;
      const m = bmf[displayName(b)];
      expect(m.latency).toEqual({ value: h.point, lower_value: h.ciLow, upper_value: h.ciHigh });
      expect(m.latency.lower_value!).toBeLessThan(m.latency.upper_value!);
      expect(m.throughput.value).toBe(1e9 / h.point);
      expect(m.throughput.lower_value).toBe(1e9 / h.ciHigh);
      // With two processes the interval can reach zero (clipped there): that throughput end stays open.
      expect(m.throughput.upper_value).toBe(h.ciLow > 0 ? 1e9 / h.ciLow : undefined);
    }
  });

  it('github-action-benchmark: the headline exactly, the interval in range, verdict and flags in extra', () => {
    expect(gh.map((e) => e.name).sort()).toEqual(doc.benchmarks.map(displayName).sort());
    for (const b of doc.benchmarks) {
      const e = gh.find((x) => x.name === displayName(b))!;
      expect(e.unit).toBe('ns/op');
      expect(e.value).toBe(b.headline!.point);
      const [lo, hi] = rangeBounds(e.range);
      // Six significant digits of the interval's larger end (github-benchmark.ts `short`).
      const tol = 1e-5 * b.headline!.ciHigh;
      expect(Math.abs(lo - b.headline!.ciLow)).toBeLessThanOrEqual(tol);
      expect(Math.abs(hi - b.headline!.ciHigh)).toBeLessThanOrEqual(tol);
      expect(e.extra).toContain(`flags: ${b.flags.length ? b.flags.join(', ') : 'none'}`);
      if (b.relative) expect(e.extra).toContain(`verdict: ${b.relative.verdict} against ${b.relative.baseline}`);
    }
    // good.bench.mjs marks 'sum 100' as its group's baseline: the other one carries a verdict.
    expect(gh.some((e) => /verdict: /.test(e.extra ?? ''))).toBe(true);
  });

  it('the library functions give the same files from the result document', () => {
    expect(toBmf(doc)).toEqual(bmf);
    expect(toGithubBenchmark(doc)).toEqual(gh);
  });
});

describe('stat --bmf --github-benchmark', () => {
  let r: { status: number | null; stderr: string };
  let result: StatResult;
  beforeAll(async () => {
    const args = ['-r', '3', '--json', 's.json', '--bmf', 's.bmf.json', '--github-benchmark', 's.gh.json'];
    r = await cli(['stat', ...args, '--', process.execPath, '-e', '0', '--vs', process.execPath, '-e', '1']);
    result = read<StatResult>('s.json');
  }, 600_000);

  it('exits 0; the files validate and carry wall time, its interval and the ratio of the JSON result', () => {
    expect(r.status, r.stderr).toBe(0);
    const bmf = read<Bmf>('s.bmf.json');
    const gh = read<Gh>('s.gh.json');
    expect(validateBmf(bmf), errorsOf(validateBmf)).toBe(true);
    expect(validateGithubBenchmark(gh), errorsOf(validateGithubBenchmark)).toBe(true);
    const [a, b] = result.commands;
    const wall = a.metrics['wall-time']!;
    expect(bmf[a.command].latency).toEqual({
      value: wall.mean * 1e6,
      lower_value: wall.ci95[0] * 1e6,
      upper_value: wall.ci95[1] * 1e6,
    });
    const vs = result.comparisons.find((c) => c.metric === 'wall-time')!;
    expect(bmf[b.command].ratio).toEqual({ value: vs.ratio, lower_value: vs.ci95![0], upper_value: vs.ci95![1] });
    expect(gh[0]).toMatchObject({ name: a.command, value: wall.mean });
    expect(gh[1].extra).toContain(`verdict: ${vs.verdict} against command 1`);
  });
});

describe('a run in which every benchmark failed', () => {
  it('writes empty exports (no benchmark written as 0) and does not replace ones that exist', async () => {
    const broken = join(ROOT, 'test/fixtures/cli/broken.bench.mjs');
    writeFileSync(join(dir, 'keep.bmf.json'), 'GOOD');
    const r = await cli(['run', broken, ...SMALL, '--bmf', 'keep.bmf.json', '--github-benchmark', 'new.gh.json']);
    expect(r.status).toBe(1);
    expect(readFileSync(join(dir, 'keep.bmf.json'), 'utf8')).toBe('GOOD');
    expect(r.stderr).toContain('kept keep.bmf.json as it was, writing this run to keep.bmf.failed.json');
    expect(read<Bmf>('keep.bmf.failed.json')).toEqual({});
    expect(read<Gh>('new.gh.json')).toEqual([]);
  }, 600_000);
});

describe('a bad export path is refused before anything runs (one line, exit 2)', () => {
  const oneLine = (stderr: string, re: RegExp) => {
    const lines = stderr.split('\n').filter((l) => l.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(re);
  };

  it('run --bmf in a directory that does not exist', async () => {
    const res = await cli(['run', GOOD, ...SMALL, '--bmf', '/nonexistent/dir/x.json']);
    expect(res.status).toBe(2);
    oneLine(res.stderr, /--bmf \/nonexistent\/dir\/x\.json: directory \/nonexistent\/dir does not exist/);
  });

  it('run --github-benchmark naming the --json file', async () => {
    const res = await cli(['run', GOOD, ...SMALL, '--json', 'same.json', '--github-benchmark', 'same.json']);
    expect(res.status).toBe(2);
    oneLine(res.stderr, /--json same\.json and --github-benchmark same\.json name the same file/);
    expect(existsSync(join(dir, 'same.json'))).toBe(false);
  });

  it('- for standard output is a usage error, for run and for stat', async () => {
    const res = await cli(['run', GOOD, '--bmf', '-']);
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/--bmf and --github-benchmark write a file/);
    const st = await cli(['stat', '--github-benchmark', '-', '--', 'true']);
    expect(st.status).toBe(2);
    expect(st.stderr).toMatch(/--bmf and --github-benchmark write a file/);
  });

  it('stat --bmf in a directory that does not exist', async () => {
    const res = await cli(['stat', '-r', '1', '--bmf', '/nonexistent/dir/x.json', '--', 'true']);
    expect(res.status).toBe(2);
    oneLine(res.stderr, /--bmf \/nonexistent\/dir\/x\.json: directory \/nonexistent\/dir does not exist/);
  });
});
