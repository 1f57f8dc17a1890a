// `cyclebench run` must not exit 0 when something went wrong, and warns about setups that
// cannot give a clean answer. End to end through the CLI's main() in this process (test/helpers/cli-env.ts),
// which starts the same workers and answers the same exit code and lines as a child process without
// that process's start-up; nothing is timed.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliWithEnv } from '../helpers/cli-env.js';
import { runCli } from '../helpers/io.js';
import { QUICK_RUN } from '../helpers/quick.js';

const FIX = join(__dirname, '../fixtures');
const QUICK = [...QUICK_RUN, '--verbose'];

const cli = (args: string[], env: Record<string, string> = {}, cwd?: string) => runCliWithEnv(args, env, cwd);

describe('exit codes and warnings (adversarial cases)', () => {
  it('an empty bench file exits non-zero with one line', async () => {
    const r = await cli(['run', join(FIX, 'exits/empty.bench.ts'), ...QUICK]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      'cyclebench run: no benchmarks in empty.bench.ts: a bench file registers them with bench(name, fn)',
    );
  });

  it('--filter that matches nothing exits non-zero with one line', async () => {
    const r = await cli(['run', join(FIX, 'cli/good.bench.mjs'), ...QUICK, '--filter', 'nomatch']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^cyclebench run: filter \/nomatch\/ matched none of the 2 benchmark\(s\) in good\.bench\.mjs/m,
    );
    expect(r.stdout).toBe('');
  });

  it('CYCLEBENCH_PLATFORM=bogus is refused, not silently native', async () => {
    const r = await cli(['run', join(FIX, 'cli/good.bench.mjs'), ...QUICK], { CYCLEBENCH_PLATFORM: 'bogus' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      'cyclebench: CYCLEBENCH_PLATFORM="bogus" is not a platform: use js or native (or leave it unset)',
    );
  });

  it('duplicate benchmark names and --timeout shorter than --time are warned about', async () => {
    const r = await cli([
      'run',
      join(FIX, 'exits/duplicate.bench.ts'),
      ...QUICK,
      // Both warnings are given before anything is measured (once the file is listed): a short
      // --timeout bounds the CPU each worker can spin, whether it ends the worker in its start-up
      // or in the kernel.
      '--timeout',
      '1',
      '--time',
      '2',
      '--target-ci',
      '50%',
    ]);
    expect(r.stderr).toMatch(/warning: --timeout 1 s is shorter than --time 2 s/);
    expect(r.stderr).toMatch(/warning: 2 benchmarks are named "same"/);
  }, 200_000);

  it('an .mjs syntax error gives the real line and column', async () => {
    const r = await cli(['run', join(FIX, 'exits/syntax.bench.mjs'), ...QUICK]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/SyntaxError: Unexpected token ';' at \S*syntax\.bench\.mjs:6:11/);
    expect(r.stdout).not.toMatch(/could not load .*could not load/); // said once
  });

  // The .ts file is written at run time: the project's typecheck would reject it as a fixture.
  const ts = join(mkdtempSync(join(tmpdir(), 'cb-syntax-')), 'syntax-ts.bench.ts');
  writeFileSync(ts, '// column 29 in characters, after two-byte "é"s\n\n\n\n\nconst s: string = "éé"; s +== "x";\n');
  it.each([
    ['.js', join(FIX, 'exits/syntax-js.bench.js'), 'syntax-js\\.bench\\.js:6:16'],
    ['.ts', ts, 'syntax-ts\\.bench\\.ts:6:29'],
  ])('a %s syntax error names the file and its real line and column, in one line', async (_, file, where) => {
    const r = await cli(['run', file, ...QUICK]);
    expect(r.status).toBe(1);
    expect(r.stdout.replace(/\n {2}/g, ' ')).toMatch(new RegExp(`Unexpected [^\\n]* at \\S*${where}\\b`));
    expect(r.stdout).not.toMatch(/Transform failed|\\n/);
  });

  it('a promise that never settles is named as such, not "exited with code 0"', async () => {
    const r = await cli(['run', join(FIX, 'exits/never.bench.mjs'), ...QUICK]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/never: the benchmark never settled/);
    expect(r.stdout).not.toMatch(/exited with code 0/);
  });

  it('heap exhaustion says "JavaScript heap out of memory" instead of a V8 frame address', async () => {
    const r = await cli(['run', join(FIX, 'exits/oom.bench.mjs'), ...QUICK], {
      NODE_OPTIONS: '--max-old-space-size=48',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/oom: worker ran out of JavaScript heap memory/);
    expect(r.stdout).not.toMatch(/0x[0-9a-f]+ \[/);
  }, 200_000);

  it('a missing --baseline stops before the run; a corrupt one is one line and the run goes on without it, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-base-'));
    // Refused before anything runs: the CLI's main() in this process answers as a child would.
    const missing = await runCli(['run', join(FIX, 'cli/good.bench.mjs'), ...QUICK, '--baseline', 'nope'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/no saved baseline 'nope'/);
    expect(missing.stdout).toBe(''); // nothing was measured
    mkdirSync(join(dir, '.cyclebench/baselines'), { recursive: true });
    writeFileSync(join(dir, '.cyclebench/baselines/bad.json'), '{nope');
    // One benchmark of the file: the refusal and the table are what is checked.
    const corrupt = await cli(
      ['run', join(FIX, 'cli/good.bench.mjs'), '--filter', 'sum 100$', ...QUICK, '--baseline', 'bad'],
      {},
      dir,
    );
    expect(corrupt.status).toBe(2);
    expect(corrupt.stderr).toMatch(
      /baseline 'bad': .*not valid JSON.*; refused, the run is measured without the comparison/,
    );
    expect(corrupt.stdout).toMatch(/sum 100/); // measured and shown: bad input costs no measurements
  });
});
