// A run counted under Valgrind compared with a saved baseline (run --counters simulate --baseline
// NAME): the run's comparison settings compare simulated instructions per op, as its group
// baselines do; by time every row read "baseline has no measurement" (a simulated run has no time).
import { describe, expect, it } from 'vitest';
import { runCompareSettings } from '../../src/api/finish-run.js';
import { compareDocuments } from '../../src/compare/documents.js';
import { readResultFile } from '../../src/results/read.js';
import { FIXTURE_DIR } from '../helpers/golden.js';

describe('a simulated run against a saved baseline', () => {
  it('compares instructions per op, at the threshold a simulated run defaults to', () => {
    const sim = readResultFile(`${FIXTURE_DIR}simulated.json`);
    const settings = runCompareSettings({
      threshold: 0.002,
      confidence: 0.95,
      seed: 1,
      targetCi: 0.01,
      simulate: true,
    });
    expect(settings.instructions).toBe(true);
    const r = compareDocuments(sim, sim, settings);
    expect(r.comparisons.map((c) => c.verdict)).toEqual(r.comparisons.map(() => 'no-difference'));
    // Without it (a timed run's settings) the same files cannot be compared.
    const timed = compareDocuments(sim, sim, runCompareSettings({ confidence: 0.95, seed: 1, targetCi: 0.01 }));
    expect(timed.comparisons.every((c) => c.verdict === 'incomparable')).toBe(true);
  });
});
