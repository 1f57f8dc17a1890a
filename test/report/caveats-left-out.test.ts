// The report's caveats say when a process was left out of a benchmark's estimate, though the
// analysis records it as a note: the headline rests on fewer processes than the run shows
// (src/report/caveats.ts).
import { describe, expect, it } from 'vitest';
import { caveats } from '../../src/report/caveats.js';
import {
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

describe('caveats of a benchmark with a process left out', () => {
  it('name it, and say nothing of a slow process that was kept', () => {
    const slow = (leftOut: boolean) =>
      bench('k', forks(1, 3, { cost: 10 }), {
        details: [
          {
            code: 'slow-processes',
            severity: 'info',
            benchmark: 'k',
            values: { slow: 1, of: 3, factors: [1.6], leftOut },
          },
        ],
      });
    const out = caveats(doc([slow(true)]));
    expect(out.filter((l) => l.startsWith('k: '))).toHaveLength(1);
    expect(out.find((l) => l.startsWith('k: '))).toMatch(/left out/);
    expect(caveats(doc([slow(false)])).some((l) => l.startsWith('k: '))).toBe(false);
  });
});
