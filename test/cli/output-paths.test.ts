// Output paths end to end: every command checks its output files before measuring, refuses
// outputs that collide with each other or with an input, and a write that still fails costs
// only that file (table printed, other outputs written, one line, no temporary file, exit 1).
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Ran } from '../helpers/cli-process.js';
import { runCli } from '../helpers/io.js';
import { QUICK_RUN } from '../helpers/quick.js';

const ROOT = join(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/cli');
const RESULTS = join(ROOT, 'test/fixtures/report/results.json');
const QUICK = [...QUICK_RUN, '--quiet'];

/**
 * The CLI's main() in this process with a capturing Io (test/helpers/io.ts), as a Ran: it answers
 * the same exit code and lines as a child process without that process's start-up, and starts the
 * same workers for a command that measures. Output paths resolve against the Io's working
 * directory, CWD.
 */
async function cli(args: string[], cwd = ROOT): Promise<Ran> {
  const r = await runCli(args, cwd);
  return { status: r.code, signal: null, stdout: r.stdout, stderr: r.stderr, timedOut: false };
}

/** One benchmark of good.bench.mjs: these tests are about the files written, one worker is enough. */
const ONE = ['--filter', 'sum 100$'];

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'cb-out-'));
}

/** stderr has exactly one non-empty line, matching RE. */
function oneLine(stderr: string, re: RegExp): void {
  const lines = stderr.split('\n').filter((l) => l.trim() && !/^npm warn/.test(l));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(re);
}

describe('a bad output path is refused before measuring (one line, exit 2, nothing measured)', () => {
  it('run --json /nonexistent/dir/x.json', async () => {
    const r = await cli(['run', join(FIX, 'good.bench.mjs'), ...QUICK, '--json', '/nonexistent/dir/x.json']);
    expect(r.status).toBe(2);
    oneLine(
      r.stderr,
      /^cyclebench run: --json \/nonexistent\/dir\/x\.json: directory \/nonexistent\/dir does not exist$/,
    );
    expect(r.stdout).toBe('');
  });

  it('run --json naming a directory', async () => {
    const dir = tmp();
    const r = await cli(['run', join(FIX, 'good.bench.mjs'), ...QUICK, '--json', dir]);
    expect(r.status).toBe(2);
    oneLine(r.stderr, /is a directory$/);
  });

  it('run --save-baseline where .cyclebench is not a directory', async () => {
    const dir = tmp();
    writeFileSync(join(dir, '.cyclebench'), 'a file, not a folder');
    const r = await cli(['run', join(FIX, 'good.bench.mjs'), ...QUICK, '--save-baseline', 'main'], dir);
    expect(r.status).toBe(2);
    oneLine(r.stderr, /^cyclebench run: --save-baseline .*\.cyclebench is not a directory$/);
  });

  it('run --json into a read-only directory (a read-only tmpfs: root ignores file modes, not EROFS)', async (ctx) => {
    const dir = tmp();
    const ro = join(dir, 'ro');
    mkdirSync(ro);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', ro]).status === 0;
    if (!mounted) return ctx.skip(); // needs root with CAP_SYS_ADMIN to mount
    try {
      const r = await cli(['run', join(FIX, 'good.bench.mjs'), ...QUICK, '--json', join(ro, 'x.json')]);
      expect(r.status).toBe(2);
      oneLine(r.stderr, /^cyclebench run: --json .*\/ro\/x\.json: directory .*\/ro is not writable \(EROFS\)$/);
      expect(r.stdout).toBe('');
    } finally {
      spawnSync('umount', [ro]);
    }
  });

  it('stat --json and audit --json into a missing directory', async () => {
    const s = await cli(['stat', '-r', '2', '--json', '/nonexistent/dir/s.json', '--', 'true']);
    expect(s.status).toBe(2);
    oneLine(
      s.stderr,
      /^cyclebench stat: --json \/nonexistent\/dir\/s\.json: directory \/nonexistent\/dir does not exist$/,
    );
    expect(s.stdout).toBe('');
    const a = await cli(['audit', '--forks', '2', '--json', '/nonexistent/dir/a.json']);
    expect(a.status).toBe(2);
    oneLine(a.stderr, /^cyclebench audit: --json \/nonexistent\/dir\/a\.json: directory .* does not exist$/);
    expect(a.stdout).toBe('');
  });
});

