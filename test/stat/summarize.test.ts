// Known answers for the per-metric statistics of `cyclebench stat`. Expected values were
// computed by hand (shown inline) with the two-sided t quantile t(0.975, 4) = 2.776445 from
// the NIST/SEMATECH e-Handbook table 1.3.6.7.2 ("Critical values of the t distribution").
import { describe, expect, it } from 'vitest';
import { deriveMetrics, firstRunsWarning, summarizeMetric } from '../../src/stat/summarize.js';
import { extractRun } from '../../src/stat/metrics.js';
import type { ChildRunResult } from '../../src/platform/types.js';
import type { RunRecord } from '../../src/stat/types.js';

describe('summarizeMetric (hand-computed)', () => {
  it('1..5: mean 3, sd sqrt(2.5), sem sqrt(0.5), t-CI 3 ± 2.776445·0.707107', () => {
    const s = summarizeMetric('ms', [1, 2, 3, 4, 5]);
    expect(s.mean).toBe(3);
    expect(s.stddev).toBeCloseTo(1.5811388, 6); // sqrt(10/4)
    expect(s.stderr).toBeCloseTo(0.7071068, 6); // sqrt(2.5)/sqrt(5)
    expect(s.cv).toBeCloseTo(0.5270463, 6); // 1.5811388/3
    expect(s.median).toBe(3);
    expect([s.min, s.max]).toEqual([1, 5]);
    expect(s.ci95[0]).toBeCloseTo(3 - 1.963243, 5); // 2.776445 * 0.7071068 = 1.963243
    expect(s.ci95[1]).toBeCloseTo(3 + 1.963243, 5);
    expect(s.outliers).toEqual({ mild: [], severe: [] });
  });

  it('Tukey fences on 1..9,100: Q1 3.25, Q3 7.75 (type 7), severe fence 21.25 → 100 is severe', () => {
    const s = summarizeMetric(
      'ms',
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 100],
      undefined,
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    );
    expect(s.outliers.severe).toEqual([19]); // reported by run number, never dropped
    expect(s.n).toBe(10);
    expect(s.mean).toBe(14.5);
  });

  it('mild outlier: 1..9,16 → Q3 7.75, mild fence 14.5 < 16 < severe fence 21.25', () => {
    expect(summarizeMetric('ms', [1, 2, 3, 4, 5, 6, 7, 8, 9, 16]).outliers).toEqual({ mild: [9], severe: [] });
  });

  it('n = 1: stddev, stderr, CV and CI undefined (NaN), not zero', () => {
    const s = summarizeMetric('ms', [7]);
    expect(s.stddev).toBeNaN();
    expect(s.stderr).toBeNaN();
    expect(s.cv).toBeNaN();
    expect(s.ci95.every(Number.isNaN)).toBe(true);
  });

  it('running share is the mean over runs', () => {
    expect(summarizeMetric('count', [1, 2], [0.5, 1]).running).toBe(0.75);
  });
});

describe('extractRun', () => {
  const result = (raw: number[]): ChildRunResult => ({
    pid: 1,
    exitCode: 0,
    signal: null,
    timedOut: false,
    wallNs: 5e6,
    rusage: {
      userNs: 3e6,
      systemNs: 1e6,
      maxRssKb: 900,
      minorFaults: 9,
      majorFaults: 0,
      voluntarySwitches: 4,
      involuntarySwitches: 3,
    },
    counters: { events: [], active: ['page-faults', 'task-clock', 'context-switches'], raw },
  });
  it('scales multiplexed counts (100 · 2e6 / 1e6 = 200), converts ns → ms, records % running', () => {
    const v = extractRun(result([100, 2e6, 1e6, 4e6, 4e6, 4e6, 0, 4e6, 4e6]), false, [
      'page-faults',
      'task-clock',
      'context-switches',
    ]);
    expect(v.values).toMatchObject({
      'page-faults': 200,
      'task-clock': 4,
      'context-switches': 0,
      'wall-time': 5,
      'user-time': 3,
      'system-time': 1,
      'max-rss': 900,
    });
    expect(v.running).toEqual({ 'page-faults': 0.5 });
  });
  it('a counter that never ran is not counted (null), not zero', () => {
    expect(
      extractRun(result([100, 2e6, 0, 1, 1, 1, 0, 1, 1]), false, ['page-faults']).values['page-faults'],
    ).toBeNull();
  });
  it('exclude_kernel: context switches from wait4 nvcsw + nivcsw (4 + 3)', () => {
    expect(extractRun(result([1, 1, 1, 1, 1, 1, 0, 1, 1]), true, ['context-switches']).values['context-switches']).toBe(
      7,
    );
  });
});

describe('deriveMetrics (ratios of means)', () => {
  const m = (mean: number) => summarizeMetric('x', [mean, mean]);
  it('IPC, GHz, miss rates, CPUs utilized', () => {
    const d = deriveMetrics({
      cycles: m(2e9),
      instructions: m(3e9),
      'task-clock': m(1000),
      'wall-time': m(500),
      branches: m(1e6),
      'branch-misses': m(2e4),
      'cache-references': m(1e5),
      'cache-misses': m(5e3),
    });
    expect(d.ipc.value).toBe(1.5);
    expect(d.ghz.value).toBe(2); // 2e9 cycles in 1000 ms
    expect(d['cpus-utilized'].value).toBe(2);
    expect(d['branch-miss-rate'].value).toBe(2);
    expect(d['cache-miss-rate'].value).toBe(5);
  });
  it('absent inputs give no derived metric', () => {
    expect(deriveMetrics({ 'task-clock': m(1) })).toEqual({});
  });
});

describe('firstRunsWarning', () => {
  const runs = (walls: number[]): RunRecord[] =>
    walls.map((w, run) => ({
      command: 0,
      run,
      warmup: false,
      ok: true,
      exitCode: 0,
      signal: null,
      values: { 'wall-time': w },
      running: {},
    }));
  it('warns when the first 20 % are > 10 % slower than the rest', () => {
    expect(firstRunsWarning(runs([20, 20, 10, 10, 10, 10, 10, 10, 10, 10]))).toMatch(
      /first 2 run\(s\) were 100 % slower.*--warmup 2/,
    );
  });
  it('quiet for a flat series and for fewer than 5 runs', () => {
    expect(firstRunsWarning(runs([10, 10.5, 10, 10, 10, 10]))).toBeNull();
    expect(firstRunsWarning(runs([50, 10, 10, 10]))).toBeNull();
  });
});
