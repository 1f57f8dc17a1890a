// `cyclebench stat` on the REAL platform (native child runner, or the js fallback) with
// short commands. No timed assertions: only outcomes, classifications and exit codes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlatform } from '../../src/platform/load.js';
import { stat } from '../../src/stat/stat.js';

const platform = loadPlatform();
const cap = platform.child.capability();
const ROOT = join(import.meta.dirname, '../..');
const real = describe.skipIf(!cap.supported);
const title = cap.supported
  ? `stat on the ${platform.kind} platform`
  : `stat on the real platform (skipped: child runner unsupported: ${cap.reason})`;

real(title, () => {
  it('true: every run succeeds; wall, task-clock, page-faults, user/system time and max RSS present', async () => {
    const r = await stat({ command: ['true'], runs: 3, warmup: 1, platform });
    const c = r.commands[0];
    expect(c.runCount).toBe(3);
    expect(c.warmupCount).toBe(1);
    expect(c.failures).toEqual([]);
    for (const m of ['wall-time', 'task-clock', 'page-faults', 'user-time', 'system-time', 'max-rss'] as const) {
      expect(c.metrics[m] ?? c.unsupported[m], m).toBeDefined();
    }
    expect(c.metrics['wall-time']!.n).toBe(3);
  });

  it(`node loop: task-clock and page-faults ${platform.kind === 'native' ? 'counted' : 'reported as not supported, with the reason'}`, async () => {
    const r = await stat({
      command: ['node', '-e', 'let s=0;for(let i=0;i<1e6;i++)s+=i'],
      runs: 3,
      platform,
      events: ['task-clock', 'page-faults'],
    });
    const c = r.commands[0];
    expect(c.failures).toEqual([]);
    expect(c.metrics['wall-time']!.n).toBe(3);
    if (platform.kind === 'native') {
      expect(c.metrics['task-clock']?.mean ?? 0).toBeGreaterThan(0);
      expect(c.metrics['page-faults']?.mean ?? 0).toBeGreaterThan(100); // node maps far more than 100 pages
    } else {
      expect(c.unsupported['task-clock']?.reason).toMatch(/\w/);
    }
  });

  it.each([
    [['/nonexistent/cyclebench-no-such-command'], 'not-found', /command not found/],
    [['false'], 'exit', /exited with status 1/],
    [['sh', '-c', 'kill -9 $$'], 'signal', /killed by signal SIGKILL/],
  ])('%j → failure kind %s in every run, no statistics', async (argv, kind, message) => {
    const r = await stat({ command: argv, runs: 2, platform });
    const c = r.commands[0];
    expect(c.runCount).toBe(0);
    expect(c.failures.map((f) => f.kind)).toEqual([kind, kind]);
    expect(c.failures[0].message).toMatch(message);
  });

  it('sleep 30 with a 0.5 s timeout → killed, classified as timeout', async () => {
    const r = await stat({ command: ['sleep', '30'], runs: 1, timeoutMs: 500, platform });
    expect(r.commands[0].failures).toEqual([expect.objectContaining({ kind: 'timeout' })]);
  });

  it('A/B with a failing contender → incomparable', async () => {
    const r = await stat({ command: ['true'], vs: [['false']], runs: 2, platform, events: ['task-clock'] });
    expect(r.comparisons.length).toBeGreaterThan(0);
    expect(r.comparisons.every((c) => c.verdict === 'incomparable')).toBe(true);
  });

  it('CLI Ctrl-C: SIGINT kills the running child, prints the runs collected, exits 130', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stat-sigint-'));
    const flag = join(dir, 'first-run-done');
    // Run 1 creates the flag and exits at once; run 2 then sleeps until interrupted.
    const script = `if [ -e '${flag}' ]; then exec sleep 30; fi; : > '${flag}'`;
    const cli = spawn(
      process.execPath,
      [join(ROOT, 'bin/cyclebench.js'), 'stat', '-r', '5', '--', 'sh', '-c', script],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    cli.stdout.on('data', (d) => (out += d));
    const sleeper = await waitForChild(cli.pid!, 'sleep');
    cli.kill('SIGINT');
    const code = await new Promise<number | null>((res) => cli.on('exit', (c) => res(c)));
    expect(code).toBe(130);
    expect(out).toContain('interrupted (Ctrl-C)');
    expect(out).toContain('(1 successful run(s))');
    expect(isAlive(sleeper)).toBe(false);
  });
});

/** Polls /proc for a descendant of `ppid` named `comm` (the command is a grandchild when the helper forks it). */
async function waitForChild(ppid: number, comm: string): Promise<number> {
  for (;;) {
    const parent = new Map<number, number>();
    const named: number[] = [];
    for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
      try {
        const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(readFileSync(`/proc/${d}/stat`, 'utf8'));
        if (!m) continue;
        parent.set(Number(d), Number(m[2]));
        if (m[1] === comm) named.push(Number(d));
      } catch {
        // The process exited while we looked.
      }
    }
    for (const pid of named) {
      for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === ppid) return pid;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function isAlive(pid: number): boolean {
  try {
    const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(st); // a zombie is dead, just not reaped yet
  } catch {
    return false;
  }
}
