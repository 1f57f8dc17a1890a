// The result rows of a run whose processes were added (src/api/finish-run.ts): slow states are
// judged against the run's planned processes (the reference the additions were decided on), and
// the headline's interval is two-stage only when the planned processes' spread chose the count.
import { describe, expect, it } from 'vitest';
import { finishRun } from '../../src/api/finish-run.js';
import type { MeasuredEntry } from '../../src/orchestrator/suite.js';
import type { ForkResult } from '../../src/results/schema.js';
import { makeFork } from '../helpers/synthetic-forks.js';
import { syntheticDocument } from '../helpers/synthetic-results.js';

/** A process reading `costNs` per iteration whose memory yardstick read `memory` ns every round. */
function proc(index: number, costNs: number, memory: number, seed = index): ForkResult {
  return {
    ...makeFork({ costNs, overheadNs: 50, noise: 0.002, index, seed: 80 + seed }),
    yardstickNs: [30_000, 30_100, 29_900],
    memoryYardstickNs: [memory, memory * 1.01, memory * 0.99],
  };
}

function entry(title: string, forks: ForkResult[], added?: MeasuredEntry['added']): MeasuredEntry {
  return {
    descriptor: {
      id: title,
      title,
      group: null,
      args: {},
      baseline: false,
      file: 'x.bench.mjs',
    } as MeasuredEntry['descriptor'],
    forks,
    arms: [[], []],
    warnings: [],
    ...(added ? { added } : {}),
  };
}

function finish(entries: MeasuredEntry[]) {
  const { benchmarks: _, ...envelope } = syntheticDocument([]);
  return finishRun(
    { envelope, loadErrors: [], entries, environmentChanged: false, checks: [], interrupted: false },
    { statistic: 'slope', confidence: 0.95, seed: 1, targetCi: 0.01, forks: 3 },
    { threshold: 0.01, confidence: 0.95, seed: 1 },
  );
}

/** Three planned processes in the fast state (memory 107 µs) for each of `n` other benchmarks. */
const others = (n: number) =>
  Array.from({ length: n }, (_, b) =>
    entry(
      `other ${b}`,
      [0, 1, 2].map((i) => proc(i, 300, 107_000 + i * 1_000, 10 * b + i)),
    ),
  );

describe('rows of processes added to replace slow ones', () => {
  it('the spell processes are left out, the replacements kept, and the interval is the plain one', () => {
    const spell = [0, 1, 2].map((i) => proc(i, 1_500, 156_000 + i * 500));
    const fresh = [3, 4, 5].map((i) => proc(i, 1_000, 107_500));
    const doc = finish([
      ...others(3),
      entry('spell', [...spell, ...fresh], { planned: 3, halfWidth: 0.01, count: 3, replaced: 3 }),
    ]);
    const b = doc.benchmarks.find((x) => x.name === 'spell')!;
    expect(b.forks.map((f) => f.hostState !== undefined)).toEqual([true, true, true, false, false, false]);
    expect(b.headline!.point).toBeGreaterThan(990);
    expect(b.headline!.point).toBeLessThan(1_010);
    expect(b.headline!.method).not.toMatch(/two-stage/);
    expect(b.flags).not.toContain('contended');
    expect(b.notes).toContain(
      '3 processes added to the 3 planned: 3 of them ran in another state than the rest of the run, so the estimate ' +
        'is over the 3 of all 6 not left out',
    );
  });

  it('the reference is the planned processes: added ones in another state do not move it', () => {
    // Twelve planned processes at ~107 µs; sixteen added ones at 160 µs would make the median over
    // all 28 processes 160 µs, and every planned one 0.67× of it, in "another state".
    const late = () => [3, 4, 5, 6].map((i) => proc(i, 300, 160_000));
    const planned = (b: number) => [0, 1, 2].map((i) => proc(i, 300, 107_000 + i * 1_000, 10 * b + i));
    const added = { planned: 3, halfWidth: 0.2, count: 4, replaced: 0 };
    const rows = finish([0, 1, 2, 3].map((b) => entry(`e${b}`, [...planned(b), ...late()], added))).benchmarks;
    for (const b of rows)
      expect(b.forks.map((f) => f.hostState !== undefined)).toEqual([false, false, false, true, true, true, true]);
  });

  it('processes added because the planned ones disagreed get the two-stage interval', () => {
    const disagree = [proc(0, 1_000, 107_000), proc(1, 1_300, 107_500), proc(2, 800, 108_000)];
    const more = [3, 4, 5].map((i) => proc(i, 1_000, 107_000));
    const doc = finish([
      ...others(3),
      entry('d', [...disagree, ...more], { planned: 3, halfWidth: 0.4, count: 3, replaced: 0 }),
    ]);
    expect(doc.benchmarks.find((x) => x.name === 'd')!.headline!.method).toMatch(/two-stage: 3 planned \+ 3 added/);
  });

  it('a benchmark that got none because its comparison was answered says so in its row', () => {
    const x = entry(
      'x',
      [0, 1, 2].map((i) => proc(i, 2_400 + 120 * i, 107_000)),
    );
    x.settled = {
      baseline: 'g/base',
      verdict: 'slower',
      ratio: 2.5,
      ciLow: 2.1,
      ciHigh: 2.9,
      confidence: 0.995,
      halfWidth: 0.12,
    };
    const row = finish([...others(3), x]).benchmarks.find((b) => b.name === 'x')!;
    expect(row.notes).toContain(
      'no processes added, though the planned ones disagreed (±12.0 %, above ±10 %): against g/base they already ' +
        'read 2.50× [2.10, 2.90] (99.5 % interval), slower by a margin more processes would rarely change; the ' +
        'headline interval stays as wide as they make it',
    );
  });
});
