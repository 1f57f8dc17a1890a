// `cyclebench stat` end to end over a FAKE ChildRunner: exact output (golden files in
// test/fixtures/stat/, regenerate with UPDATE_GOLDEN=1 and review the diff), exit codes,
// usage errors, per-run failure messages and Ctrl-C.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeStatCommand } from '../../src/cli/commands/stat.js';
import type { Io } from '../../src/cli/io.js';
import { fakePlatform, spread, type FakeRun } from '../helpers/fake-stat-platform.js';

const GOLDEN = join(import.meta.dirname, '../fixtures/stat');

function captureIo(cwd = process.cwd()): Io & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: {},
    cwd,
    out: () => out,
    err: () => err,
  };
}

function golden(name: string, actual: string): void {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

// Run 1 warmup, then 8 measured: #5 (call 4) is a severe outlier, #7 exits 1, odd calls multiplexed.
const single = (_argv: string[], i: number): FakeRun =>
  i === 4
    ? { wallMs: 40 }
    : i === 6
      ? { wallMs: 10, exitCode: 1 }
      : { wallMs: spread(10, i), pageFaults: 200 + i, running: i % 2 ? 0.5 : 1 };
const command = (script: (argv: string[], i: number) => FakeRun, onInterrupt?: (h: () => void) => () => void) =>
  makeStatCommand({ platform: fakePlatform(script), environment: { fixture: true }, excludeKernel: true, onInterrupt });

describe('cyclebench stat (fake runner)', () => {
  it('single command: text table, per-run failure message on stderr, exit 1', async () => {
    const io = captureIo();
    const dir = mkdtempSync(join(tmpdir(), 'stat-'));
    const args = [
      '-r',
      '8',
      '--warmup',
      '1',
      '--json',
      join(dir, 'r.json'),
      '--csv',
      join(dir, 'r.csv'),
      '--markdown',
      join(dir, 'r.md'),
      '--',
      'node',
      '-e',
      'let s=0',
    ];
    expect(await command(single)(args, io)).toBe(1);
    golden('single.txt', io.out());
    expect(io.err()).toContain('cyclebench stat: run #7: exited with status 1\n');
    golden('single.json', readFileSync(join(dir, 'r.json'), 'utf8'));
    golden('single.csv', readFileSync(join(dir, 'r.csv'), 'utf8'));
    golden('single.md', readFileSync(join(dir, 'r.md'), 'utf8'));
  });

  it('JSON contract: command, runCount, environment, metrics{unit,mean,stddev,stderr,median,min,max,ci95}, runs, failures', async () => {
    const io = captureIo();
    expect(await command(single)(['-r', '8', '--warmup', '1', '--json', '-', '--', 'node', '-e', 'let s=0'], io)).toBe(
      1,
    );
    const j = JSON.parse(io.out());
    expect(j).toMatchObject({ command: "node -e 'let s=0'", runCount: 7, environment: { fixture: true } });
    for (const m of ['wall-time', 'task-clock', 'page-faults', 'user-time', 'system-time', 'max-rss']) {
      for (const k of ['unit', 'mean', 'stddev', 'stderr', 'median', 'min', 'max'])
        expect(j.metrics[m], `${m}.${k}`).toHaveProperty(k);
      expect(j.metrics[m].ci95).toHaveLength(2);
    }
    expect(j.runs).toHaveLength(9);
    expect(j.runs[0].warmup).toBe(true);
    expect(j.failures).toEqual([expect.objectContaining({ run: 6, kind: 'exit', exitCode: 1 })]);
  });

  it('A/B: interleaved, ratio and verdict per metric, exit 0', async () => {
    const io = captureIo();
    const ab = (argv: string[], i: number): FakeRun => ({ wallMs: spread(argv[0] === 'a' ? 10 : 12, i >> 1) });
    expect(await command(ab)(['-r', '10', '-e', 'task-clock,page-faults', '--', 'a', '--vs', 'b'], io)).toBe(0);
    golden('ab.txt', io.out());
    const io2 = captureIo();
    await command(ab)(['-r', '10', '-e', 'task-clock', '--json', '-', '--', 'a', '--vs', 'b'], io2);
    const j = JSON.parse(io2.out());
    expect(j.commands).toHaveLength(2);
    expect(j.commands[1]).toHaveProperty('metrics.wall-time.ci95');
    expect(j.comparisons.find((c: { metric: string }) => c.metric === 'wall-time')).toMatchObject({
      verdict: 'slower',
    });
  });

  it.each([
    [['-r', '0', '--', 'true'], /--runs must be a whole number from 1 to 100,000/],
    [['-r', '1e9', '--', 'true'], /--runs must be a whole number/],
    [['--bogus', '--', 'true'], /Unknown option '--bogus'/],
    [['-r', '3', 'true'], /no command|put the command after/],
    [['--cpu', '3-1', '--', 'true'], /--cpu: range 3-1 runs backwards/],
    [['--aslr', 'maybe', '--', 'true'], /--aslr must be 'off' or 'inherit'/],
    [['-e', 'cycles,foo', '--', 'true'], /unknown event\(s\) 'foo'/],
    [
      ['--timeout', 'soon', '--', 'true'],
      /--timeout must be a duration: a number of seconds or one with its unit \(500ms, 90s, 1.5m\), got 'soon'/,
    ],
    [['--timeout', '1e10', '--', 'true'], /--timeout must be at most 2,147,483/],
    [['--', 'a', '--vs'], /empty command after --vs number 1/],
  ])('bad input %j → one line and where the help is, exit 2', async (args, message) => {
    const io = captureIo();
    expect(await command(single)(args, io)).toBe(2);
    const [first, second, rest] = io.err().split('\n');
    expect(first).toMatch(message);
    expect(second).toBe('see cyclebench stat --help');
    expect(rest).toBe('');
    expect(io.out()).toBe('');
  });

  it('Ctrl-C: kills the running child by its pid, prints what was collected, exit 130', async () => {
    let interrupt = (): void => {};
    const p = fakePlatform((_argv, i) => {
      if (i === 3) interrupt(); // Ctrl-C arrives while the 4th run is in flight
      return { wallMs: 10 + i };
    });
    const cmd = makeStatCommand({
      platform: p,
      environment: { fixture: true },
      onInterrupt: (h) => ((interrupt = h), () => {}),
    });
    const io = captureIo();
    expect(await cmd(['-r', '10', '--', 'sleep', '30'], io)).toBe(130);
    expect(p.killed).toEqual([[1003, 'SIGKILL']]);
    expect(io.out()).toContain('interrupted (Ctrl-C)');
    expect(io.out()).toContain('"sleep 30" (3 successful run(s))');
  });
});
