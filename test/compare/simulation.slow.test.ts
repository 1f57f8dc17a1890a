// Seeded simulations on synthetic forks (no timing) of what a comparison prints, in the slow tier
// (test/README.md: about 8 CPU-seconds of trials):
// - the detectable difference printed beside a verdict (the `detectable` detail, `--aa`) is found
//   by that verdict about 80 % of the time: 75–85 % at 2, 3, 5 and 10 processes a side;
// - with the default added-process procedure (src/analysis/more-processes.ts: processes are
//   added when the planned ones disagree, up to twice the planned count), identical code is
//   called faster or slower in at most 5 % of comparisons, because the ratio interval is
//   two-stage as the headline's is (statistics/t-intervals.ts twoStageRatioInterval).
// The figures are deterministic under the seeds; with 400 trials a rate's binomial sd is 2.0 % at
// 80 % and 1.1 % at 5 %. The measured figures are in docs/measurements.md ("Verdicts, suite gates
// and the paired cap").
import { describe, expect, it } from 'vitest';
import { headlineInterval } from '../../src/analysis/headline-ci.js';
import { isUsableBatch } from '../../src/analysis/fork-fit.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import { maxProcesses, processesToAdd } from '../../src/analysis/more-processes.js';
import type { ForkResult } from '../../src/results/schema.js';
import { welchDetectableDifference } from '../../src/statistics/welch-power.js';
import { syntheticForks } from '../helpers/synthetic-results.js';
import { trials } from '../helpers/trials.js';

const S = { threshold: 0.01, confidence: 0.95, resamples: 100 };
const TRIALS = 400;

describe('the printed detectable difference (seeded simulation)', () => {
  it('is found 75–85 % of the time at 2, 3, 5 and 10 processes a side', async () => {
    // Batch noise 0.1 %: each process's slope is its own factor, so the per-process CV is `between`.
    const between = 0.03;
    for (const n of [2, 3, 5, 10]) {
      const shift = welchDetectableDifference(between, n);
      let found = 0;
      let printed = 0;
      await trials(TRIALS, (t) => {
        const spec = { cost: 10, between, within: 0.001, batches: 8 };
        const a = syntheticForks(40_000 + 2 * t + 1000 * n, n, spec);
        const b = syntheticForks(40_001 + 2 * t + 1000 * n, n, { ...spec, cost: 10 * (1 + shift) });
        const v = verdictForForks(a, b, { ...S, seed: t + 1 });
        if (v.verdict === 'slower') found++;
        printed += v.minimumDetectable ?? NaN;
      });
      console.log(
        `${n} a side: detectable ${(shift * 100).toFixed(1)} % (mean printed ${((printed / TRIALS) * 100).toFixed(1)} %), found ${((found / TRIALS) * 100).toFixed(1)} %`,
      );
      expect(found / TRIALS, `${n} a side`).toBeGreaterThanOrEqual(0.75);
      expect(found / TRIALS, `${n} a side`).toBeLessThanOrEqual(0.85);
    }
  }, 300_000);
});

/** One side of an A/A run under the default procedure: `planned` processes, then the ones the rule adds. */
function side(seed: number, planned: number, between: number): { forks: ForkResult[]; added: boolean } {
  const max = maxProcesses(planned, false);
  const all = syntheticForks(seed, max, { cost: 10, between, within: 0.01, batches: 10 });
  const first = all.slice(0, planned);
  const h = headlineInterval(
    first.map((f) => f.batches.filter(isUsableBatch)),
    'slope',
    false,
    { confidence: 0.95, resamples: 100, seed: 1 },
  );
  const add = processesToAdd(h, planned, max);
  return { forks: all.slice(0, planned + add), added: add > 0 };
}

describe('A/A with the default added-process procedure (seeded simulation)', () => {
  it('calls identical code different in at most 5 % of comparisons at 2, 3, 5 and 10 planned processes', async () => {
    for (const between of [0.06, 0.12])
      for (const k of [2, 3, 5, 10]) {
        let called = 0;
        let plain = 0;
        let addedAny = 0;
        await trials(TRIALS, (t) => {
          const a = side(60_000 + 2 * t + 1000 * k, k, between);
          const b = side(60_001 + 2 * t + 1000 * k, k, between);
          if (a.added || b.added) addedAny++;
          const planned = [a.added ? k : undefined, b.added ? k : undefined] as const;
          const v = verdictForForks(a.forks, b.forks, { ...S, seed: t + 1, planned });
          if (v.verdict === 'faster' || v.verdict === 'slower') called++;
          const old = verdictForForks(a.forks, b.forks, { ...S, seed: t + 1 });
          if (old.verdict === 'faster' || old.verdict === 'slower') plain++;
        });
        console.log(
          `CV ${between * 100} %, ${k} planned: processes added in ${((addedAny / TRIALS) * 100).toFixed(0)} % of comparisons; called different ${((called / TRIALS) * 100).toFixed(1)} % (one-stage interval: ${((plain / TRIALS) * 100).toFixed(1)} %)`,
        );
        expect(called / TRIALS, `CV ${between}, ${k} planned`).toBeLessThanOrEqual(0.05);
      }
  }, 300_000);
});
