// `run --against <git ref>` end to end in a scratch repository: a ref that does not exist is
// one line; the temporary worktree is removed after success, after a failure, and on Ctrl-C
// or SIGTERM; benchmarks of one tree only are listed, not compared.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo, runCli } from '../helpers/io.js';
import { runFilesAgainst } from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// The compiled build, which the CLI's workers run (test/README.md): a .mjs file importing it
// needs no TypeScript loader in each worker.
const INDEX = join(ROOT, 'dist/index.js');
const scratch = mkdtempSync(join(tmpdir(), 'cb-against-'));
const repo = join(scratch, 'repo');
const temp = join(scratch, 'tmp'); // TMPDIR of the runs: where their checkouts go
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();

const kernel = (body: string, extra = '') =>
  `import { bench } from '${INDEX}';\nbench('sum', () => { ${body} });\n${extra}`;

function commit(message: string, source: string): void {
  writeFileSync(join(repo, 'k.bench.mjs'), source);
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', message);
}

const checkouts = () => readdirSync(temp).filter((n) => n.startsWith('cyclebench-against-'));
const worktrees = () =>
  git('worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree '));

let savedTmp: string | undefined;
beforeAll(() => {
  mkdirSync(repo);
  mkdirSync(temp);
  git('init', '-q');
  commit('crashing', kernel("throw new Error('boom');"));
  commit('v1', kernel('let s = 0; for (let i = 0; i < 100; i++) s += i; return s;'));
  commit('v2', kernel('let s = 0; for (let i = 0; i < 100; i++) s += i; return s;', "bench('new one', () => 1);"));
  savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = temp;
});
afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
});

async function run(...args: string[]) {
  const fast = ['--time', '0.05', '--max-pairs', '2', '--quiet', '--no-pin'];
  return runCli(['run', 'k.bench.mjs', ...fast, ...args], repo);
}

describe('run --against <git ref>', () => {
  it('a ref that does not exist is one line, exit 2, and leaves no checkout', async () => {
    const r = await run('--against', 'no-such-ref');
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("'no-such-ref' is neither a directory nor a git ref");
    expect(checkouts()).toEqual([]);
  });

  it('options of a single run are refused with --against, and a file outside the repository is one line', async () => {
    const clash = await run('--against', 'HEAD~1', '--aa');
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('--aa is not available with --against');
    for (const [flag, said] of [
      [['--forks', '3'], '--forks is not available with --against'],
      [['--counters', 'simulate'], '--counters simulate is not available with --against'],
    ] as const) {
      const r = await run('--against', 'HEAD~1', ...flag);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said);
    }
    const outsider = join(scratch, 'outside.bench.mjs');
    writeFileSync(outsider, kernel('return 1;'));
    const r = await run('--against', 'HEAD~1', outsider);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining('is outside')]);
    expect(checkouts()).toEqual([]);
  });

  it('success: pairs measured, the one-side-only benchmark listed, the checkout removed', async () => {
    const r = await run('--against', 'HEAD~1', '--json', join(scratch, 'ok.json'));
    expect(r.stderr).not.toContain('Error');
    expect(r.code).toBe(0);
    const out = JSON.parse(readFileSync(join(scratch, 'ok.json'), 'utf8'));
    expect(out.rows.map((x: { name: string }) => x.name)).toEqual(['sum']);
    expect(out.rows[0].pairs).toHaveLength(2);
    expect(out.onlyCurrent).toEqual(['new one']);
    expect(out.schema).toBe('cyclebench-paired/2');
    expect(out.environment.node.version).toBe(process.version);
    expect(out.environment.conditions).toHaveProperty('cpus');
    expect(r.stdout).toContain('only in this tree (not compared): new one');
    const report = await runCli(['report', join(scratch, 'ok.json')], repo);
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('sum: pairs');
    expect(report.stdout).toContain(`Node ${process.version}`);
    expect(checkouts()).toEqual([]);
    expect(worktrees()).toHaveLength(1);
  });

  it('failure: a crashing benchmark in the other tree is named, exit 1, the checkout removed', async () => {
    const r = await run('--against', 'HEAD~2');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/failed: HEAD~2 \([0-9a-f]{12}\): [\s\S]*boom/);
    expect(checkouts()).toEqual([]);
    expect(worktrees()).toHaveLength(1);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    it(`${signal} during the run: the checkout is removed, exit 128 + signal`, async () => {
      const child = spawn(
        process.execPath,
        [join(ROOT, 'bin/cyclebench.js'), 'run', 'k.bench.mjs', '--against', 'HEAD~1', '--time', '5', '--no-pin'],
        { cwd: repo, env: { ...process.env, TMPDIR: temp }, stdio: 'ignore' },
      );
      const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
      // Wait (event-driven poll, no timing claim) for the checkout to exist, then stop the run.
      while (!checkouts().some((n) => existsSync(join(temp, n, 'k.bench.mjs'))))
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
      child.kill(signal);
      expect(await exited).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(checkouts()).toEqual([]);
      expect(worktrees()).toHaveLength(1);
    });
});

