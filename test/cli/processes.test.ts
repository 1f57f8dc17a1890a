// Nothing left behind: workers die with the CLI, SIGTERM/SIGHUP stop a run like Ctrl-C,
// and a timeout or Ctrl-C ends the whole process group of a worker or a measured command.
// Every test records the processes it started and checks afterwards that none is alive.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { descendants, type ProcessId, reap, settle, survivors, waitFor } from '../helpers/processes.js';
import { QUICK_RUN } from '../helpers/quick.js';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'bin/cyclebench.js');
const FIX = join(ROOT, 'test/fixtures/cli');
const QUICK = [...QUICK_RUN, '--quiet'];
/** --timeout values tried in turn (seconds): short on a quiet machine, long enough at load 15. */
const TIMEOUT_TRIES = [4, 20];

let recorded: ProcessId[] = [];
afterEach(() => {
  reap(recorded);
  recorded = [];
});

function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
    child.on('exit', (code, signal) => r({ code, signal })),
  );
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** Records the CLI's descendants once one named COMM (e.g. "node", "sleep") runs. */
async function recordOnce(pid: number, comm: string, count = 1): Promise<void> {
  const found = await waitFor(() => {
    const all = descendants(pid);
    return all.filter((p) => p.comm === comm).length >= count ? all : [];
  });
  recorded.push(...found);
  expect(found.filter((p) => p.comm === comm).length).toBeGreaterThanOrEqual(count);
}

/** Starts `run` on the benchmarks FILTER picks of faulty.bench.mjs and waits until 'hangs' has started. */
async function hangingRun(filter: string, extra: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'cb-proc-'));
  const marker = join(dir, 'marker');
  const out = join(dir, 'out.json');
  const args = ['run', join(FIX, 'faulty.bench.mjs'), ...QUICK, '--filter', filter, '--json', out, ...extra];
  const run = start(args, { CB_TEST_MARKER: marker });
  await waitFor(() => (existsSync(marker) ? [true] : []));
  expect(existsSync(marker)).toBe(true);
  recorded.push(...descendants(run.child.pid!));
  expect(recorded.length).toBeGreaterThan(0);
  return { ...run, out };
}

describe('workers die with their parent', () => {
  it('killing the CLI with SIGKILL leaves no hung worker under PID 1', async () => {
    const run = await hangingRun('^hangs$', ['--timeout', '600']);
    run.child.kill('SIGKILL');
    await run.exited;
    expect(await settle(recorded)).toEqual([]);
  });
});

describe('SIGTERM and SIGHUP behave like Ctrl-C', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`${signal}: partial results saved, exit ${code}, no worker left`, async () => {
      // 'ok' first: its result is what the interrupted run must keep.
      const run = await hangingRun('^(ok|hangs)$', ['--timeout', '600']);
      run.child.kill(signal);
      expect((await run.exited).code).toBe(code);
      const doc = JSON.parse(readFileSync(run.out, 'utf8'));
      expect(doc.warnings.join(' ')).toContain('interrupted');
      expect(doc.benchmarks.find((b: { name: string }) => b.name === 'ok').headline.point).toBeGreaterThan(0);
      expect(run.err()).toContain(`interrupted (${signal})`);
      expect(await settle(recorded)).toEqual([]);
    });
  }
});

describe('a timeout or Ctrl-C ends the whole process group', () => {
  it('run --timeout kills the worker and the processes the benchmark spawned', async () => {
    // The timeout covers the measuring worker's start-up too (several seconds at load 15): it only
    // tests the claim once that worker has loaded the file and started its sleep. A short limit
    // first; a run it ended before that point is checked for leftovers and tried again with a long one.
    for (const limit of TIMEOUT_TRIES) {
      const dir = mkdtempSync(join(tmpdir(), 'cb-proc-'));
      const marker = join(dir, 'marker');
      const run = start(['run', join(FIX, 'spawns.bench.mjs'), ...QUICK, '--timeout', String(limit)], {
        CB_TEST_MARKER: marker,
      });
      // One sleep from the worker that lists the file, one from the worker that measures it.
      const sleeps = () =>
        existsSync(marker) ? readFileSync(marker, 'utf8').trim().split('\n').filter(Boolean).map(Number) : [];
      let ended = false;
      void run.exited.then(() => (ended = true));
      await waitFor(() => (sleeps().length >= 2 || ended ? [true] : []));
      if (!ended) recorded.push(...descendants(run.child.pid!));
      const reached = sleeps().length >= 2;
      const { code } = await run.exited;
      expect(code).toBe(1);
      expect(run.out()).toContain('spawns and hangs');
      for (const pid of sleeps()) expect(existsSync(`/proc/${pid}`) && !isZombie(pid), `sleep ${pid}`).toBe(false);
      expect(await settle(recorded)).toEqual([]);
      if (reached) return;
    }
    expect.fail(`the measuring worker never reached the kernel within ${TIMEOUT_TRIES.at(-1)} s`);
  });

  it("stat --timeout ends the command's background children too ('sleep 31 & sleep 32; wait')", async () => {
    // The sleeps run only until the timeout: a limit that ended the command before both were seen
    // is tried again with the longer one, as for run --timeout above.
    for (const limit of TIMEOUT_TRIES) {
      const run = start(['stat', '-r', '1', '--timeout', String(limit), '--shell', '--', 'sleep 31 & sleep 32; wait']);
      let ended = false;
      void run.exited.then(() => (ended = true));
      let seen: ProcessId[] = [];
      await waitFor(() => {
        const all = descendants(run.child.pid!);
        if (all.filter((p) => p.comm === 'sleep').length >= 2) seen = all;
        return seen.length > 0 || ended ? [true] : [];
      });
      recorded.push(...seen);
      const { code } = await run.exited;
      expect(code).toBe(1);
      expect(run.err()).toMatch(/timeout/);
      expect(await settle(recorded)).toEqual([]);
      if (seen.length > 0) return;
    }
    expect.fail(`the command's two sleeps were never seen running within a ${TIMEOUT_TRIES.at(-1)} s timeout`);
  });

  it('stat Ctrl-C ends a command that ignores SIGINT and its children, exit 130', async () => {
    const run = start(['stat', '-r', '3', '--shell', '--', "trap '' INT; sleep 33 & sleep 34; wait"]);
    await recordOnce(run.child.pid!, 'sleep', 2);
    run.child.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
    expect(await settle(recorded)).toEqual([]);
    expect(survivors(recorded)).toEqual([]);
  });
});

function isZombie(pid: number): boolean {
  try {
    return / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8').split(')')[1]!);
  } catch {
    return false;
  }
}
