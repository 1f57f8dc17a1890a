// stat A/B with a metric whose mean is 0 on one side (page faults, context switches): no ratio,
// and the reason names the side whose mean is 0.
import { describe, expect, it } from 'vitest';
import { compareMetric } from '../../src/stat/compare.js';
import type { CommandResult } from '../../src/stat/types.js';

function command(values: number[]): CommandResult {
  const runs = values.map((v, index) => ({ index, ok: true, warmup: false, values: { 'page-faults': v } }));
  return { runs, failures: [], metrics: {}, unsupported: {} } as unknown as CommandResult;
}

describe('a mean of 0', () => {
  it('names the contender when the contender has it', () => {
    const c = compareMetric(command([3, 4, 5]), command([0, 0, 0]), [0, 1], 'page-faults');
    expect(c.verdict).toBe('incomparable');
    expect(c.reason).toBe('contender mean is 0: no ratio');
  });
  it('names the baseline, or both', () => {
    expect(compareMetric(command([0, 0]), command([1, 2]), [0, 1], 'page-faults').reason).toBe(
      'baseline mean is 0: no ratio',
    );
    expect(compareMetric(command([0, 0]), command([0, 0]), [0, 1], 'page-faults').reason).toBe(
      'both means are 0: no ratio',
    );
  });
  it('gives no infinite ratio with too few runs either', () => {
    const c = compareMetric(command([2]), command([0]), [0, 1], 'page-faults');
    expect(c.ratio).toBeNull();
  });
});
