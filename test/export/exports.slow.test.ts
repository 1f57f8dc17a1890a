// --bmf and --github-benchmark end to end where a run takes longer: a paired run (`run --against`
// a directory), a `--counters simulate` run under real Valgrind, and runFiles() from the library.
// Each file validates against the schemas written from the services' documentation (schemas.ts),
// carries the intervals, and equals the numbers of the same run's --json document.
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFiles, toBmf, toGithubBenchmark } from '../../src/index.js';
import type { ResultDocument } from '../../src/results/schema.js';
import type { PairedDocument } from '../../src/paired/document.js';
import { rangeBounds } from './fixtures.js';
import { errorsOf, validateBmf, validateGithubBenchmark } from './schemas.js';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'bin/cyclebench.js');
const INDEX = join(ROOT, 'src/index.ts');
const dir = mkdtempSync(join(tmpdir(), 'cb-export-slow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KERNEL = `import { bench } from '${INDEX}';
bench('sum', () => { let s = 0; for (let i = 0; i < 100; i++) s += i; return s; });
`;
for (const side of ['a', 'b']) {
  mkdirSync(join(dir, side));
  writeFileSync(join(dir, side, 'k.bench.ts'), KERNEL);
}
const A = join(dir, 'a');

type Bmf = Record<string, Record<string, { value: number; lower_value?: number; upper_value?: number }>>;
type Gh = { name: string; unit: string; value: number; range?: string; extra?: string }[];
const read = <T>(name: string): T => JSON.parse(readFileSync(join(A, name), 'utf8')) as T;
const hasValgrind = spawnSync('valgrind', ['--version']).status === 0;

/** The CLI in a child, awaited (a synchronous wait would block vitest's worker for minutes). */
function cli(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd: A, encoding: 'utf8', timeout: 1_200_000 }, (e, _out, stderr) =>
      done({ status: e ? ((e as { code?: number }).code ?? null) : 0, stderr }),
    );
  });
}

function valid(bmf: unknown, gh: unknown): void {
  expect(validateBmf(bmf), errorsOf(validateBmf)).toBe(true);
  expect(validateGithubBenchmark(gh), errorsOf(validateGithubBenchmark)).toBe(true);
}

describe('run --against: the ratio this/other with its interval and verdict', () => {
  it('writes both files from the paired document', async () => {
    const quick = ['--time', '0.05', '--max-pairs', '4', '--quiet', '--no-pin', '--no-counters'];
    const out = ['--json', 'p.json', '--bmf', 'p.bmf.json', '--github-benchmark', 'p.gh.json'];
    const r = await cli(['run', 'k.bench.ts', '--against', '../b', ...quick, ...out]);
    expect(r.status, r.stderr).toBe(0);
    const doc = read<PairedDocument>('p.json');
    const bmf = read<Bmf>('p.bmf.json');
    const gh = read<Gh>('p.gh.json');
    valid(bmf, gh);
    const ratio = doc.rows[0].analysis!.ratio!;
    expect(bmf).toEqual({
      sum: { ratio: { value: ratio.point, lower_value: ratio.ciLow, upper_value: ratio.ciHigh } },
    });
    expect(ratio.ciLow).toBeLessThan(ratio.ciHigh);
    expect(gh).toHaveLength(1);
    expect(gh[0]).toMatchObject({ name: 'sum', unit: 'ratio this/other', value: ratio.point });
    const [lo, hi] = rangeBounds(gh[0].range);
    expect(Math.abs(lo - ratio.ciLow)).toBeLessThanOrEqual(1e-5 * ratio.ciHigh);
    expect(Math.abs(hi - ratio.ciHigh)).toBeLessThanOrEqual(1e-5 * ratio.ciHigh);
    expect(gh[0].extra).toContain(`verdict: ${doc.rows[0].analysis!.verdict} (against ../b`);
    expect(gh[0].extra).toContain(`pairs: ${doc.rows[0].pairs.length}`);
    expect(toBmf(doc)).toEqual(bmf);
  }, 600_000);
});

describe.skipIf(!hasValgrind)('run --counters simulate: simulated instructions per op', () => {
  it('writes `instructions` and instructions/op from the simulated counts', async () => {
    const out = ['--json', 's.json', '--bmf', 's.bmf.json', '--github-benchmark', 's.gh.json'];
    const r = await cli([
      'run',
      'k.bench.ts',
      '--counters',
      'simulate:instructions',
      '--forks',
      '1',
      '--quiet',
      '--no-pin',
      ...out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const doc = read<ResultDocument>('s.json');
    const bmf = read<Bmf>('s.bmf.json');
    const gh = read<Gh>('s.gh.json');
    valid(bmf, gh);
    const c = doc.benchmarks[0].counters!.perOp.find((x) => x.event === 'sim-instructions')!;
    expect(c.perOp).toBeGreaterThan(0);
    expect(bmf.sum.instructions).toEqual({ value: c.perOp, lower_value: c.ciLow, upper_value: c.ciHigh });
    // No time under Valgrind: no latency, no throughput.
    expect(Object.keys(bmf.sum)).toEqual(['instructions']);
    expect(gh[0]).toMatchObject({ name: 'sum', unit: 'instructions/op (simulated)', value: c.perOp });
    expect(gh[0].extra).toContain('flags: simulated');
    expect(toGithubBenchmark(doc)).toEqual(gh);
  }, 1_200_000);
});

describe('run --baseline NAME --github-benchmark', () => {
  it('extra carries the verdict against the saved baseline', async () => {
    const quick = ['--forks', '2', '--time', '0.05', '--quiet', '--no-pin', '--no-counters'];
    const saved = await cli(['run', 'k.bench.ts', ...quick, '--save-baseline', 'main']);
    expect(saved.status, saved.stderr).toBe(0);
    const r = await cli(['run', 'k.bench.ts', ...quick, '--baseline', 'main', '--github-benchmark', 'b.gh.json']);
    expect(r.status, r.stderr).toBe(0);
    const gh = read<Gh>('b.gh.json');
    expect(validateGithubBenchmark(gh), errorsOf(validateGithubBenchmark)).toBe(true);
    expect(gh[0].extra).toMatch(/^verdict: [a-z-]+ against saved baseline 'main'/);
  }, 600_000);
});

describe('runFiles({ bmf, githubBenchmark })', () => {
  it('writes the files of its result document', async () => {
    const outcome = await runFiles({
      files: 'k.bench.ts',
      cwd: A,
      forks: 2,
      timeBudgetNs: 0.05e9,
      cpu: false,
      counters: false,
      print: false,
      bmf: 'lib.bmf.json',
      githubBenchmark: 'lib.gh.json',
    });
    expect(outcome.writeFailures).toEqual([]);
    const bmf = read<Bmf>('lib.bmf.json');
    const gh = read<Gh>('lib.gh.json');
    valid(bmf, gh);
    const h = outcome.document.benchmarks[0].headline!;
    expect(bmf.sum.latency).toEqual({ value: h.point, lower_value: h.ciLow, upper_value: h.ciHigh });
    expect(bmf).toEqual(toBmf(outcome.document));
    expect(gh).toEqual(toGithubBenchmark(outcome.document));
  }, 600_000);
});
