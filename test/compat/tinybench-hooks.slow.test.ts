// tinybench's beforeEach refilling shared state, end to end through the CLI (fresh processes):
// a task sorting an array refilled with random numbers before every call reads the cost of
// sorting unsorted data, far above sorting an array that stays sorted. Orders and ratios
// within one run, never absolute times. Slow tier: one run of two processes per benchmark.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from 'simple-statistics';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../src/results/schema.js';
import { cli, fixture } from '../helpers/compat.js';

const dir = mkdtempSync(join(tmpdir(), 'cyclebench-tinyhooks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("tinybench's beforeEach under cyclebench run", () => {
  it('sorting data refilled in beforeEach reads far above sorting sorted data, and the report says how it was timed', async () => {
    const json = join(dir, 'sort.json');
    const args = ['run', fixture('compat/tinybench-sort-hooks.mjs'), '--forks', '2', '--time', '0.3'];
    const r = await cli([...args, '--no-pin', '--no-counters', '--verbose', '--json', json], { COLUMNS: '200' });
    expect(r.timedOut).toBe(false);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
    const [fresh, sorted] = doc.benchmarks;
    expect([fresh.name, sorted.name]).toEqual(['fresh random data (beforeEach)', 'already sorted']);
    // Sorting 10,000 random numbers takes about n·log2(n) ≈ 130,000 comparisons, sorted ones n:
    // an order of magnitude apart. Had beforeEach run once, both would sort sorted data (ratio ≈ 1).
    const ratio = fresh.headline!.point / sorted.headline!.point;
    expect(ratio).toBeGreaterThan(4);
    // The same from the raw batches, without the fit: median time per call of every batch.
    const perCall = (b: typeof fresh) => median(b.forks.flatMap((f) => f.batches.map((x) => x.ns / x.iterations)));
    expect(perCall(fresh) / perCall(sorted)).toBeGreaterThan(4);
    expect(fresh.forks.every((f) => f.perCall !== undefined)).toBe(true);
    expect(sorted.forks.some((f) => f.perCall !== undefined)).toBe(false);
    expect(r.stdout).toMatch(
      /info: fresh random data \(beforeEach\): each call timed on its own, its beforeEach\/afterEach hooks outside the timing; the clock's own cost, [\d.]+ [nµ]?s a call/,
    );
  });
});
