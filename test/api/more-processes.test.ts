// The run's answer to "how many processes to add" (src/api/more-processes.ts): planned processes that
// ran slow against the run's fast state are replaced one for one, processes that disagree get
// Stein's count, the larger count is run, never past the maximum.
import { describe, expect, it } from 'vitest';
import { moreProcesses, SETTLED_CONFIDENCE, settledConfidence } from '../../src/api/more-processes.js';
import type { ForkResult } from '../../src/results/schema.js';
import type { MeasuredEntry } from '../../src/orchestrator/suite.js';
import { makeFork } from '../helpers/synthetic-forks.js';
import { addedProcesses, DISAGREE_ABOVE } from '../../src/analysis/more-processes.js';
import { detailText } from '../../src/report/details.js';

const answer = moreProcesses({ statistic: 'slope', confidence: 0.95, seed: 1, threshold: 0.01 });

function entry(title: string, forks: ForkResult[], o: { baseline?: boolean; group?: string } = {}): MeasuredEntry {
  const descriptor = { id: title, name: title, title, group: o.group ?? null, args: {}, baseline: o.baseline ?? false };
  return { descriptor: { ...descriptor, latency: false, file: null }, forks, arms: [[], []], warnings: [] };
}

/** The answer for `forks` in a run whose processes are `run` (the benchmark's own among them). */
function decide(forks: ForkResult[], max: number, run: ForkResult[]) {
  const rest = run.filter((f) => !forks.includes(f));
  return answer(entry('k', forks), max, [entry('k', forks), entry('rest', rest)]);
}

/** A process reading `costNs` per iteration whose memory yardstick read `memory` ns every round. */
function proc(index: number, costNs: number, memory: number): ForkResult {
  return {
    ...makeFork({ costNs, overheadNs: 50, noise: 0.002, index, seed: 60 + index }),
    yardstickNs: [30_000, 30_100, 29_900],
    memoryYardstickNs: [memory, memory * 1.01, memory * 0.99],
  };
}

/** The rest of a run: `n` processes of other benchmarks in the fast state (memory 107 µs). */
const others = (n: number) => Array.from({ length: n }, (_, i) => proc(100 + i, 300, 107_000 + (i % 3) * 1_000));

describe('processes added after the planned ones', () => {
  it('a benchmark whose three processes all fell in a memory spell gets three new ones', () => {
    // They agree with one another (the spell slowed each alike), so Stein's rule alone adds none.
    const spell = [proc(0, 1_500, 156_000), proc(1, 1_505, 155_000), proc(2, 1_495, 157_000)];
    const run = [...others(9), ...spell];
    expect(decide(spell, 6, run)).toEqual({ count: 3, halfWidth: expect.any(Number), replaced: 3 });
    expect(decide(spell, 6, run)!.halfWidth).toBeLessThan(0.02);
  });

  it('one slow process of three whose kernel time moved little is replaced by one', () => {
    // Stein's rule over the two normal ones alone (df 1) would call 2 % apart "disagreeing" and add three.
    const forks = [proc(0, 1_000, 107_000), proc(1, 1_020, 108_000), proc(2, 1_030, 156_000)];
    const d = decide(forks, 6, [...others(9), ...forks])!;
    expect(d).toMatchObject({ count: 1, replaced: 1 });
    expect(d.halfWidth).toBeLessThanOrEqual(DISAGREE_ABOVE);
  });

  it("one slow process of three that moved the kernel 1.5×: the spread asks for Stein's count, which covers it", () => {
    const forks = [proc(0, 1_000, 107_000), proc(1, 1_005, 108_000), proc(2, 1_500, 156_000)];
    const d = decide(forks, 6, [...others(9), ...forks])!;
    expect(d).toMatchObject({ count: 3, replaced: 1 });
    expect(d.halfWidth).toBeGreaterThan(DISAGREE_ABOVE);
  });

  it("none slow and agreeing: none added; none slow but disagreeing: Stein's count", () => {
    const agree = [proc(0, 1_000, 107_000), proc(1, 1_005, 108_000), proc(2, 995, 107_500)];
    expect(decide(agree, 6, [...others(9), ...agree])).toBeNull();
    const disagree = [proc(0, 1_000, 107_000), proc(1, 1_300, 108_000), proc(2, 800, 107_500)];
    const d = decide(disagree, 6, [...others(9), ...disagree])!;
    expect(d.replaced).toBe(0);
    expect(d.count).toBe(3);
    expect(d.halfWidth).toBeGreaterThan(0.1);
  });

  it('never past the maximum, and none that could not leave two normal processes', () => {
    const spell = [proc(0, 1_500, 156_000), proc(1, 1_505, 155_000), proc(2, 1_495, 157_000)];
    const run = [...others(9), ...spell];
    expect(decide(spell, 5, run)).toMatchObject({ count: 2, replaced: 2 });
    // One new process beside three slow ones: the estimate would keep all four (slow-processes.ts).
    expect(decide(spell, 4, run)).toBeNull();
    expect(decide(spell, 3, run)).toBeNull();
    const one = [proc(0, 1_000, 107_000), proc(1, 1_005, 108_000), proc(2, 1_030, 156_000)];
    expect(decide(one, 3, [...others(9), ...one])).toBeNull();
  });

  it('with most of the run in the slow state, processes that caught the fast one are replaced', () => {
    // 8 of the run's 12 processes in the slow state: the run's usual state is the slow one, and the
    // benchmark's processes in the fast state would mix two states into one estimate.
    const mixed = [proc(0, 1_500, 156_000), proc(1, 900, 107_000), proc(2, 905, 108_000)];
    const slowOthers = Array.from({ length: 7 }, (_, i) => proc(200 + i, 300, 155_000 + i * 300));
    expect(decide(mixed, 6, [...others(2), ...slowOthers, ...mixed])).toMatchObject({ replaced: 2 });
    // The spell's own benchmark is in the usual state: nothing to replace for that.
    const spell = [proc(0, 1_500, 156_000), proc(1, 1_505, 155_000), proc(2, 1_495, 157_000)];
    expect(decide(spell, 6, [...others(2), ...slowOthers, ...spell])).toBeNull();
  });
});

