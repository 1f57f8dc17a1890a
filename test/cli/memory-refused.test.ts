// --memory is not measured by a paired run (--against) nor by a simulated one (--counters
// simulate): asked for with either, it is refused in one usage line (exit 2) instead of dropped.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runFiles } from '../../src/api/run-files.js';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'bin/cyclebench.js');
const GOOD = join(ROOT, 'test/fixtures/cli/good.bench.mjs');

async function cli(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const r = await promisify(execFile)(process.execPath, [CLI, ...args], { cwd: ROOT });
    return { code: 0, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
}

describe('--memory where it is not measured', () => {
  it('with --counters simulate: one line, exit 2', async () => {
    const r = await cli('run', GOOD, '--memory', '--counters', 'simulate');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'cyclebench run: --memory is not available with --counters simulate (a simulated run counts instructions)\n' +
        'see cyclebench run --help\n',
    );
  });

  it('with --against: one line, exit 2', async () => {
    const r = await cli('run', GOOD, '--memory', '--against', 'HEAD');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'cyclebench run: --memory is not available with --against (a paired run)\nsee cyclebench run --help\n',
    );
  });

  it('--node-bench with --counters simulate (its samples would be Valgrind times): one line, exit 2; the library too', async () => {
    const r = await cli('run', GOOD, '--node-bench', 'x.ndjson', '--counters', 'simulate');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'cyclebench run: --node-bench is not available with --counters simulate (its samples would be times under Valgrind)\n' +
        'see cyclebench run --help\n',
    );
    await expect(runFiles({ files: GOOD, print: false, simulate: true, nodeBench: 'x.ndjson' })).rejects.toThrow(
      /^runFiles: nodeBench is not available with simulate/,
    );
  });

  it('runFiles({ simulate, memory }) is one RangeError', async () => {
    await expect(runFiles({ files: GOOD, print: false, simulate: true, memory: true })).rejects.toThrow(
      /^runFiles: memory is not available with simulate/,
    );
  });
});
