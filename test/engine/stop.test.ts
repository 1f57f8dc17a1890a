import { describe, expect, it } from 'vitest';
import { decideStop, relativeSlopeHalfWidth, type StopConfig } from '../../src/engine/stop.js';
import type { Batch } from '../../src/results/schema.js';

const cfg: StopConfig = { targetCi: 0.01, confidence: 0.95, timeBudgetNs: 1e9, minRounds: 2, maxRounds: 5 };

function batches(pairs: [number, number][]): Batch[] {
  return pairs.map(([iterations, ns]) => ({
    iterations,
    ns,
    ticks: ns,
    cpuStart: 0,
    cpuEnd: 0,
    gc: 0,
    contextSwitches: 0,
    migrations: 0,
    pageFaults: 0,
  }));
}

describe('relativeSlopeHalfWidth', () => {
  it('is null with too few points or a single batch size', () => {
    expect(
      relativeSlopeHalfWidth(
        batches([
          [1, 1],
          [2, 2],
        ]),
        0.95,
      ),
    ).toBeNull();
    expect(
      relativeSlopeHalfWidth(
        batches([
          [1, 1],
          [1, 2],
          [1, 3],
        ]),
        0.95,
      ),
    ).toBeNull();
  });
  it('is 0 for an exact line and the median CI of per-iteration times otherwise', () => {
    expect(
      relativeSlopeHalfWidth(
        batches([
          [1, 15],
          [2, 25],
          [3, 35],
          [4, 45],
        ]),
        0.95,
      ),
    ).toBeCloseTo(0, 12);
    // Worked by hand: points (1,11) (2,19) (3,31) (4,39). Theil–Sen pairwise slopes 8, 10,
    // 28/3, 12, 10, 8 → median (28/3 + 10)/2 = 29/3. Intercept: median of y − 29/3·x =
    // {4/3, −1/3, 2, 1/3} → 5/6. Per-iteration (y − 5/6)/x = 10.1667, 9.0833, 10.0556,
    // 9.5417. With n = 4 the order-statistic ranks n/2 ∓ 1.96·√n/2 clamp to the extremes:
    // (10.1667 − 9.0833)/2 / (29/3).
    const x = [1, 2, 3, 4];
    const y = [11, 19, 31, 39];
    const per = y.map((v, i) => (v - 5 / 6) / x[i]).sort((a, b) => a - b);
    expect(relativeSlopeHalfWidth(batches(x.map((xi, i) => [xi, y[i]])), 0.95)).toBeCloseTo(
      (per[3] - per[0]) / 2 / (29 / 3),
      9,
    );
  });
});

describe('decideStop', () => {
  it('stops on the target CI only after the minimum rounds', () => {
    expect(decideStop(1, 0, 0.001, cfg)).toBeNull();
    expect(decideStop(2, 0, 0.001, cfg)).toBe('target-ci');
    expect(decideStop(2, 0, 0.02, cfg)).toBeNull();
    expect(decideStop(2, 0, null, cfg)).toBeNull();
  });
  it('stops on the time budget, then on max rounds', () => {
    expect(decideStop(2, 1e9, 0.5, cfg)).toBe('time-budget');
    expect(decideStop(5, 0, 0.5, cfg)).toBe('max-rounds');
    expect(decideStop(5, 2e9, 0.5, cfg)).toBe('time-budget');
  });
});
