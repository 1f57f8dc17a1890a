// More processes for a benchmark whose processes disagree, end to end through the CLI, on a
// fixture whose consecutive processes differ threefold (test/fixtures/orchestrator/disagree.bench.mjs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { measuredForks } from '../../src/analysis/slow-processes.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { runCli } from '../helpers/io.js';

const FIXTURE = resolve('test/fixtures/orchestrator/disagree.bench.mjs');
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-more-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = '';
beforeEach(() => {
  counter = join(dir, `counter-${Date.now()}-${Math.random()}`);
  process.env.CYCLEBENCH_TEST_COUNTER = counter;
});
afterEach(() => {
  delete process.env.CYCLEBENCH_TEST_COUNTER;
});

async function run(extra: string[]): Promise<ResultDocument> {
  const json = join(dir, `${Math.random()}.json`);
  // A 20 ms warm-up: the processes differ threefold by construction, far beyond what a shorter
  // warm-up can change.
  const args = ['run', FIXTURE, '--time', '0.05', '--warmup-ms', '20', '--quiet', '--json', json, ...extra];
  const r = await runCli(args, dir);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
}

describe('processes that disagree', () => {
  it('get more processes (a whole pass for a threefold disagreement), with a note and the two-stage interval', async () => {
    const doc = await run([]);
    const b = doc.benchmarks[0];
    expect(b.forks.map((f) => f.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect((b.notes ?? []).join('\n')).toMatch(/3 processes added to the 3 planned: their results disagreed/);
    // A process left out of the headline is not counted in its stage: one the odd-process rule
    // leaves out (one of a threefold pair can be, on a loaded machine), or one in another host
    // state (on a busy machine the yardsticks mark some; once in CI three of the six). The stages
    // count exactly the processes the headline rests on: those with neither mark, or all six when
    // fewer than two are unmarked (measuredForks; once at load 8, with two CPU hogs).
    // The interval is two-stage when at least 2 planned and 1 added process are kept
    // (src/analysis/headline-ci.ts); with fewer it is the plain t-interval over those kept.
    const kept = measuredForks(b.forks);
    const keptPlanned = kept.filter((f) => f.index < 3).length;
    const stages = /two-stage: (\d) planned \+ (\d) added/.exec(b.headline?.method ?? '');
    if (keptPlanned >= 2 && kept.length > keptPlanned) {
      expect(stages, b.headline?.method).not.toBeNull();
      expect([Number(stages![1]), Number(stages![2])]).toEqual([keptPlanned, kept.length - keptPlanned]);
    } else {
      expect(stages, b.headline?.method).toBeNull();
      expect(b.headline?.method).toContain(`t-interval over ${kept.length} per-process values`);
    }
    expect(doc.options.maxForks).toBe(6);
  }, 120_000);

  it('keep an explicit --forks count exact, and follow --max-forks', async () => {
    expect((await run(['--forks', '3'])).benchmarks[0].forks).toHaveLength(3);
    expect((await run(['--forks', '2', '--max-forks', '4'])).benchmarks[0].forks).toHaveLength(4);
  }, 120_000);

  it('are cut to what fits in --budget, and the row says the budget kept its interval wide', async () => {
    // 1 ms: the planned processes alone take longer, so no process fits.
    const doc = await run(['--budget', '0.001']);
    const b = doc.benchmarks[0];
    expect(b.forks).toHaveLength(3);
    expect(doc.options.budgetMs).toBe(1);
    const cut = b.details?.find((d) => d.code === 'processes-budget');
    expect(cut?.values).toMatchObject({ planned: 3, added: 0, budgetS: 0.001 });
    expect(cut?.values.wanted).toBeGreaterThanOrEqual(1);
    // A warning, not a note: the budget, not the answer, decided how many processes ran.
    expect(cut?.severity).toBe('warning');
    expect((b.warnings ?? []).join('\n')).toMatch(
      /the run's budget of 0\.001 s \(--budget\) had room for 0, so the interval stays wider than the ±10 %/,
    );
  }, 120_000);

  it('refuse a --budget that is not a positive number in one line', async () => {
    const r = await runCli(['run', FIXTURE, '--budget', '0'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^cyclebench run: --budget must be a positive number, got '0'\n/);
  });

  it('refuse a --max-forks below --forks in one line', async () => {
    const r = await runCli(['run', FIXTURE, '--forks', '3', '--max-forks', '2'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^cyclebench run: --max-forks 2 is below --forks 3\n/);
  });
});
