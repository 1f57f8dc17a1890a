// The layout-effect decomposition on synthetic processes whose per-process shift is known.
import { describe, expect, it } from 'vitest';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { detailLines, layoutText } from '../../src/report/details.js';
import { layoutEffect } from '../../src/analysis/layout.js';
import type { ForkResult } from '../../src/results/schema.js';
import { makeFork } from '../helpers/synthetic-forks.js';

function padded(f: ForkResult, bytes: number): ForkResult {
  return { ...f, conditions: { ...f.conditions, envPadding: bytes } };
}

// Per-process shifts with a known sample CV: ±3 % around 0 over 6 processes.
const SHIFTS = [-0.03, -0.02, -0.01, 0.01, 0.02, 0.03];

describe('layout effect', () => {
  it('recovers a between-process spread that within-process noise cannot explain', () => {
    const forks = SHIFTS.map((s, i) =>
      padded(makeFork({ costNs: 100, overheadNs: 50, noise: 0.002, processShift: s, index: i, seed: 10 + i }), 100 * i),
    );
    const e = layoutEffect(
      forks,
      forks.map((f) => f.batches),
      'slope',
      1,
    )!;
    expect(e.processes).toBe(6);
    expect(e.layouts).toBe(6);
    expect(e.paddingBytes).toEqual([0, 500]);
    // Expected spread: 1.03 / 0.97 − 1 = 6.19 %; sample CV of the shifts = 0.02366 (sd of ±1,2,3 % / 1).
    expect(e.spread).toBeCloseTo(1.03 / 0.97 - 1, 2);
    expect(e.betweenCv).toBeCloseTo(0.02366, 2);
    // 0.2 % batch noise over 40 batches: each process's own error is far below the spread.
    expect(e.withinCv).toBeLessThan(0.005);
    expect(e.layoutCv).toBeGreaterThan(0.02);
    expect(layoutText({ ...e })).toMatch(/layout and other per-process effects add ≈ 2\.\d %/);
  });

  it('attributes nothing to layout when processes agree within their own noise', () => {
    const forks = [0, 1, 2, 3].map((i) =>
      padded(makeFork({ costNs: 100, overheadNs: 50, noise: 0.05, index: i, seed: 40 + i, rounds: 1, k: 10 }), 64 * i),
    );
    const e = layoutEffect(
      forks,
      forks.map((f) => f.batches),
      'slope',
      1,
    )!;
    expect(e.withinCv).toBeGreaterThan(e.betweenCv * 0.5);
    expect(e.layoutCv).toBeLessThan(e.betweenCv);
  });

  it('is absent when every process ran under the same environment size, or with one process', () => {
    const same = [0, 1, 2].map((i) => makeFork({ costNs: 100, overheadNs: 50, index: i, seed: i }));
    expect(
      layoutEffect(
        same,
        same.map((f) => f.batches),
        'slope',
        1,
      ),
    ).toBeNull();
    const one = [padded(makeFork({ costNs: 100, overheadNs: 50 }), 10)];
    expect(
      layoutEffect(
        one,
        one.map((f) => f.batches),
        'slope',
        1,
      ),
    ).toBeNull();
  });

  it('reaches the analysis result and its notes under randomize', () => {
    const forks = SHIFTS.slice(0, 3).map((s, i) =>
      padded(makeFork({ costNs: 100, overheadNs: 50, processShift: s, index: i, seed: 70 + i }), 1000 * i),
    );
    const a = analyzeBenchmark(forks, { resamples: 200 });
    expect(a.layout?.layouts).toBe(3);
    expect(
      detailLines(a.details).notes.some((n) =>
        n.startsWith('layout (ASLR on, environment padded 0 B–2.0 KiB) over 3 processes'),
      ),
    ).toBe(true);
    const plain = analyzeBenchmark(
      forks.map((f) => padded(f, 0)),
      { resamples: 200 },
    );
    expect(plain.layout).toBeUndefined();
  });
});