describe('--json - is standard output', () => {
  it('run --json -: the document alone on stdout, the table on stderr, no file named "-"', async () => {
    const dir = tmp();
    const r = await cli(
      ['run', join(FIX, 'good.bench.mjs'), ...ONE, '--forks', '1', '--time', '0.05', '--no-pin', '--json', '-'],
      dir,
    );
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as { benchmarks: { name: string }[] };
    expect(doc.benchmarks.map((b) => b.name)).toContain('sum 100');
    expect(r.stderr).toContain('sum 100');
    expect(existsSync(join(dir, '-'))).toBe(false);
  });
});

describe('outputs that overwrite each other or the input are refused before measuring', () => {
  it('run --json r.out --html r.out', async () => {
    const dir = tmp();
    const r = await cli(['run', join(FIX, 'good.bench.mjs'), ...QUICK, '--json', 'r.out', '--html', 'r.out'], dir);
    expect(r.status).toBe(2);
    oneLine(r.stderr, /^cyclebench run: --json r\.out and --html r\.out name the same file$/);
    expect(existsSync(join(dir, 'r.out'))).toBe(false);
  });

  it('run x.bench.ts --csv x.bench.ts keeps the benchmark file', async () => {
    const dir = tmp();
    const bench = join(dir, 'x.bench.ts');
    const text = readFileSync(join(FIX, 'good.bench.ts'), 'utf8').replaceAll('../../../src', join(ROOT, 'src'));
    writeFileSync(bench, text);
    const r = await cli(['run', 'x.bench.ts', ...QUICK, '--csv', './x.bench.ts'], dir);
    expect(r.status).toBe(2);
    oneLine(r.stderr, /^cyclebench run: --csv \.\/x\.bench\.ts would overwrite the input .*x\.bench\.ts$/);
    expect(readFileSync(bench, 'utf8')).toBe(text);
  });

  it('report r.json --out r.json keeps the only results file', async () => {
    const dir = tmp();
    copyFileSync(RESULTS, join(dir, 'r.json'));
    const before = readFileSync(join(dir, 'r.json'), 'utf8');
    const r = await cli(['report', 'r.json', '--format', 'csv', '--out', 'r.json'], dir);
    expect(r.status).toBe(2);
    oneLine(r.stderr, /^cyclebench report: --out r\.json would overwrite the input r\.json$/);
    expect(readFileSync(join(dir, 'r.json'), 'utf8')).toBe(before);
  });
});

