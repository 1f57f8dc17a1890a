// The child runner with real short commands: the native cork-pattern runner and the
// portable child_process fallback. No timing assertions; task-clock is compared with
// wait4's user+system time only within a factor of 2.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirname } from 'node:path';
import { loadAddon, PACKAGE_ROOT } from '../../src/platform/load.js';
import { readingAt, scaleReading } from '../../src/platform/counters-math.js';
import {
  createNativeChildRunner,
  findChildHelper,
  HELPER_NAME,
  type ChildAddon,
} from '../../src/platform/native-child.js';
import { createJsChildRunner } from '../../src/platform/js-child.js';
import type { ChildRunResult, ChildRunner, CounterEventName } from '../../src/platform/types.js';

const loaded = loadAddon();
if (loaded.error !== undefined) throw new Error(`the addon must be built for these tests: ${loaded.error}`);
const addon = loaded.addon as unknown as ChildAddon;
const native = createNativeChildRunner(addon);
const inProcess = createNativeChildRunner(addon, { helper: null });
const NODE = process.execPath;
const SOFTWARE: CounterEventName[] = ['task-clock', 'page-faults', 'context-switches', 'cpu-migrations'];

function count(r: ChildRunResult, name: CounterEventName): number | null {
  const slot = r.counters.active.indexOf(name);
  return slot < 0 ? null : scaleReading(readingAt(r.counters.raw, slot)).value;
}

// Failure cases every runner must handle alike (native and portable).
function commonCases(name: string, runner: ChildRunner): void {
  describe(`${name}: exit status, failures, timeout`, () => {
    it('true exits 0, false exits 1', async () => {
      const ok = await runner.run({ argv: ['true'], events: [] });
      expect(ok).toMatchObject({ exitCode: 0, signal: null, timedOut: false });
      expect(ok.execError).toBeUndefined();
      expect(ok.wallNs).toBeGreaterThan(0);
      expect((await runner.run({ argv: ['false'], events: [] })).exitCode).toBe(1);
    });

    it('a command that is not found is an execError ENOENT, not a crash', async () => {
      const r = await runner.run({ argv: ['cyclebench-no-such-command-xyz'], events: [], stdio: 'ignore' });
      expect(r.execError).toMatchObject({ code: 'ENOENT', errno: 2 });
      expect(r.exitCode).toBe(127);
    });

    it('a child killed by a signal reports the signal name', async () => {
      const r = await runner.run({ argv: ['sh', '-c', 'kill -9 $$'], events: [] });
      expect(r).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false });
    });

    it('a hang past the timeout is killed with SIGKILL and marked timedOut', async () => {
      const r = await runner.run({ argv: ['sleep', '30'], events: [], timeoutMs: 300 });
      expect(r).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null });
    });

    it('the pid callback fires with the child pid, and kill() stops the child', async () => {
      const pids: number[] = [];
      const r = await runner.run({
        argv: ['sleep', '30'],
        events: [],
        onPid: (pid) => {
          pids.push(pid);
          runner.kill(pid, 'SIGTERM');
        },
      });
      expect(pids).toEqual([r.pid]);
      expect(r).toMatchObject({ signal: 'SIGTERM', timedOut: false });
    });

    it('validates options before running', async () => {
      await expect(runner.run({ argv: [], events: [] })).rejects.toMatchObject({ code: 'EINVAL' });
      await expect(runner.run({ argv: ['true'], events: [], timeoutMs: -1 })).rejects.toMatchObject({ code: 'EINVAL' });
      expect(() => runner.kill(0, 'SIGTERM')).toThrow(/pid/);
      expect(() => runner.kill(process.pid, 'SIGNOPE')).toThrow(/signal/);
    });
  });
}

commonCases('native', native);
commonCases('native, in-process fork (no helper)', inProcess);
commonCases('portable', createJsChildRunner());