describe('the words for added processes', () => {
  it('say which planned ones ran slow, that they disagreed, or both', () => {
    expect(detailText(addedProcesses(3, 6, 0.012, 3, 3))).toBe(
      '3 processes added to the 3 planned: 3 of them ran in another state than the rest of the run, so the estimate is over the 3 of all 6 not left out',
    );
    expect(detailText(addedProcesses(3, 4, 0.04, 3, 1))).toBe(
      '1 process added to the 3 planned: 1 of them ran in another state than the rest of the run, so the estimate is over the 3 of all 4 not left out',
    );
    expect(detailText(addedProcesses(3, 6, 0.14, 5, 1))).toBe(
      '3 processes added to the 3 planned: their results disagreed (±14.0 % after 3, above ±10 %; 1 of them ran in ' +
        'another state than the rest of the run), so the estimate is over the 5 of all 6 not left out',
    );
    expect(detailText(addedProcesses(3, 6, 0.14))).toBe(
      '3 processes added to the 3 planned: their results disagreed (±14.0 % after 3, above ±10 %), so the estimate is over all 6',
    );
  });

  it('a budget that cut replacements says fewer processes than planned ran in the usual state', () => {
    const values = { planned: 3, wanted: 3, added: 1, halfWidth: 0.01, above: 0.1, budgetS: 60, replaced: 3 };
    expect(detailText({ code: 'processes-budget', values })).toBe(
      "the 3 planned processes asked for 3 more because 3 of them ran in another state than the rest of the run; the run's budget of 60 s " +
        "(--budget) had room for 1, so fewer processes than planned ran in the run's usual state",
    );
  });
});

describe('a benchmark already far from its baseline', () => {
  // Three planned processes each; the contender's disagree (±12 % at 95 %: Stein asks for three more).
  const base = () => [proc(0, 1_000, 107_000), proc(1, 1_004, 107_500), proc(2, 998, 108_000)];
  const far = () => [proc(3, 2_400, 107_000), proc(4, 2_500, 108_000), proc(5, 2_650, 107_500)];
  const run = (b: ForkResult[], c: ForkResult[], group = 'g') => {
    const entries = [entry('base', b, { baseline: true, group }), entry('x', c, { group }), entry('rest', others(6))];
    return { entries, x: entries[1] };
  };

  it('gets no processes for a disagreement when its comparison is already answered, and says why', () => {
    const { entries, x } = run(base(), far());
    const d = answer(x, 6, entries)!;
    expect(d.count).toBe(0);
    expect(d.halfWidth).toBeGreaterThan(DISAGREE_ABOVE);
    expect(d.settled).toMatchObject({ baseline: 'g/base', verdict: 'slower', confidence: SETTLED_CONFIDENCE });
    expect(d.settled!.ciLow).toBeGreaterThan(1.01);
  });

  it('still gets them when the comparison is open, without a baseline, or with a slow process on a side', () => {
    const near = [proc(3, 1_000, 107_000), proc(4, 1_100, 108_000), proc(5, 1_250, 107_500)];
    const open = run(base(), near);
    expect(answer(open.x, 6, open.entries)).toMatchObject({ count: 3, replaced: 0 });
    expect(answer(open.x, 6, open.entries)!.settled).toBeUndefined();
    // Another group's baseline is not this benchmark's.
    const alone = [entry('base', base(), { baseline: true, group: 'h' }), entry('x', far(), { group: 'g' })];
    const lone = answer(alone[1], 6, [...alone, entry('rest', others(6))])!;
    expect(lone.count).toBeGreaterThan(0);
    expect(lone.settled).toBeUndefined();
    // A baseline process in a memory spell: its side's reading says as much about the host.
    const spelled = [proc(0, 1_000, 107_000), proc(1, 1_004, 107_500), proc(2, 1_400, 156_000)];
    const slow = run(spelled, far());
    expect(answer(slow.x, 6, slow.entries)!.settled).toBeUndefined();
  });

  it('the baseline itself gets processes as any benchmark does, and then its contenders get theirs', () => {
    // The final comparison would be over the baseline's added processes too: not the ones judged.
    const wide = [proc(0, 1_000, 107_000), proc(1, 1_150, 107_500), proc(2, 880, 108_000)];
    const { entries, x } = run(wide, far());
    expect(answer(entries[0], 6, entries)).toMatchObject({ count: 3, replaced: 0 });
    expect(answer(x, 6, entries)!.settled).toBeUndefined();
  });

  it('with more than 10 comparisons against a baseline, judges at 1 - alpha / N, which Holm over N implies', () => {
    // Twelve contenders of one baseline: the run prints them held by Holm over 12.
    const many = [
      entry('base', base(), { baseline: true, group: 'g' }),
      entry('x', far(), { group: 'g' }),
      ...Array.from({ length: 11 }, (_, i) => entry(`y${i}`, others(10 + i), { group: 'g' })),
    ];
    const d = answer(many[1], 6, many)!;
    expect(d.settled?.confidence).toBeCloseTo(1 - 0.05 / 12, 12);
  });

  it("judges at 99.5 %, or at a tenth of the run's error rate when --confidence is stricter", () => {
    expect(settledConfidence(0.95)).toBe(SETTLED_CONFIDENCE);
    expect(settledConfidence(0.999)).toBeCloseTo(0.9999, 12);
  });
});