describe('a write that fails after measuring costs only that file', () => {
  it('run: table printed, the other outputs written, one line naming the file, no temp file, exit 1', async () => {
    const dir = tmp();
    const doomed = join(dir, 'doomed');
    mkdirSync(doomed);
    // The benchmark removes the --json directory when a worker loads it, after the check passed.
    const bench = join(dir, 'rm.bench.mjs');
    writeFileSync(
      bench,
      `import { rmSync } from 'node:fs';\nimport { bench } from '${join(ROOT, 'dist/index.js')}';\n` +
        `rmSync(${JSON.stringify(doomed)}, { recursive: true, force: true });\nbench('noop', () => () => 1);\n`,
    );
    const r = await cli(['run', bench, ...QUICK, '--json', join(doomed, 'x.json'), '--csv', 'x.csv'], dir);
    expect(r.stdout).toContain('noop');
    expect(r.stderr).toContain(`cyclebench: results written to x.csv`);
    expect(r.stderr).toMatch(new RegExp(`^cyclebench: --json: could not write ${doomed}/x\\.json \\(ENOENT\\)$`, 'm'));
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    expect(r.status).toBe(1);
    expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toContain('noop');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  const haveDevFull = (() => {
    try {
      return statSync('/dev/full').isCharacterDevice();
    } catch {
      return false;
    }
  })();
  it.runIf(haveDevFull)(
    'a full disk (--json /dev/full): one line, the CSV still written, the device left alone',
    async () => {
      const dir = tmp();
      const r = await cli(
        ['run', join(FIX, 'good.bench.mjs'), ...ONE, ...QUICK, '--json', '/dev/full', '--csv', 'x.csv'],
        dir,
      );
      if (!statSync('/dev/full').isCharacterDevice() && process.geteuid?.() === 0) {
        // A regression replaced the device with a file: put the machine's /dev/full back (char 1,7).
        spawnSync('sh', ['-c', 'rm -f /dev/full && mknod -m 666 /dev/full c 1 7']);
        throw new Error('run --json /dev/full replaced the device node (restored)');
      }
      expect(r.stdout).toContain('sum 100');
      // --quiet: the table alone.
      expect(r.stdout).not.toMatch(/details hidden|warning:/);
      expect(r.stderr).toMatch(/^cyclebench: --json: could not write \/dev\/full \(ENOSPC\)$/m);
      expect(r.status).toBe(1);
      expect(readFileSync(join(dir, 'x.csv'), 'utf8')).toContain('sum 100');
      // Writing beside a device and renaming over it would have replaced the device node.
      expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
    },
  );

  it('a symbolic link to a results file: the file is replaced, the link kept', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'real.json'), '{}');
    symlinkSync(join(dir, 'real.json'), join(dir, 'link.json'));
    const r = await cli(['run', join(FIX, 'good.bench.mjs'), ...ONE, ...QUICK, '--json', 'link.json'], dir);
    expect(r.status).toBe(0);
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.json'), 'utf8')).toContain('"benchmarks"');
  });

  it('stat: the table is printed and the failed --json named, exit 1', async () => {
    const dir = tmp();
    const doomed = join(dir, 'doomed');
    mkdirSync(doomed);
    const r = await cli(['stat', '-r', '2', '--json', join(doomed, 's.json'), '--shell', '--', `rm -rf ${doomed}`]);
    expect(r.stdout).toMatch(/rm -rf/);
    expect(r.stderr).toContain(`cyclebench stat: --json: could not write ${doomed}/s.json (ENOENT)`);
    expect(r.status).toBe(1);
  });
});

describe('a run in which every benchmark failed does not replace a good --json file', () => {
  it('the old file is kept and the failed run written beside it, said loudly', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'r.json'), 'GOOD RESULTS');
    const r = await cli(['run', join(FIX, 'broken.bench.mjs'), ...QUICK, '--json', 'r.json'], dir);
    expect(r.status).toBe(1);
    expect(readFileSync(join(dir, 'r.json'), 'utf8')).toBe('GOOD RESULTS');
    expect(r.stderr).toContain('every benchmark failed: kept r.json as it was, writing this run to r.failed.json');
    expect(JSON.parse(readFileSync(join(dir, 'r.failed.json'), 'utf8')).benchmarks[0].error).toBeDefined();
  });
});

describe('counts are parsed strictly and bounded before anything runs', () => {
  it('run --forks 1e9, run --forks 0x10, audit --forks 1e9 and stat -r 1e9 are one line, exit 2', async () => {
    for (const args of [
      ['run', join(FIX, 'good.bench.mjs'), '--forks', '1e9'],
      ['run', join(FIX, 'good.bench.mjs'), '--forks', '0x10'],
      ['audit', '--forks', '1e9'],
      ['stat', '-r', '1e9', '--', 'true'],
    ]) {
      const r = await cli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^cyclebench (run|audit|stat): --(forks|runs) must be a whole number/);
      expect(r.stdout).toBe('');
    }
  });
});
