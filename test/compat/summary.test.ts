// Comparisons a migrated file asks for: mitata's summary() and vitest's per-describe summary
// give a verdict for every benchmark against a reference (the first declared), through
// cyclebench's in-file baseline. Verdict directions asserted only where the work differs 2× or more.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { cli, expectVerdict, fixture, headlines, listed, measureFile } from '../helpers/compat.js';

const VERDICT = /\d+\.\d+× (slower|faster|same)|cannot tell/;

describe('summary() comparisons under cyclebench run', () => {
  it("a mitata file with summary(): every benchmark gets a verdict against the reference, 'sum' (declared first)", async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'cb-summary-')), 'run.json');
    const file = fixture('compat/mitata-summary.mjs');
    // A 20 ms warm-up (test/README.md, "Keeping the fast tier fast"): the verdict asserted is between
    // kernels whose work differs 2×, which no warm-up decision turns around.
    const args = [
      'run',
      file,
      '--forks',
      '4',
      '--time',
      '0.2',
      '--warmup-ms',
      '20',
      '--no-pin',
      '--no-counters',
      '--json',
      json,
    ];
    const r = await cli(args, { COLUMNS: '80' }, 300_000);
    expect(r.timedOut).toBe(false);
    expect(r.stderr).not.toMatch(/failed|could not load/);
    const row = (name: string) => r.stdout.split('\n').find((l) => l.startsWith(`${name} `)) ?? '';
    expect(r.stdout).toMatch(/vs baseline/);
    expect(row('sum')).toMatch(/baseline$/);
    expect(row('sum again')).toMatch(VERDICT);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    const relative = Object.fromEntries(doc.benchmarks.map((b) => [b.name, b.relative]));
    expect(relative.sum).toBeUndefined();
    expectVerdict(relative['sum 2×'], 'sum', 'slower');
    expect(row('sum 2×')).toMatch(relative['sum 2×']!.verdict === 'slower' ? /× slower/ : /cannot tell/);
    expect(relative['sum again']?.baseline).toBe('sum');
  }, 300_000);

  it("mitata: a group's own .baseline() stays the reference of a summary inside it", async () => {
    const benchmarks = await listed(fixture('compat/mitata-summary-baseline.mjs'));
    expect(benchmarks.map((b) => [b.title, b.baseline])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
      ['d', false],
      ['e', false],
    ]);
  });

  it('vitest: the first benchmark of each describe is its reference; fib(40) is slower than fib(10); fib(40) > fib(20) > fib(10)', async () => {
    // Four processes a side: with two, one disagreeing process leaves the interval wide (df = 1).
    // The engine's own warm-up: after 20 ms the processes of this loop (a fresh array each step)
    // can run in different V8 tiers, and the same loop in test/compat/mitata.test.ts once read
    // fib(40) below fib(20) that way.
    const results = await measureFile(fixture('compat/fib.vitest.bench.ts'), undefined, 4);
    // The vitest file under cyclebench run (its listing: test/compat/tinybench-vitest.test.ts):
    // the headlines keep the order of the work.
    const t = headlines(results);
    expect(t['fib(40)']).toBeGreaterThan(t['fib(20)']);
    expect(t['fib(20)']).toBeGreaterThan(t['fib(10)']);
    const by = Object.fromEntries(results.map((b) => [b.name, b]));
    expect(by['fib(10)'].baseline).toBe(true);
    expect(by['fib(20)'].relative?.baseline).toBe('fibonacci/fib(10)');
    expectVerdict(by['fib(40)'].relative, 'fibonacci/fib(10)', 'slower');
  }, 300_000);
});
