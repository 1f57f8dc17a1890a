// A simulated run (`--counters simulate`, workers under Valgrind) killed by SIGKILL: no process it
// started is left (found through /proc by a marker in the environment, Valgrind and whatever a
// benchmark started included), and the next simulated run removes the callgrind directory the
// killed one left in the temporary directory.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, expect, it } from 'vitest';
import { killMarked, LEFTOVER_ENV, leftoverId, marked, markedAfter, until } from '../helpers/leftovers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'bin/cyclebench.js');
const FIX = join(ROOT, 'test/fixtures/cli');
const hasValgrind = (() => {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const scratch = mkdtempSync(join(tmpdir(), 'cb-simulate-killed-'));
const temp = join(scratch, 'tmp'); // TMPDIR of the runs: where their callgrind directories go
execFileSync('mkdir', [temp]);

/** A worker under Valgrind runs (the tool's process is named `callgrind-<arch>`). */
const underValgrind = (id: string) => marked(id).some((p) => / callgrind-/.test(p));
const dumps = () => readdirSync(temp).filter((n) => n.startsWith('cyclebench-callgrind-'));

const ids: string[] = [];
afterEach(() => ids.splice(0).forEach(killMarked));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function start(file: string, extra: string[] = []) {
  const id = leftoverId();
  ids.push(id);
  const args = ['run', join(FIX, file), '--counters', 'simulate', '--no-pin', '--quiet', '--timeout', '600', ...extra];
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, TMPDIR: temp, [LEFTOVER_ENV]: id },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  return { child, id, exited };
}

it.skipIf(!hasValgrind)(
  'SIGKILL: Valgrind and what runs under it end; the next simulated run removes the dump directory',
  async () => {
    const killed = start('leaves-processes.bench.mjs');
    expect(await until(() => underValgrind(killed.id), 300_000)).toBe(true);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(await markedAfter(killed.id)).toEqual([]);
    const [left] = dumps();
    expect(left).toMatch(new RegExp(`^cyclebench-callgrind-${killed.child.pid}-`));

    // The next simulated run removes it before it starts its first worker; killed once it has.
    const next = start('good.bench.mjs', ['--filter', '^good/sum 100$']);
    expect(await until(() => !dumps().includes(left!), 300_000)).toBe(true);
    expect(await until(() => dumps().length === 1 && underValgrind(next.id), 300_000)).toBe(true);
    next.child.kill('SIGKILL');
    await next.exited;
    expect(await markedAfter(next.id)).toEqual([]);
  },
  900_000,
);
