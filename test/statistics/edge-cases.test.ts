// Edge cases of the statistics building blocks: non-finite input, far tails, one value, the
// noise threshold at exactly its value. Reference values from scipy 1.x (norm.cdf, t.ppf,
// mannwhitneyu(method='asymptotic')).
import { describe as group, expect, it } from 'vitest';
import { describe } from '../../src/statistics/describe.js';
import { mannWhitney } from '../../src/statistics/mann-whitney.js';
import { normalCdf } from '../../src/statistics/normal.js';
import { formatPValue } from '../../src/statistics/p-value.js';
import { tCdf, tQuantile } from '../../src/statistics/tdist.js';
import { exceedsThreshold, withinNoiseReason } from '../../src/statistics/threshold.js';

const rel = (a: number, b: number): number => Math.abs(a - b) / Math.abs(b);

group('statistics edge cases', () => {
  it('mannWhitney rejects NaN and infinities instead of looping', () => {
    expect(() => mannWhitney([1, NaN, 3], [2, 4])).toThrow(/non-finite value NaN/);
    expect(() => mannWhitney([1, 2], [Infinity, 4])).toThrow(/non-finite value Infinity/);
  });

  it('normalCdf keeps relative precision in the far lower tail (to z = -37)', () => {
    const ref: [number, number][] = [
      [-1.96, 0.024997895148220435],
      [-5, 2.866515718791933e-7],
      [-8.3, 5.2055697448902465e-17],
      [-10, 7.61985302416047e-24],
      [-20, 2.7536241186061556e-89],
      [-37, 5.7255712225239266e-300],
    ];
    for (const [z, p] of ref) expect(rel(normalCdf(z), p)).toBeLessThan(1e-12);
    expect(normalCdf(0)).toBe(0.5);
    expect(rel(1 - normalCdf(1.96), 0.024997895148220435)).toBeLessThan(1e-12);
  });

  it('tQuantile stays finite for p far below 1e-16', () => {
    expect(rel(tQuantile(1e-20, 5), -15683.925454365775)).toBeLessThan(1e-8);
    expect(rel(tQuantile(1e-17, 3), -479527.5720444198)).toBeLessThan(1e-8);
    expect(rel(tCdf(tQuantile(1e-20, 5), 5), 1e-20)).toBeLessThan(1e-8);
  });

  it('fully separated 60 vs 60 samples: p = 3.6e-21, printed "< 1e-16", never 0', () => {
    const x = Array.from({ length: 60 }, (_, i) => i);
    const y = x.map((v) => v + 100);
    const r = mannWhitney(x, y);
    expect(r.pValue).toBeGreaterThan(0);
    expect(rel(r.pValue, 3.5565709749847226e-21)).toBeLessThan(1e-9);
    expect(formatPValue(r.pValue)).toBe('< 1e-16');
    expect(formatPValue(0)).toBe('< 1e-16');
    expect(formatPValue(0.0123)).toBe('0.012');
  });

  it('describe of one value: standard deviation, standard error and CV are undefined (NaN), not 0', () => {
    const d = describe([5]);
    expect(d.mean).toBe(5);
    expect(d.stddev).toBeNaN();
    expect(d.stderr).toBeNaN();
    expect(d.cv).toBeNaN();
    expect(describe([4, 6]).stderr).toBeCloseTo(1, 12);
  });

  it('a change exactly at the threshold does not exceed it (1.01 / 1.00 in floating point)', () => {
    expect(1.01 / 1.0 - 1).toBeGreaterThan(0.01); // the float error the rule absorbs
    expect(exceedsThreshold(1.01 / 1.0 - 1, 0.01)).toBe(false);
    expect(exceedsThreshold(1 - 0.99, 0.01)).toBe(false);
    expect(exceedsThreshold(0.0101, 0.01)).toBe(true);
    expect(exceedsThreshold(-0.0101, 0.01)).toBe(true);
    expect(withinNoiseReason(0.01, 0.01)).toBe(
      'within noise: the change 1.00 % does not exceed the noise threshold 1.00 %',
    );
  });
});