describe('native: counters and per-child rusage', () => {
  it('counts node -e "<loop>": task-clock, page-faults, rusage user time and maxRss', async () => {
    const r = await native.run({
      argv: [NODE, '-e', 'let x = 0; for (let i = 0; i < 3e7; i++) x += i % 7; if (x < 0) console.log(x)'],
      events: ['cycles', 'instructions', ...SOFTWARE],
    });
    expect(r.exitCode).toBe(0);
    const taskClock = count(r, 'task-clock');
    const faults = count(r, 'page-faults');
    expect(taskClock).toBeGreaterThan(0);
    expect(faults).toBeGreaterThan(0);
    expect(r.rusage!.userNs).toBeGreaterThan(0);
    expect(r.rusage!.maxRssKb).toBeGreaterThan(0);
    // Both measure CPU time of the same process tree; wide tolerance, no timing claim.
    const cpu = r.rusage!.userNs + r.rusage!.systemNs;
    expect(taskClock!).toBeGreaterThan(cpu / 2);
    expect(taskClock!).toBeLessThan(cpu * 2);
    for (const e of r.counters.events) {
      if (!e.available) expect(e.reason && e.code).toBeTruthy(); // hardware: no PMU here
    }
    expect(r.counters.raw).toHaveLength(3 * r.counters.active.length);
  });

  it('counts nothing before exec: an exec failure reads "not counted" or 0 task-clock', async () => {
    const r = await native.run({ argv: ['cyclebench-no-such-command-xyz'], events: ['task-clock'] });
    expect(r.execError?.syscall).toBe('execve');
    const tc = count(r, 'task-clock');
    expect(tc === null || tc === 0).toBe(true); // enable_on_exec never fired
  });

  it('applies cwd, env, stdio ignore, cpus and noAslr in the child', async () => {
    const sh = (script: string, extra: object) => native.run({ argv: ['sh', '-c', script], events: [], ...extra });
    expect((await sh('test -f package.json', { cwd: PACKAGE_ROOT })).exitCode).toBe(0);
    expect(
      (await sh('test "$FOO" = bar', { env: { FOO: 'bar', PATH: process.env.PATH ?? '/usr/bin:/bin' } })).exitCode,
    ).toBe(0);
    expect((await sh('echo hidden; echo hidden >&2', { stdio: 'ignore' })).exitCode).toBe(0);
    // personality(2) ADDR_NO_RANDOMIZE = 0x0040000, inherited by sh's own children
    expect((await sh('grep -q 00040000 /proc/self/personality', { noAslr: true })).exitCode).toBe(0);
    const pinned = await native.run({
      argv: [NODE, '-e', 'process.exit(require("os").availableParallelism())'],
      events: [],
      cpus: [0],
    });
    expect(pinned.exitCode).toBe(1);
    const badCwd = await sh('true', { cwd: resolve(PACKAGE_ROOT, 'no-such-dir') });
    expect(badCwd.execError).toMatchObject({ code: 'ENOENT', syscall: 'chdir' });
  });

  it("the child's stdout survives exec although Node marks fds 0-2 close-on-exec (docs/platform-notes.md P20)", () => {
    // A separate Node process whose stdout is a pipe we read: the grandchild's echo must arrive.
    const script = `const a = require(${JSON.stringify(resolve(PACKAGE_ROOT, 'node_modules/node-gyp-build'))})(${JSON.stringify(PACKAGE_ROOT)});
      a.childRun({ candidates: ['/bin/echo', '/usr/bin/echo'], argv: ['echo', 'through-exec'], envp: [], types: [], configs: [], groups: [] })
        .then((r) => process.exit(r.exitCode));`;
    expect(execFileSync(NODE, ['-e', script], { encoding: 'utf8' })).toContain('through-exec');
  });

  it('rejects bad cpus and unknown events in TypeScript', async () => {
    await expect(native.run({ argv: ['true'], events: [], cpus: [1.5] })).rejects.toMatchObject({ code: 'EINVAL' });
    await expect(native.run({ argv: ['true'], events: ['nope' as CounterEventName] })).rejects.toMatchObject({
      code: 'EINVAL',
    });
  });

  it('capability: supported natively; the portable runner names what needs the addon', async () => {
    expect(native.capability().supported).toBe(true);
    const js = createJsChildRunner();
    expect(js.capability()).toMatchObject({ supported: true, reason: expect.stringContaining('native addon') });
    const r = await js.run({ argv: ['true'], events: ['task-clock'] });
    expect(r.rusage).toBeNull();
    expect(r.counters.active).toEqual([]);
    expect(r.counters.events[0]).toMatchObject({ name: 'task-clock', available: false });
  });
});

