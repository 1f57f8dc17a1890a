// A file's assertions (expect(a).toBeSlowerThan(b)) are claims stated before the run, judged at
// their own level (src/analysis/checks.ts): a table row the run's family-wise level held back
// (Holm over its .baseline() comparisons: 'cannot tell', its own verdict in the reason) is judged
// on that own verdict, as an assertion between two benchmarks that are not baselines is.
import { describe, expect, it } from 'vitest';
import { judgeChecks } from '../../src/analysis/checks.js';
import type { Check } from '../../src/results/checks.js';
import type { RelativeResult } from '../../src/results/schema.js';
import {
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

const heldBack: RelativeResult = {
  baseline: 'g/base',
  verdict: 'cannot-tell',
  ratio: { point: 1.05, ciLow: 1.004, ciHigh: 1.09 },
  pValue: 0.02,
  because: {
    code: 'not-after-adjustment',
    severity: 'warning',
    values: { verdict: 'slower', pValue: 0.02, family: 6, alpha: 0.05, inRun: true },
  },
};

const run = () =>
  doc([
    bench('base', forks(1, 3, { cost: 10 }), { group: 'g', baseline: true }),
    bench('b4', forks(2, 3, { cost: 10.5 }), { group: 'g', relative: heldBack }),
  ]);
const check = (not: boolean, actual: string, expected: string): Check => ({
  test: 'g',
  matcher: 'toBeSlowerThan',
  not,
  actual,
  expected,
  delta: 0,
});

describe('an assertion on a pair the table held back by Holm', () => {
  it('is judged on the row\'s own verdict: "slower" passes, ".not" fails, either way round', () => {
    const [slower, notSlower] = judgeChecks(run(), [check(false, 'g/b4', 'g/base'), check(true, 'g/b4', 'g/base')], {
      seed: 1,
    });
    expect(slower!.status).toBe('passed');
    expect(notSlower!.status).toBe('failed');
    // Named the other way round: base is faster than b4 on the same row.
    const [faster] = judgeChecks(run(), [{ ...check(false, 'g/base', 'g/b4'), matcher: 'toBeFasterThan' }], {
      seed: 1,
    });
    expect(faster!.status).toBe('passed');
  });
});
