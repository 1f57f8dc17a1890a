// --mlock that cannot hold: refused up front in one line when the process lacks CAP_IPC_LOCK and
// RLIMIT_MEMLOCK is below a Node process's mappings, and when a worker's own mlockall fails
// anyway, one line and a result file that records the memory as not locked. The end-to-end case
// drops the capability and the limit as root (prlimit, setpriv), as an unprivileged user has them.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mlockRefusal } from '../../src/orchestrator/conditions.js';
import { mlockShortfall } from '../../src/orchestrator/mlock-outcome.js';
import type { BenchmarkResult } from '../../src/results/schema.js';
import { makeFork } from '../helpers/synthetic-forks.js';

const CLI = join(__dirname, '../../bin/cyclebench.js');
const GOOD = join(__dirname, '../fixtures/cli/good.bench.mjs');

const status = (capEff: string, vmSizeKb: number) => `Name:\tnode\nVmSize:\t${vmSizeKb} kB\nCapEff:\t${capEff}\n`;
const limits = (memlock: string) =>
  `Limit                     Soft Limit           Hard Limit           Units\n` +
  `Max locked memory         ${memlock}              ${memlock}              bytes\n`;
const ALL_CAPS = '000001ffffffffff';
const NO_IPC_LOCK = (BigInt(`0x${ALL_CAPS}`) & ~(1n << 14n)).toString(16).padStart(16, '0');

describe('mlockRefusal (read from /proc/self/status and /proc/self/limits)', () => {
  it('allows it with CAP_IPC_LOCK whatever the limit', () => {
    expect(mlockRefusal(status(ALL_CAPS, 22_000_000), limits('0'))).toBeNull();
  });

  it('allows it without the capability when the limit covers the mappings or is unlimited', () => {
    expect(mlockRefusal(status(NO_IPC_LOCK, 22_000_000), limits('unlimited'))).toBeNull();
    expect(mlockRefusal(status(NO_IPC_LOCK, 1_000_000), limits(String(2_000_000 * 1024)))).toBeNull();
  });

  it('refuses it without the capability when the limit is below the mappings, saying both sizes', () => {
    const why = mlockRefusal(status(NO_IPC_LOCK, 22_000_000), limits(String(8 * 1024 * 1024)));
    expect(why).toBe(
      "mlockall needs CAP_IPC_LOCK (root) or an RLIMIT_MEMLOCK of at least a Node process's 21484 MiB " +
        'of mappings (the limit is 8 MiB; `ulimit -l unlimited`)',
    );
  });
});

describe('mlockShortfall (what the workers recorded)', () => {
  const bench = (locked: boolean[]): BenchmarkResult =>
    ({
      forks: locked.map((mlock, index) => ({
        ...makeFork({ costNs: 1, overheadNs: 10, index }),
        conditions: { cpu: null, aslr: 'on', mlock, envPadding: 0 },
        ...(mlock
          ? {}
          : { details: [{ code: 'mlock-failed', severity: 'warning', values: { message: 'mlockall: ENOMEM' } }] }),
      })),
    }) as unknown as BenchmarkResult;

  it('says nothing when every process locked its memory', () => {
    expect(mlockShortfall([bench([true, true]), bench([true])])).toBeNull();
  });

  it('one line with the count and the error when some did not', () => {
    expect(mlockShortfall([bench([true, false]), bench([false])])).toBe(
      '--mlock: mlockall failed in 2 of 3 processes (mlockall: ENOMEM); memory was not locked in those',
    );
    expect(mlockShortfall([bench([false])])).toBe(
      '--mlock: mlockall failed in 1 of 1 processes (mlockall: ENOMEM); memory was not locked',
    );
  });
});

const has = (tool: string) => spawnSync('which', [tool]).status === 0;

/** A command's exit status and output, without blocking the test's thread (a long block stalls vitest's RPC). */
function run(command: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
const canDrop = process.getuid?.() === 0 && has('setpriv') && has('prlimit');

describe.skipIf(!canDrop)('run --mlock without CAP_IPC_LOCK and with RLIMIT_MEMLOCK 0 (end to end)', () => {
  it('one line on stderr, and neither the result file nor the report claims a lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-lock-'));
    const out = join(dir, 'out.json');
    const wrap = ['--memlock=0', 'setpriv', '--inh-caps=-ipc_lock', '--bounding-set=-ipc_lock', '--'];
    const args = ['run', GOOD, '--mlock', '--forks', '1', '--time', '0.05', '--no-pin', '--no-counters'];
    const r = await run('prlimit', [...wrap, process.execPath, CLI, ...args, '--json', out]);
    expect(r.status).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => /--mlock|mlockall/.test(l));
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^cyclebench: --mlock: mlockall needs CAP_IPC_LOCK .*; memory stays unlocked$/);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc.environment.conditions.mlock).toBe(false);
    for (const b of doc.benchmarks) for (const f of b.forks) expect(f.conditions.mlock).toBe(false);
    const report = (await run(process.execPath, [CLI, 'report', out])).stdout;
    expect(report).toMatch(/^ {2}Memory lock +off$/m);
    expect(report).not.toMatch(/mlockall in workers/);
  }, 200_000);
});
