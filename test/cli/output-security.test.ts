// Output files in a shared directory another user can write to (src/results/output-files.ts):
// links uid 65534 plants where root will write never redirect root's output, the named path
// ends as a regular file, and a baseline another run saved meanwhile is not dropped silently.
// A damaged baseline costs only the comparison, never the finished run.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Ran, spawnCli } from '../helpers/cli-process.js';
import { QUICK_RUN } from '../helpers/quick.js';

const ROOT = join(__dirname, '../..');
const FIX = join(ROOT, 'test/fixtures/cli');
const QUICK = [...QUICK_RUN, '--quiet'];
/** One benchmark of good.bench.mjs: these tests are about the files written, one worker is enough. */
const ONE = ['--filter', 'sum 100$'];
const DROP = ['--reuid=65534', '--regid=65534', '--clear-groups'];
const canDrop = process.geteuid?.() === 0 && spawnSync('setpriv', [...DROP, 'true'], { timeout: 30_000 }).status === 0;

const cli = (args: string[], cwd: string): Promise<Ran> => spawnCli(args, { cwd, timeoutMs: 240_000 });

/** A world-writable sticky directory (as /tmp) and a victim file root owns outside it. */
function shared(): { dir: string; victim: string } {
  const base = mkdtempSync(join(tmpdir(), 'cb-outsec-'));
  chmodSync(base, 0o755);
  const dir = join(base, 'shared');
  mkdirSync(dir);
  chmodSync(dir, 0o1777);
  const victim = join(base, 'victim.txt');
  writeFileSync(victim, 'ROOT DATA\n');
  return { dir, victim };
}

/** uid 65534 makes LINK a symbolic link to TARGET. */
function plantLink(target: string, link: string): void {
  const r = spawnSync('setpriv', [...DROP, 'ln', '-s', target, link], { encoding: 'utf8', timeout: 30_000 });
  expect(r.stderr).toBe('');
  expect(lstatSync(link).uid).toBe(65534);
}

const tmpFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe('links another user plants in a shared output directory', () => {
  it.runIf(canDrop)(
    'run --json at a link uid 65534 planted: the victim is unchanged, the named path a regular file (skipped unless root with setpriv)',
    async () => {
      const s = shared();
      plantLink(s.victim, join(s.dir, 'out.json'));
      const r = await cli(['run', join(FIX, 'good.bench.mjs'), ...ONE, ...QUICK, '--json', 'out.json'], s.dir);
      expect(r.status).toBe(0);
      expect(readFileSync(s.victim, 'utf8')).toBe('ROOT DATA\n');
      const st = lstatSync(join(s.dir, 'out.json'));
      expect(st.isFile()).toBe(true);
      expect(st.uid).toBe(0);
      expect(readFileSync(join(s.dir, 'out.json'), 'utf8')).toContain('"benchmarks"');
      expect(tmpFiles(s.dir)).toEqual([]);
    },
    300_000,
  );

  it.runIf(canDrop)(
    'the all-failed fallback r.failed.json at a planted link: the victim is unchanged (skipped unless root with setpriv)',
    async () => {
      const s = shared();
      writeFileSync(join(s.dir, 'r.json'), 'GOOD RESULTS');
      plantLink(s.victim, join(s.dir, 'r.failed.json'));
      const r = await cli(['run', join(FIX, 'broken.bench.mjs'), ...QUICK, '--json', 'r.json'], s.dir);
      expect(r.status).toBe(1);
      expect(readFileSync(s.victim, 'utf8')).toBe('ROOT DATA\n');
      expect(readFileSync(join(s.dir, 'r.json'), 'utf8')).toBe('GOOD RESULTS');
      expect(lstatSync(join(s.dir, 'r.failed.json')).isFile()).toBe(true);
      expect(JSON.parse(readFileSync(join(s.dir, 'r.failed.json'), 'utf8')).benchmarks[0].error).toBeDefined();
      expect(tmpFiles(s.dir)).toEqual([]);
    },
    300_000,
  );
});

describe('baselines', () => {
  it('a baseline another run saved while this one measured is not replaced: one line, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-outsec-'));
    const saved = join(dir, '.cyclebench', 'baselines', 'main.json');
    // The benchmark file stands for the other run: loaded in a worker, after this run started,
    // it saves the baseline.
    writeFileSync(
      join(dir, 'other.bench.mjs'),
      `import { mkdirSync, writeFileSync } from 'node:fs';\nimport { bench } from '${join(ROOT, 'dist/index.js')}';\n` +
        `mkdirSync(${JSON.stringify(join(dir, '.cyclebench', 'baselines'))}, { recursive: true });\n` +
        `writeFileSync(${JSON.stringify(saved)}, 'THE OTHER RUN');\nbench('noop', () => () => 1);\n`,
    );
    const r = await cli(['run', 'other.bench.mjs', ...QUICK, '--save-baseline', 'main'], dir);
    expect(r.stdout).toContain('noop');
    expect(r.stderr).toMatch(
      /^cyclebench: --save-baseline: .*main\.json was changed by another process since this run started; not replaced$/m,
    );
    expect(r.status).toBe(1);
    expect(readFileSync(saved, 'utf8')).toBe('THE OTHER RUN');
    expect(tmpFiles(join(dir, '.cyclebench', 'baselines'))).toEqual([]);
  }, 300_000);

  it('run --baseline deep --json out.json with a 50,000-deep args in the baseline: table and out.json kept, one line, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-outsec-'));
    const d = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/report/results.json'), 'utf8'));
    d.benchmarks[0].args = 'DEEP';
    const deep = '{"x":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    mkdirSync(join(dir, '.cyclebench', 'baselines'), { recursive: true });
    writeFileSync(join(dir, '.cyclebench', 'baselines', 'deep.json'), JSON.stringify(d).replace('"DEEP"', deep));
    const r = await cli(
      ['run', join(FIX, 'good.bench.mjs'), ...ONE, ...QUICK, '--baseline', 'deep', '--json', 'out.json'],
      dir,
    );
    expect(r.stdout).toContain('sum 100');
    const lines = r.stderr.split('\n').filter((l) => l.trim());
    expect(lines.filter((l) => /baseline 'deep'/.test(l))).toEqual([
      expect.stringMatching(
        /^cyclebench: baseline 'deep': .*deep\.json: nests deeper than 64 levels; refused, the run is measured without the comparison$/,
      ),
    ]);
    expect(r.stderr).not.toMatch(/RangeError|\n\s+at /);
    expect(r.status).toBe(2);
    expect(JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).benchmarks.length).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'out.failed.json'))).toBe(false);
  }, 300_000);
});
