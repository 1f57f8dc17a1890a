// The run's wall-time budget (src/orchestrator/budget.ts), on a fake clock: the share each
// benchmark gets, whether the next look's pairs fit, and how added processes are cut.
import { describe, expect, it } from 'vitest';
import { pairedShareMs, processesThatFit, RunBudget, stepsFit } from '../../src/orchestrator/budget.js';

describe('RunBudget', () => {
  it('counts what is left from its own start, and never below zero', () => {
    let t = 1000;
    const b = new RunBudget(60_000, () => t);
    expect(b.leftMs()).toBe(60_000);
    t += 30_000;
    expect(b.leftMs()).toBe(30_000);
    t += 40_000;
    expect(b.elapsedMs()).toBe(70_000);
    expect(b.leftMs()).toBe(0);
  });
});

describe('stepsFit', () => {
  it('runs the first steps whatever the share, then estimates from the time per step so far', () => {
    expect(stepsFit({ done: 0, steps: 4, spentMs: 0, shareMs: 0 })).toBe(true);
    // 4 pairs in 8 s: 2 s each; 2 more take 4 s.
    expect(stepsFit({ done: 4, steps: 2, spentMs: 8000, shareMs: 12_000 })).toBe(true);
    expect(stepsFit({ done: 4, steps: 2, spentMs: 8000, shareMs: 11_999 })).toBe(false);
  });
});

describe('pairedShareMs', () => {
  it("sets aside every remaining benchmark's first look, then divides what is left equally", () => {
    // 60 s left for 3 benchmarks, 2 s per pair, first looks of 4 pairs: 8 s each set aside, 36 s to divide.
    expect(pairedShareMs({ leftMs: 60_000, benchmarks: 3, perPairMs: 2000, firstLook: 4 })).toBe(8000 + 12_000);
    // Less left than the first looks need: each keeps its own first look, nothing more.
    expect(pairedShareMs({ leftMs: 10_000, benchmarks: 3, perPairMs: 2000, firstLook: 4 })).toBe(8000);
  });
});

describe('processesThatFit', () => {
  it('gives every benchmark that asked its first added process before any gets a second', () => {
    // Room for 5 processes of 1 s; three benchmarks asked for 3, 1 and 2.
    expect(processesThatFit([3, 1, 2], 5_500, 1000)).toEqual([2, 1, 2]);
    expect(processesThatFit([3, 1, 2], 2_000, 1000)).toEqual([1, 1, 0]);
    expect(processesThatFit([3, 1, 2], 0, 1000)).toEqual([0, 0, 0]);
  });

  it('gives what was asked when it all fits', () => {
    expect(processesThatFit([3, 1, 2], 60_000, 1000)).toEqual([3, 1, 2]);
    expect(processesThatFit([2], 10, 0)).toEqual([2]);
    // Nothing left: nothing fits, whatever a process costs.
    expect(processesThatFit([2], 0, 0)).toEqual([0]);
    // Each benchmark at its own time per process: nine at 1 s and one at 30 s, 60 s left. At the
    // run's mean (3.9 s) the slow one was given 13 processes, 390 s.
    const fit = processesThatFit([17, 1, 1], 60_000, [30_000, 1_000, 1_000]);
    expect(fit).toEqual([1, 1, 1]);
    expect(fit[0] * 30_000 + fit[1] * 1_000 + fit[2] * 1_000).toBeLessThanOrEqual(60_000);
  });
});
