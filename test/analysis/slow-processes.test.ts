// Slow process states: judged against the run's median yardstick, left out of the headline
// and of comparisons when enough processes remain, flagged contended when not.
import { describe, expect, it } from 'vitest';
import {
  markSlowProcesses,
  measuredForks,
  runYardstick,
  slowProcessesDetail,
  SLOW_FACTOR,
} from '../../src/analysis/slow-processes.js';
import { detailText } from '../../src/report/details.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import type { ForkResult } from '../../src/results/schema.js';
import { makeFork } from '../helpers/synthetic-forks.js';

/** A process measuring `costNs` whose yardstick read `yardstick` ns every round. */
function proc(index: number, costNs: number, yardstick: number | null): ForkResult {
  return {
    ...makeFork({ costNs, overheadNs: 50, noise: 0.002, index, seed: 40 + index }),
    ...(yardstick === null ? {} : { yardstickNs: [yardstick, yardstick * 1.01, yardstick * 0.99] }),
  };
}

describe('slow processes', () => {
  it('the reference is the median over every process of the run; none without 3 readings', () => {
    expect(runYardstick([proc(0, 500, 30_000), proc(1, 500, 31_000), proc(2, 900, 60_000)])).toBe(31_000);
    expect(runYardstick([proc(0, 500, 30_000), proc(1, 500, null)])).toBeNull();
  });

  it(`marks a process at ${SLOW_FACTOR}× the reference or more, with its factor`, () => {
    const forks = [proc(0, 500, 30_000), proc(1, 500, 30_300), proc(2, 900, 54_000), proc(3, 500, 36_000)];
    expect(markSlowProcesses(forks, 30_000)).toBe(1);
    expect(forks.map((f) => f.slowState)).toEqual([undefined, undefined, 1.8, undefined]);
  });

  it('the headline leaves a 1.8×-slow process out and one line says so', () => {
    // Three processes read 500 ns per iteration; one ran in a slow state and read 900.
    const forks = [proc(0, 500, 30_000), proc(1, 500, 30_100), proc(2, 500, 29_900), proc(3, 900, 54_000)];
    markSlowProcesses(forks, runYardstick(forks));
    const a = analyzeBenchmark(measuredForks(forks), { seed: 1 });
    expect(a.headline.point).toBeGreaterThan(495);
    expect(a.headline.point).toBeLessThan(505);
    const d = slowProcessesDetail(forks)!;
    expect(d.severity).toBe('info');
    expect(d.values.leftOut).toBe(true);
    expect(detailText(d)).toMatch(/^1 of 4 processes ran in a slow state .*1\.80×.*; left out of the estimate$/);
  });

  it('with fewer than 2 normal processes left, nothing is dropped and the result is contended', () => {
    const forks = [proc(0, 500, 30_000), proc(1, 900, 54_000), proc(2, 900, 54_000)];
    markSlowProcesses(forks, 30_000);
    expect(measuredForks(forks)).toHaveLength(3);
    const d = slowProcessesDetail(forks)!;
    expect(d.severity).toBe('warning');
    expect(d.values.leftOut).toBe(false);
    expect(detailText(d)).toMatch(/^contended: 2 of 3 processes ran in a slow state/);
  });

  it('comparisons leave slow processes out too: a slow process does not turn A/A into "slower"', () => {
    const base = [proc(0, 500, 30_000), proc(1, 500, 30_000), proc(2, 500, 30_000)];
    const cont = [proc(3, 500, 30_000), proc(4, 500, 30_000), proc(5, 500, 30_000), proc(6, 900, 54_000)];
    markSlowProcesses([...base, ...cont], runYardstick([...base, ...cont]));
    const v = verdictForForks(base, cont, { threshold: 0.01, confidence: 0.95, seed: 1, statistic: 'slope' });
    expect(v.verdict).not.toBe('slower');
    expect(v.ratio!.point).toBeGreaterThan(0.98);
    expect(v.ratio!.point).toBeLessThan(1.02);
  });
});