describe('runFilesAgainst() (library) with a directory', () => {
  const SUM = 'let s = 0; for (let i = 0; i < 100; i++) s += i; return s;';
  /** Two quick pairs a benchmark of this tree's k.bench.mjs against `source` in the directory `name`. */
  async function againstDirectory(name: string, source: string, extra: object = {}) {
    const other = join(scratch, name);
    mkdirSync(other);
    writeFileSync(join(other, 'k.bench.mjs'), source);
    const r = await runFilesAgainst({
      files: 'k.bench.mjs',
      cwd: repo,
      against: other,
      maxPairs: 2,
      timeBudgetNs: 5e7,
      cpu: false,
      print: false,
      ...extra,
    });
    return { other, r };
  }

  it('pairs the same relative file of both directories, this tree over the other', async () => {
    // The table is printed at the width asked for, whatever the terminal's.
    const io = { ...captureIo({ COLUMNS: '200' }), cwd: repo };
    const { other, r } = await againstDirectory('other', kernel(SUM), {
      io,
      print: true,
      columns: 70,
    });
    // The first line names the other tree's path, which is never cut.
    const lines = io.out().trimEnd().split('\n').slice(1);
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(70);
    expect(lines.some((l) => l.startsWith('  '))).toBe(true);
    expect(r.paired.against).toBe(other);
    expect(r.paired.rows.map((x) => x.name)).toEqual(['sum']);
    expect(r.paired.rows[0].pairs.map((p) => p.aFirst)).toEqual([true, false]);
    expect(r.paired.onlyCurrent).toEqual(['new one']);
    expect(r.paired.rows[0].analysis?.pairs).toBe(2);
  });

  it('failOnRegression judges each benchmark at alpha / N, as --fail-on-regression does', async () => {
    const { r } = await againstDirectory('other-gated', kernel(SUM, `bench('new one', () => () => 1);\n`), {
      failOnRegression: true,
    });
    expect(r.paired.rows.map((x) => x.name).sort()).toEqual(['new one', 'sum']);
    expect(r.paired.settings.family).toBe(2);
    expect(r.paired.settings.alpha).toBeCloseTo(0.025, 12);
  });

  it('a bench file the other directory lacks: its benchmarks are only in this tree, not a load error', async () => {
    const other = join(scratch, 'other-without');
    mkdirSync(other);
    writeFileSync(join(other, 'k.bench.mjs'), kernel('let s = 0; for (let i = 0; i < 100; i++) s += i; return s;'));
    writeFileSync(join(repo, 'added.bench.mjs'), `import { bench } from '${INDEX}';\nbench('added', () => () => 1);\n`);
    try {
      const r = await runCli(
        ['run', 'k.bench.mjs', 'added.bench.mjs', '--against', other, '--time', '0.05', '--max-pairs', '2', '--no-pin'],
        repo,
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('only in this tree (not compared): added, new one');
      expect(r.stdout).not.toContain('could not list');
    } finally {
      rmSync(join(repo, 'added.bench.mjs'));
    }
  });

  it('a tree holding neither the bench files nor their directory (the wrong tree or directory): one line, exit 2, nothing measured', async () => {
    const other = join(scratch, 'other-empty');
    mkdirSync(other);
    mkdirSync(join(repo, 'sub'));
    writeFileSync(join(repo, 'sub', 'k.bench.mjs'), kernel('return 1;'));
    const json = join(scratch, 'wrong-tree.json');
    try {
      const r = await runCli(['run', 'sub/k.bench.mjs', '--against', other, '--json', json, '--no-pin'], repo);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([
        `cyclebench run: no benchmark file of this run, nor its directory, is in ${other}: looked for ` +
          `${join(other, 'sub', 'k.bench.mjs')} (paths are matched from ${repo}, the git top level or else the working directory)`,
      ]);
      expect(existsSync(json)).toBe(false);
    } finally {
      rmSync(join(repo, 'sub'), { recursive: true });
    }
  });

  it('a bench file new in this tree, in a directory the other tree has: only in this tree, exit 0', async () => {
    const other = join(scratch, 'other-without-new');
    mkdirSync(other);
    writeFileSync(
      join(repo, 'new.bench.mjs'),
      `import { bench } from '${INDEX}';\nbench('brand new', () => () => 1);\n`,
    );
    try {
      const r = await runCli(
        ['run', 'new.bench.mjs', '--against', other, '--time', '0.05', '--max-pairs', '2', '--no-pin'],
        repo,
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('only in this tree (not compared): brand new');
    } finally {
      rmSync(join(repo, 'new.bench.mjs'));
    }
  });

  it('Ctrl-C after some pairs: the pairs so far are written and shown, exit 130', async () => {
    // Each process that loads the file (listing, then every measured process) appends a line to
    // the marker; the run is stopped once a process has started after two measured ones, so at
    // least one pair is complete whatever the timing.
    const dirs = ['ctrl-c-this', 'ctrl-c-other'].map((d) => join(scratch, d));
    const marker = join(scratch, 'ctrl-c-marker');
    const source =
      `import { appendFileSync } from 'node:fs';\nimport { bench } from '${INDEX}';\n` +
      `appendFileSync(process.env.CB_PAIR_MARKER, 'x\\n');\n` +
      `bench('sum', () => { let s = 0; for (let i = 0; i < 100; i++) s += i; return s; });\n` +
      `bench('second', () => 1);\n`;
    for (const d of dirs) {
      mkdirSync(d);
      writeFileSync(join(d, 'k.bench.mjs'), source);
    }
    const out = join(scratch, 'ctrl-c.json');
    const args = ['run', 'k.bench.mjs', '--against', dirs[1]!, '--time', '0.3', '--no-pin', '--json', out];
    const child = spawn(process.execPath, [join(ROOT, 'bin/cyclebench.js'), ...args], {
      cwd: dirs[0],
      env: { ...process.env, CB_PAIR_MARKER: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    const loads = () => (existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').length - 1 : 0);
    // Two listing processes, two measured processes of the first pair, then one more started.
    while (loads() < 5) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc.interrupted).toBe(true);
    expect(doc.rows[0].pairs.length).toBeGreaterThanOrEqual(1);
    // The first benchmark needs 4 pairs (its first look) to settle; the second was never reached.
    expect(doc.notRun).toEqual(['second']);
    expect(stdout).toContain('not run (interrupted): second');
    expect(stdout).toContain('the run was interrupted: results are partial');
    // Worded as a plain run words it.
    expect(stderr).toContain(
      'cyclebench: interrupted (Ctrl-C): stopping the current worker, keeping the pairs so far (again to quit at once)',
    );
    // The row shows the pairs measured; with too few for an interval, no CI level either.
    const row = stdout.split('\n').find((l) => l.startsWith('sum '))!;
    expect(row.split(/\s{2,}/)).toContain(String(doc.rows[0].pairs.length));
    if (doc.rows[0].analysis?.verdict === 'too-few') expect(row).toMatch(/^sum\s+—\s+—\s+too few pairs/);
  }, 120_000);
});
