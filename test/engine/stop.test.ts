import { describe, expect, it } from 'vitest';
import { decideStop, relativeSlopeHalfWidth, type StopConfig } from '../../src/engine/stop.js';
import type { Batch } from '../../src/results/schema.js';

const cfg: StopConfig = { targetCi: 0.01, confidence: 0.95, timeBudgetNs: 1e9, minRounds: 2, maxRounds: 5 };

function batches(pairs: [number, number][]): Batch[] {
  return pairs.map(([iterations, ns]) => ({ iterations, ns, ticks: ns, cpuStart: 0, cpuEnd: 0, gc: 0, contextSwitches: 0, migrations: 0, pageFaults: 0 }));
}

describe('relativeSlopeHalfWidth', () => {
  it('is null with too few points or a single batch size', () => {
    expect(relativeSlopeHalfWidth(batches([[1, 1], [2, 2]]), 0.95)).toBeNull();
    expect(relativeSlopeHalfWidth(batches([[1, 1], [1, 2], [1, 3]]), 0.95)).toBeNull();
  });
  it('is 0 for an exact line and t·se/slope otherwise', () => {
    expect(relativeSlopeHalfWidth(batches([[1, 15], [2, 25], [3, 35], [4, 45]]), 0.95)).toBeCloseTo(0, 12);
    // Textbook OLS by hand (Draper & Smith §1.4): x̄ = 2.5, Sxx = 5, slope = Sxy/Sxx = 48/5,
    // se(slope) = √(SSres/(n-2)) / √Sxx.
    const x = [1, 2, 3, 4];
    const y = [11, 19, 31, 39];
    const slope = 9.6;
    const intercept = 25 - slope * 2.5;
    const ssres = x.reduce((s, xi, i) => s + (y[i] - intercept - slope * xi) ** 2, 0);
    const se = Math.sqrt(ssres / 2) / Math.sqrt(5);
    const t = 4.302652729911275; // t(0.975, 2), R: qt(0.975, 2)
    expect(relativeSlopeHalfWidth(batches(x.map((xi, i) => [xi, y[i]])), 0.95)).toBeCloseTo((t * se) / slope, 9);
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
