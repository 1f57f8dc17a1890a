// A verdict against a run whose added processes read differently from its planned ones must hold
// against each stage (src/analysis/run-drift.ts). Exact cases, one through compareForks, and a
// seeded simulation of the rates the rule changes.
import { describe, expect, it } from 'vitest';
import { compareForks } from '../../src/analysis/compare.js';
import { DRIFT_ALPHA, driftDetail, stageDrift } from '../../src/analysis/run-drift.js';
import { createRng } from '../../src/statistics/rng.js';
import { twoStageRatioInterval } from '../../src/statistics/t-intervals.js';
import { intervalVerdict } from '../../src/statistics/threshold.js';
import { normal, syntheticForks } from '../helpers/synthetic-results.js';
import { trials } from '../helpers/trials.js';

const PLANNED_3_ADDED_3 = [true, true, true, false, false, false];

describe('stageDrift', () => {
  it('finds planned and added processes that disagree, with their means', () => {
    const d = stageDrift([847, 1076, 805, 1464, 1812, 1485], PLANNED_3_ADDED_3, 'baseline', 0.95);
    expect(d).not.toBeNull();
    expect(d!.planned).toEqual([0, 1, 2]);
    expect(d!.added).toEqual([3, 4, 5]);
    expect(d!.plannedMean).toBeCloseTo(909.333, 3);
    expect(d!.addedMean).toBeCloseTo(1587, 6);
    expect(d!.pValue).toBeLessThan(DRIFT_ALPHA);
  });

  it('finds none when the stages agree, when nothing was added, or with one added process', () => {
    expect(stageDrift([900, 950, 880, 910, 940, 890], PLANNED_3_ADDED_3, 'baseline', 0.95)).toBeNull();
    expect(stageDrift([847, 1076, 805, 1464, 1812, 1485], undefined, 'baseline', 0.95)).toBeNull();
    expect(stageDrift([847, 1076, 805, 1464], [true, true, true, false], 'contender', 0.95)).toBeNull();
  });
});

describe('driftDetail', () => {
  // JSON.parse in two runs of unchanged code (docs/measurements.md, "Allocating kernels through the
  // gate"): the contender's 3 processes against a baseline whose 3 added processes ran slow.
  const base = [847, 1076, 805, 1464, 1812, 1485];
  const contender = [935, 827, 879];
  const drift = stageDrift(base, PLANNED_3_ADDED_3, 'baseline', 0.95)!;

  it("turns a verdict that one stage does not give into 'cannot tell', saying why", () => {
    const d = driftDetail('faster', [base, contender], [drift], 0.01, 0.95);
    expect(d).toMatchObject({
      code: 'run-drifted',
      values: { side: 'baseline', planned: 3, added: 3, verdict: 'faster' },
    });
  });

  it('keeps a verdict every stage gives', () => {
    const slow = [9000, 9500, 8800];
    expect(driftDetail('slower', [base, slow], [drift], 0.01, 0.95)).toBeNull();
  });
});

describe('compareForks with a drifted side', () => {
  it("answers 'cannot tell' where the whole interval said faster", () => {
    const planned = syntheticForks(11, 3, { cost: 10, between: 0.03, within: 0.005, batches: 8 });
    const added = syntheticForks(12, 3, { cost: 16, between: 0.03, within: 0.005, batches: 8 }).map((f, i) => ({
      ...f,
      index: 3 + i,
    }));
    const contender = syntheticForks(13, 3, { cost: 10, between: 0.03, within: 0.005, batches: 8 });
    const whole = compareForks([...planned, ...added], contender, { seed: 1 });
    const staged = compareForks([...planned, ...added], contender, { seed: 1, planned: [3, undefined] });
    expect(whole.verdict).toBe('faster');
    expect(staged.verdict).toBe('cannot-tell');
    expect(staged.because?.code).toBe('run-drifted');
    expect(staged.drift?.code).toBe('run-drifted');
  });
});

describe('the rule in a seeded simulation (per-process values, Welch intervals as compareForks builds them)', () => {
  // One trial: a baseline of 3 planned + 3 added processes, a contender of 3; between-process CV
  // 5 %. `shift`: the machine's speed factor for the baseline's added stage; `truth`: the
  // contender's true ratio. Returns the verdict without and with the rule.
  function trial(seed: number, shift: number, truth: number): [string, string] {
    const rng = createRng(seed);
    const draw = (m: number) => m * (1 + 0.05 * normal(rng));
    const base = [1, 1, 1, shift, shift, shift].map(draw);
    const contender = [truth, truth, truth].map(draw);
    const t = twoStageRatioInterval(base, contender, 0.95, [PLANNED_3_ADDED_3, undefined]);
    const plain = intervalVerdict(t.point, t.ciLow, t.ciHigh, 0.01);
    if (plain === 'cannot-tell') return [plain, plain];
    const d = stageDrift(base, PLANNED_3_ADDED_3, 'baseline', 0.95);
    const held = d && driftDetail(plain, [base, contender], [d], 0.01, 0.95);
    return [plain, held ? 'cannot-tell' : plain];
  }
  const TRIALS = 2000;

  it('a machine 50 % slower for the added processes: unchanged code is rarely called different', async () => {
    let before = 0;
    let after = 0;
    await trials(TRIALS, (s) => {
      const [a, b] = trial(1000 + s, 1.5, 1);
      if (a === 'faster' || a === 'slower') before++;
      if (b === 'faster' || b === 'slower') after++;
    });
    // Seeded: 2000 trials give the same counts every run.
    expect(before / TRIALS).toBeGreaterThan(0.3);
    expect(after / TRIALS).toBeLessThan(0.05);
  });

  it('no drift: a true 20 % slowdown is found about as often with the rule as without', async () => {
    let before = 0;
    let after = 0;
    await trials(TRIALS, (s) => {
      const [a, b] = trial(5000 + s, 1, 1.2);
      if (a === 'slower') before++;
      if (b === 'slower') after++;
    });
    expect(before / TRIALS).toBeGreaterThan(0.8);
    expect((before - after) / TRIALS).toBeLessThan(0.03);
  });
});
