// `stat` A/B prints every metric of every contender at once, so its faster/slower rows are held
// to a family-wise level by Holm (src/stat/compare.ts). Seeded simulation: two runs of one command
// (both sides from one distribution), the eight metrics this kind of machine measures, each with
// 5 % run-to-run noise and independent of the others (the worst case for a family). Each metric
// at its own 95 % printed a faster or slower row in 131 of 400 runs with 5 runs a side and 137 of
// 400 with 10 (measured before the adjustment); held by Holm, in at most 5 % + 2 binomial sd. The
// seeds are fixed, so the counts cannot vary between runs.
import { describe, expect, it } from 'vitest';
import { compareAll } from '../../src/stat/compare.js';
import type { CommandResult } from '../../src/stat/types.js';
import { createRng, type Rng } from '../../src/statistics/rng.js';
import { normal } from '../helpers/synthetic-results.js';
import { trials } from '../helpers/trials.js';

const NAMES = [
  'task-clock',
  'context-switches',
  'cpu-migrations',
  'page-faults',
  'wall-time',
  'user-time',
  'system-time',
  'max-rss',
];
const RUNS = 400;

function command(rng: Rng, runs: number, scale: (metric: string) => number = () => 1): CommandResult {
  const list = Array.from({ length: runs }, (_, index) => ({
    index,
    ok: true,
    warmup: false,
    values: Object.fromEntries(NAMES.map((n) => [n, 100 * scale(n) * (1 + 0.05 * normal(rng))])),
  }));
  const metrics = Object.fromEntries(NAMES.map((n) => [n, {}]));
  return { runs: list, failures: [], metrics, unsupported: {} } as unknown as CommandResult;
}

const called = (rows: ReturnType<typeof compareAll>) =>
  rows.some((c) => c.verdict === 'faster' || c.verdict === 'slower');

describe('stat A/B over eight metrics, held to a family-wise level (seeded simulation)', () => {
  for (const runs of [5, 10]) {
    it(`${runs} runs a side of one command: a faster/slower row in at most 5 % of runs`, async () => {
      let any = 0;
      await trials(RUNS, (t) => {
        const rng = createRng(1000 + t);
        if (called(compareAll([command(rng, runs), command(rng, runs)]))) any++;
      });
      console.log(`stat, 8 metrics, ${runs} runs a side, A/A: a faster/slower row in ${any}/${RUNS} runs`);
      expect(any / RUNS).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / RUNS));
    });
  }

  it('a 20 % slower wall time is still slower; a row significant only on its own says why it cannot tell', () => {
    const slower = (n: string) => (n === 'wall-time' ? 1.2 : 1);
    const rng = createRng(7);
    const rows = compareAll([command(rng, 10), command(rng, 10, slower)]);
    expect(rows.find((r) => r.metric === 'wall-time')!.verdict).toBe('slower');
    let found: ReturnType<typeof compareAll>[number] | undefined;
    for (let t = 0; t < RUNS && !found; t++) {
      const r = createRng(1000 + t);
      found = compareAll([command(r, 5), command(r, 5)]).find((c) => c.reason.includes('on its own'));
    }
    expect(found?.verdict).toBe('cannot-tell');
    expect(found!.reason).toMatch(
      /^cannot tell: (faster|slower) on its own \(p = 0\.0\d+\), but not among the 8 compared metrics \(Holm, family-wise 5 %\)$/,
    );
    expect(found!.pValue).toBeLessThan(0.05);
  });
});