describe("native: max-rss is the command's own peak (the cyclebench-child helper)", () => {
  const MiB = 1024; // maxRssKb is in KiB
  const allocate = (mib: number) => `const b = Buffer.alloc(${mib} * 2 ** 20, 1); if (b[7] !== 1) process.exit(3)`;

  it('finds the helper next to the addon and reports no max-rss caveat', () => {
    const found = findChildHelper(addon.childConstants.addonPath);
    expect(found).toEqual({ path: resolve(dirname(addon.childConstants.addonPath!), HELPER_NAME) });
    expect(native.capability()).toEqual({ supported: true, reason: undefined });
    expect(inProcess.capability().reason).toMatch(
      /maxRssKb is at least the anonymous RSS .*no cyclebench-child helper/,
    );
  });

  it('true reads a few MiB while this process holds 300 MiB; a 100 MiB command reads >= 100 MiB', async () => {
    let ballast: Buffer | null = Buffer.alloc(300 * 2 ** 20, 1); // touched: resident in this process
    try {
      const tiny = await native.run({ argv: ['true'], events: ['page-faults'] });
      expect(tiny.exitCode).toBe(0);
      expect(tiny.rusage!.maxRssKb).toBeLessThan(20 * MiB);
      const big = await native.run({ argv: [NODE, '-e', allocate(100)], events: [] });
      expect(big.exitCode).toBe(0);
      expect(big.rusage!.maxRssKb).toBeGreaterThanOrEqual(100 * MiB);
      // The reason for the helper: forked from this process, `true` inherits its 300 MiB.
      const inherited = await inProcess.run({ argv: ['true'], events: [] });
      expect(inherited.rusage!.maxRssKb).toBeGreaterThanOrEqual(300 * MiB);
    } finally {
      expect(ballast[12345]).toBe(1);
      ballast = null;
    }
  });

  it('the helper keeps counters, stdio, cwd, cpus and noAslr working', async () => {
    const r = await native.run({
      argv: [NODE, '-e', 'let x = 0; for (let i = 0; i < 1e7; i++) x += i; if (x < 0) console.log(x)'],
      events: ['task-clock', 'page-faults'],
    });
    expect(count(r, 'task-clock')).toBeGreaterThan(0);
    expect(count(r, 'page-faults')).toBeGreaterThan(0);
    const pinned = await native.run({
      argv: [NODE, '-e', 'process.exit(require("os").availableParallelism())'],
      events: [],
      cpus: [0],
    });
    expect(pinned.exitCode).toBe(1);
    expect(
      (await native.run({ argv: ['sh', '-c', 'grep -q 00040000 /proc/self/personality'], events: [], noAslr: true }))
        .exitCode,
    ).toBe(0);
    // The helper's report pipe (fd 3) is close-on-exec: the command sees only what it should.
    expect((await native.run({ argv: ['sh', '-c', 'test ! -e /proc/$$/fd/3'], events: [] })).exitCode).toBe(0);
  });

  it('an unusable helper (cannot be spawned, or refuses its command line) falls back to forking in-process', async () => {
    for (const helper of [resolve(PACKAGE_ROOT, 'no-such-helper'), '/bin/false']) {
      const runner = createNativeChildRunner(addon, { helper });
      expect(runner.capability().reason).toBeUndefined();
      const r = await runner.run({ argv: ['true'], events: ['task-clock'] });
      expect(r.exitCode).toBe(0);
      expect(runner.capability().reason).toContain(helper);
    }
  });
});
