// A worker that ends before sending its result is named by its true cause: process.exit() in a
// kernel or a set-up, process.disconnect(), and a wrapper (valgrind) that ran nothing are each
// their own line, distinct from a promise left pending; a replaced process.send cannot keep the
// result from arriving.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUICK_RUN } from '../helpers/quick.js';

const CLI = join(__dirname, '../../bin/cyclebench.js');
const FIX = join(__dirname, '../fixtures/exits');
const QUICK = [...QUICK_RUN, '--verbose'];

/** Runs the CLI without blocking this process (vitest's worker must keep answering). */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; status: number }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } }, (err, stdout) =>
      resolve({ stdout, status: err ? ((err as { code?: number }).code ?? -1) : 0 }),
    );
  });
}

describe('causes of a worker that ended unanswered', () => {
  let r: { stdout: string; status: number };
  let flat = '';
  beforeAll(async () => {
    r = await cli(['run', join(FIX, 'causes.bench.mjs'), ...QUICK]);
    flat = r.stdout.replace(/\s+/g, ' ');
  }, 120_000);

  it('process.exit(0) in a kernel and in a set-up', () => {
    expect(flat).toMatch(/exit in kernel: the benchmark called process\.exit\(0\) before its result was reported/);
    expect(flat).toMatch(/exit in setup: the benchmark called process\.exit\(0\) before its result was reported/);
  });

  it('process.disconnect()', () => {
    expect(flat).toMatch(
      /disconnect: the benchmark called process\.disconnect\(\), closing the channel its result goes through, before its result was reported/,
    );
  });

  it('a stubbed process.send: the result arrives anyway', () => {
    expect(flat).not.toMatch(/error: stubbed send/);
    expect(r.stdout).toMatch(/stubbed send/);
    expect(flat).not.toMatch(/still pending/);
    expect(r.status).toBe(1); // the three others failed
  });

  it('a valgrind that runs nothing is named, not a pending promise', async () => {
    const v = await cli(
      [
        'run',
        join(__dirname, '../fixtures/cli/good.bench.mjs'),
        '--counters',
        'simulate',
        '--filter',
        '^good/sum 100$',
        '--verbose',
        '--no-pin',
      ],
      {
        PATH: `${join(FIX, 'valgrind-does-nothing')}:${process.env.PATH}`,
      },
    );
    const text = v.stdout.replace(/\s+/g, ' ');
    expect(text).toMatch(/valgrind exited with code 0 without running the worker/);
    expect(text).not.toMatch(/still pending/);
  }, 120_000);
});
