// The noise threshold at exactly its value: 1.01 vs 1.00 with no noise is a 1 % change, which
// does not exceed a 1 % threshold, in `stat` A/B and in the run comparison alike.
import { describe, expect, it } from 'vitest';
import { comparisonReason } from '../../src/report/details.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import { compareMetric } from '../../src/stat/compare.js';
import type { CommandResult } from '../../src/stat/types.js';
import { syntheticForks } from '../helpers/synthetic-results.js';

function command(value: number, runs = 10): CommandResult {
  const list = Array.from({ length: runs }, (_, i) => ({
    index: i,
    ok: true,
    warmup: false,
    values: { 'wall-time': value },
  }));
  return { runs: list, failures: [], metrics: {}, unsupported: {} } as unknown as CommandResult;
}

describe('a change exactly at the noise threshold', () => {
  it('stat A/B: 1.01 vs 1.00 is within noise, with the shared wording', () => {
    const c = compareMetric(command(1.0), command(1.01), [0, 1], 'wall-time', { noiseThreshold: 0.01 });
    expect(c.verdict).toBe('no-difference');
    expect(comparisonReason(c)).toBe('within noise: the change 1.00 % does not exceed the noise threshold 1.00 %');
    const d = compareMetric(command(1.0), command(1.0101), [0, 1], 'wall-time', { noiseThreshold: 0.01 });
    expect(d.verdict).toBe('slower');
  });

  it('run compare: a noise-free 1 % slowdown is within noise at a 1 % threshold', () => {
    const spec = { between: 0, within: 0, overhead: 0 };
    const base = syntheticForks(1, 5, { cost: 100, ...spec });
    const cont = syntheticForks(2, 5, { cost: 101, ...spec });
    const v = verdictForForks(base, cont, { threshold: 0.01, confidence: 0.95, seed: 1, resamples: 200 });
    expect(v.ratio!.point).toBeCloseTo(1.01, 12);
    expect(v.verdict).toBe('no-difference');
    expect(comparisonReason(v)).toMatch(
      /^within noise: the change 1\.00 % does not exceed the noise threshold 1\.00 %/,
    );
  });
});
