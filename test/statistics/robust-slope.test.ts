import { describe, expect, it } from 'vitest';
import { perSizeMedianFit, perSizeRepeatedMedianSlope, theilSen } from '../../src/statistics/robust-slope.js';

describe('Theil–Sen', () => {
  it('matches a hand-computed example', () => {
    // Points (1,1) (2,3) (3,2) (4,5): pairwise slopes 2, 0.5, 4/3, -1, 1, 3 → sorted
    // -1, 0.5, 1, 4/3, 2, 3 → median (1 + 4/3)/2 = 7/6 (worked by hand, Sen 1968's definition).
    const f = theilSen([1, 2, 3, 4], [1, 3, 2, 5]);
    expect(f.slope).toBeCloseTo(7 / 6, 12);
    // Intercept: median of y − 7/6·x = {−1/6, 2/3, −3/2, 1/3} → (−1/6 + 1/3)/2 = 1/12.
    expect(f.intercept).toBeCloseTo(1 / 12, 12);
  });

  it('recovers an exact line and ignores a minority of wild points', () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const y = x.map((v) => 200 + 100 * v);
    expect(theilSen(x, y)).toMatchObject({ slope: 100, intercept: 200 });
    y[2] *= 1.6;
    y[7] *= 1.5; // two slow batches of ten
    expect(theilSen(x, y).slope).toBeCloseTo(100, 0);
  });

  it('has no slope with a single distinct x', () => {
    expect(theilSen([5, 5], [1, 2]).slope).toBeNaN();
  });

  it('collapses repeated sizes to their medians before fitting', () => {
    const x: number[] = [];
    const y: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 1; i <= 10; i++) {
        x.push(i * 50);
        // every fifth batch of each size 40 % slow: a heavy tail like a preempted vCPU
        y.push(300 + 2 * i * 50 * (round === 4 ? 1.4 : 1));
      }
    }
    const f = perSizeMedianFit(x, y);
    expect(f.points).toBe(10);
    expect(f.slope).toBeCloseTo(2, 10);
    expect(f.intercept).toBeCloseTo(300, 8);
  });
});

describe('repeated median (Siegel)', () => {
  it('matches a hand-computed example', () => {
    // Points (1,1) (2,3) (3,2) (4,5): each point's slopes to the others, their median:
    // (1,1): 2, 0.5, 4/3 → 4/3; (2,3): 2, −1, 1 → 1; (3,2): 0.5, −1, 3 → 0.5; (4,5): 4/3, 1, 3 → 4/3.
    // The median of 4/3, 1, 0.5, 4/3 is (1 + 4/3)/2 = 7/6 (worked by hand, Siegel 1982's definition).
    expect(perSizeRepeatedMedianSlope([1, 2, 3, 4], [1, 3, 2, 5])).toBeCloseTo(7 / 6, 12);
  });

  it('is exact with one wild point of four, where Theil–Sen moves', () => {
    const x = [1, 2, 3, 4];
    const y = x.map((v) => 100 * v + 7);
    y[3] += 60;
    expect(perSizeRepeatedMedianSlope(x, y)).toBe(100);
    expect(theilSen(x, y).slope).toBe(110); // (100 + 120) / 2: half the wild point's slopes are in the middle pair
  });

  it('takes each size at its median, and has no slope with one size', () => {
    expect(perSizeRepeatedMedianSlope([1, 1, 1, 2, 2, 2], [10, 9, 99, 20, 21, 0])).toBe(10);
    expect(perSizeRepeatedMedianSlope([3, 3], [1, 2])).toBeNaN();
  });
});
