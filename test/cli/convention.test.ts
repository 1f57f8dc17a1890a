// One CLI convention: -h/--help on every command, a usage error is one line plus where the
// help is, --json FILE (- for stdout) wherever JSON is written, --threshold for the noise threshold.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStatArgs, type StatArgs } from '../../src/cli/commands/stat-args.js';
import { main } from '../../src/cli/main.js';

const V1 = join(import.meta.dirname, '../fixtures/report/example-v1.json');
const COMMANDS = ['run', 'compare', 'report', 'stat', 'env', 'system', 'audit'];

async function cli(argv: string[], cwd = mkdtempSync(join(tmpdir(), 'cb-conv-'))) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: {},
    cwd,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, cwd };
}

describe('one CLI convention', () => {
  it.each(COMMANDS)('%s: -h and --help print its usage, exit 0', async (command) => {
    for (const flag of ['-h', '--help']) {
      const r = await cli([command, flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: cyclebench ${command}`));
      expect(r.stderr).toBe('');
    }
  });

  it.each(COMMANDS)('%s: an unknown option is one line plus "see cyclebench %s --help", exit 2', async (command) => {
    const r = await cli([command, '--bogus', ...(command === 'stat' ? ['--', 'true'] : [])]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^cyclebench ${command}: [^\\n]*bogus[^\\n]*\\nsee cyclebench ${command} --help\\n$`),
    );
    expect(r.stdout).toBe('');
  });

  it('an unknown command is one line plus where the help is', async () => {
    const r = await cli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("cyclebench: unknown command 'frobnicate'\nsee cyclebench --help\n");
  });

  it('compare --json - writes the JSON to stdout; --json FILE writes the file and prints the table', async () => {
    const toStdout = await cli(['compare', V1, V1, '--json', '-']);
    expect(toStdout.code).toBe(0);
    expect(JSON.parse(toStdout.stdout).comparisons).toHaveLength(7);
    const alias = await cli(['compare', V1, V1, '--format', 'json']);
    expect(alias.stdout).toBe(toStdout.stdout);
    const toFile = await cli(['compare', V1, V1, '--json', 'cmp.json']);
    expect(toFile.code).toBe(0);
    expect(toFile.stdout).toMatch(/^benchmark +baseline +contender/);
    expect(JSON.parse(readFileSync(join(toFile.cwd, 'cmp.json'), 'utf8')).comparisons).toHaveLength(7);
    const clash = await cli(['compare', V1, V1, '--json', '-', '--format', 'markdown']);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toMatch(/both write to standard output/);
    const overInput = await cli(['compare', V1, V1, '--json', V1]);
    expect(overInput.code).toBe(2);
  });

  it('env --json FILE writes the file; --json - and a bare --json write to stdout', async () => {
    const file = await cli(['env', '--json', 'env.json']);
    expect(file.code).toBe(0);
    expect(JSON.parse(readFileSync(join(file.cwd, 'env.json'), 'utf8'))).toHaveProperty('advice');
    for (const args of [['--json', '-'], ['--json']]) {
      const r = await cli(['env', ...args]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toHaveProperty('advice');
      expect(existsSync(join(r.cwd, '-'))).toBe(false);
    }
  });

  it('stat takes --threshold like run and compare; --noise is its older name', () => {
    expect((parseStatArgs(['--threshold', '2%', '--', 'true']) as StatArgs).noise).toBeCloseTo(0.02, 12);
    expect((parseStatArgs(['--threshold', '0.02', '--', 'true']) as StatArgs).noise).toBeCloseTo(0.02, 12);
    expect((parseStatArgs(['--noise', '2', '--', 'true']) as StatArgs).noise).toBeCloseTo(0.02, 12);
    expect(() => parseStatArgs(['--noise', '2', '--threshold', '2%', '--', 'true'])).toThrow(
      /older name of --threshold/,
    );
  });
});
