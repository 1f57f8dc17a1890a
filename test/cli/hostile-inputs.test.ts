// Hostile input files end to end: each is one line on stderr, exit 2, nothing on stdout and
// nothing written in the working directory; a hang fails the test (the spawn is killed) rather
// than hanging it. Limits: src/results/input-file.ts, docs/guide.md "Input files".
// report's and compare's files whose reading could block this thread (a FIFO, a character device)
// are given to a child process; their others to the CLI's main() in this process (test/helpers/io.ts
// runCli), which answers the same exit code and the same lines without a process start-up each.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, type Ran, spawnCli, spawnProcess } from '../helpers/cli-process.js';
import { valgrindLimits } from '../../src/simulation/launch.js';
import { withEnv } from '../helpers/cli-env.js';
import { runCli } from '../helpers/io.js';

const ROOT = join(__dirname, '../..');
const RESULTS = join(ROOT, 'test/fixtures/report/results.json');
/** Generous for a loaded 2-core machine; a command that hangs is killed here and fails. */
const KILL_AFTER_MS = 240_000;

function cli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Ran> {
  return spawnCli(args, { cwd, env, timeoutMs: KILL_AFTER_MS });
}

/** main(ARGS) in this process, as a Ran; rejected (the test fails) when it has not answered within KILL_AFTER_MS. */
async function inProcess(args: string[], cwd: string): Promise<Ran> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${args.join(' ')}: no answer within ${KILL_AFTER_MS} ms`)),
      KILL_AFTER_MS,
    );
  });
  try {
    const r = await Promise.race([runCli(args, cwd), hung]);
    return { status: r.code, signal: null, stdout: r.stdout, stderr: r.stderr, timedOut: false };
  } finally {
    clearTimeout(timer);
  }
}

/** A file whose reading could block the reading thread: given to a child process. */
const mayBlock = (file: string) => file === 'fifo.json' || file.startsWith('/dev/');

/** Exactly one non-empty line on stderr, matching RE; no stack trace. */
function oneLine(stderr: string, re: RegExp): void {
  const lines = stderr.split('\n').filter((l) => l.trim() && !/^npm warn/.test(l));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(re);
}

const good = () => JSON.parse(readFileSync(RESULTS, 'utf8')) as { benchmarks: Record<string, unknown>[] };

/** A working directory holding the hostile files; returns it and the names it started with. */
function workdir(): { dir: string; files: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'cb-hostile-'));
  const d = good();
  writeFileSync(join(dir, 'good.json'), JSON.stringify(d));
  const inf = good() as { benchmarks: { headline: { point: unknown } }[] };
  inf.benchmarks[0].headline.point = 'INFINITE';
  const infinite = JSON.stringify(inf).replace('"point":"INFINITE"', '"point":1e999');
  expect(infinite).toContain('1e999');
  writeFileSync(join(dir, 'infinite.json'), infinite);
  writeFileSync(join(dir, 'deep-array.json'), '['.repeat(200_000) + ']'.repeat(200_000));
  const deep = '{"x":'.repeat(50_000) + '1' + '}'.repeat(50_000);
  writeFileSync(
    join(dir, 'deep-args.json'),
    JSON.stringify({ ...d, benchmarks: [{ ...d.benchmarks[0], args: 0 }] }).replace('"args":0', `"args":${deep}`),
  );
  writeFileSync(
    join(dir, 'deep-env.json'),
    JSON.stringify({ ...d, environment: 0 }).replace('"environment":0', `"environment":${deep}`),
  );
  // 100 MB of JSON whitespace around an empty object: valid JSON, only its size is wrong.
  writeFileSync(join(dir, 'huge.json'), Buffer.concat([Buffer.alloc(100_000_000, 0x20), Buffer.from('{}')]));
  spawnSync('mkfifo', [join(dir, 'fifo.json')]);
  const start = readdirSync(dir).sort();
  return {
    dir,
    files: () =>
      readdirSync(dir)
        .sort()
        .filter((f) => !start.includes(f)),
  };
}

describe('report and compare refuse hostile result files: one line, exit 2, within the kill timeout', () => {
  const w = workdir();
  const cases: [string, RegExp][] = [
    ['infinite.json', /benchmarks\[0\]\.headline\.point is Infinity \(not a finite number\)$/],
    ['deep-array.json', /nests deeper than 64 levels$/],
    ['deep-args.json', /nests deeper than 64 levels$/],
    ['deep-env.json', /nests deeper than 64 levels$/],
    ['huge.json', /is larger than 64 MiB \(95 MiB\); refusing to read it$/],
    ['fifo.json', /is a FIFO; only a regular file is read$/],
    ['/dev/zero', /is a character device; only a regular file is read$/],
    ['/dev/urandom', /is a character device; only a regular file is read$/],
  ];
  for (const [file, re] of cases) {
    it(`report --format html ${file}`, async () => {
      const args = ['report', '--format', 'html', file];
      const r = await (mayBlock(file) ? cli(args, w.dir) : inProcess(args, w.dir));
      expect(r.signal).toBeNull();
      oneLine(r.stderr, new RegExp(`^cyclebench report: ${file.replace(/[.[\]]/g, '\\$&')}: ${re.source}`));
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(w.files()).toEqual([]);
    });
    it(`compare good.json ${file}`, async () => {
      const args = ['compare', 'good.json', file];
      const r = await (mayBlock(file) ? cli(args, w.dir) : inProcess(args, w.dir));
      expect(r.signal).toBeNull();
      oneLine(r.stderr, new RegExp(`^cyclebench compare: ${file.replace(/[.[\]]/g, '\\$&')}: ${re.source}`));
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(w.files()).toEqual([]);
    });
  }
});

describe('a minimal valid document reads (no warnings, command, options or environment)', () => {
  it('report in every format exits 0 with output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-hostile-'));
    writeFileSync(
      join(dir, 'min.json'),
      JSON.stringify({
        schemaVersion: 3,
        tool: { name: 'cyclebench' },
        benchmarks: [{ name: 'a', forks: [], flags: [] }],
      }),
    );
    for (const format of ['text', 'markdown', 'html', 'csv']) {
      const r = await inProcess(['report', '--format', format, 'min.json'], dir);
      expect(r.stderr, format).toBe('');
      expect(r.status, format).toBe(0);
      expect(r.stdout.length, format).toBeGreaterThan(0);
    }
  });
});

describe('a reader that goes away (EPIPE) ends the command quietly', () => {
  it('compare big.json big.json | head -1 and report --format html big.json | head -1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-hostile-'));
    const d = good();
    // More than a pipe's 64 KiB buffer of output (80 copies of 11 benchmarks: about 110 KB of compare table).
    d.benchmarks = Array.from({ length: 80 }, (_, i) =>
      d.benchmarks.map((b) => ({ ...b, name: `${b.name} ${i}` })),
    ).flat();
    writeFileSync(join(dir, 'big.json'), JSON.stringify(d));
    for (const args of ['compare big.json big.json', 'report --format html big.json']) {
      const r = await spawnProcess(
        'bash',
        ['-c', `node ${CLI} ${args} 2>err.txt | head -1; echo "exit \${PIPESTATUS[0]}"`],
        { cwd: dir, timeoutMs: KILL_AFTER_MS },
      );
      expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(2);
      expect(r.stdout, args).toMatch(/\nexit 0\n$/);
      expect(readFileSync(join(dir, 'err.txt'), 'utf8'), args).toBe('');
    }
  });
});

describe('other inputs that could block or hang', () => {
  it('a FIFO named as the benchmark file: one line, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-hostile-'));
    spawnSync('mkfifo', [join(dir, 'x.bench.ts')]);
    const r = await cli(['run', 'x.bench.ts'], dir);
    expect(r.signal).toBeNull();
    oneLine(r.stderr, /^cyclebench run: x\.bench\.ts is not a regular file or a folder$/);
    expect(r.status).toBe(2);
  });

  it('a FIFO or a 200,000-deep file as the system state file: one line, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-hostile-'));
    spawnSync('mkfifo', [join(dir, 'state.json')]);
    writeFileSync(join(dir, 'deep.json'), '['.repeat(200_000) + ']'.repeat(200_000));
    chmodSync(join(dir, 'deep.json'), 0o600);
    const fifo = await cli(['system', 'reset', '--state-file', join(dir, 'state.json')], dir);
    expect(fifo.signal).toBeNull();
    oneLine(fifo.stderr, /^cyclebench system reset: .*state\.json is not a regular file; refusing to use it$/);
    expect(fifo.status).toBe(2);
    const deep = await inProcess(['system', 'reset', '--state-file', join(dir, 'deep.json')], dir);
    oneLine(deep.stderr, /^cyclebench system reset: .*deep\.json nests deeper than 64 levels$/);
    expect(deep.status).toBe(2);
  });

  it('a valgrind whose --version never answers: one line, no hang', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-hostile-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'valgrind'), '#!/bin/sh\nexec sleep 600\n');
    chmodSync(join(bin, 'valgrind'), 0o755);
    // In this process, with the limit shortened from 10 s: the check runs before any worker starts.
    const saved = valgrindLimits.versionTimeoutMs;
    valgrindLimits.versionTimeoutMs = 500;
    let r: Ran;
    try {
      r = await withEnv({ PATH: `${bin}:${process.env.PATH}` }, () =>
        inProcess(['run', join(ROOT, 'test/fixtures/cli/good.bench.mjs'), '--counters', 'simulate', '--quiet'], dir),
      );
    } finally {
      valgrindLimits.versionTimeoutMs = saved;
    }
    oneLine(
      r.stderr,
      /^cyclebench run: --counters simulate unavailable: valgrind --version did not answer within 0\.5 s$/,
    );
    expect(r.status).toBe(1);
  });
});
