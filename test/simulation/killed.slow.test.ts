// A simulated run (`--counters simulate`, workers under Valgrind) killed by SIGKILL: no process it
// started is left (found through /proc by a marker in the environment, Valgrind and whatever a
// benchmark started included), and the next simulated run removes the callgrind directories the
// killed one left in the temporary directory. Both runs measure a benchmark that never returns, so
// each stays under Valgrind until the test kills it: a poll cannot miss a worker that ended.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

function start(file: string) {
  const id = leftoverId();
  ids.push(id);
  // The fixture creates `<marker>.measuring` when its kernel is first called under Valgrind.
  const marker = join(scratch, id);
  const args = ['run', join(FIX, file), '--counters', 'simulate', '--no-pin', '--quiet', '--timeout', '600'];
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, TMPDIR: temp, [LEFTOVER_ENV]: id, CB_TEST_MARKER: marker },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let ended = false;
  const exited = new Promise<void>((r) =>
    child.on('exit', () => {
      ended = true;
      r();
    }),
  );
  /** Polls until `ready()` holds; a run that ended first fails at once, with what it printed. */
  const waitFor = async (ready: () => boolean) => {
    const ok = await until(() => ended || ready(), 300_000);
    if (ended && !ready()) throw new Error(`the run ended before the test killed it:\n${stderr}`);
    return ok;
  };
  const measuring = () => existsSync(`${marker}.measuring`);
  return { child, id, exited, waitFor, measuring };
}

it.skipIf(!hasValgrind)(
  'SIGKILL: Valgrind and what runs under it end; the next simulated run removes the dump directories',
  async () => {
    const killed = start('leaves-processes.bench.mjs');
    expect(await killed.waitFor(() => underValgrind(killed.id) && killed.measuring())).toBe(true);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(await markedAfter(killed.id)).toEqual([]);
    // One directory per worker under Valgrind (a run may start two at once), named for the run.
    const left = dumps();
    expect(left.length).toBeGreaterThanOrEqual(1);
    for (const d of left) expect(d).toMatch(new RegExp(`^cyclebench-callgrind-${killed.child.pid}-`));
    // Valgrind's gdbserver is off: none of its FIFOs (made at a worker's start) is left beside them.
    expect(readdirSync(temp).filter((n) => n.startsWith('vgdb-'))).toEqual([]);

    // The next simulated run removes them before it starts its first worker; killed once it has.
    const next = start('leaves-processes.bench.mjs');
    const own = (d: string) => d.startsWith(`cyclebench-callgrind-${next.child.pid}-`);
    expect(await next.waitFor(() => dumps().every(own) && underValgrind(next.id))).toBe(true);
    expect(dumps().some((d) => left.includes(d))).toBe(false);
    next.child.kill('SIGKILL');
    await next.exited;
    expect(await markedAfter(next.id)).toEqual([]);
  },
  900_000,
);
