// Processes in another state than the rest of their run (slower or faster than its median
// yardstick by the factor), left out of the headline
// and of comparisons when enough processes remain, flagged contended when not.
import { describe, expect, it } from 'vitest';
import {
  markSlowProcesses,
  measuredForks,
  runYardstick,
  slowFactor,
  machineShifts,
  MACHINE_CHANGE,
  slowProcessesDetail,
  SLOW_FACTOR,
  MEMORY_SLOW_FACTOR,
  THROUGHPUT_SLOW_FACTOR,
  inAnotherState,
  stateFactor,
} from '../../src/analysis/slow-processes.js';
import { detailText } from '../../src/report/details.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import type { ForkResult } from '../../src/results/schema.js';
import { makeFork } from '../helpers/synthetic-forks.js';

/**
 * A process measuring `costNs` whose compute yardstick read `yardstick` ns every round (and its
 * memory one `memory`, its throughput one `throughput`), as this build writes them.
 */
function proc(
  index: number,
  costNs: number,
  yardstick: number | null,
  memory?: number,
  throughput?: number,
): ForkResult {
  const rounds = (y: number) => [y, y * 1.01, y * 0.99];
  return {
    ...makeFork({ costNs, overheadNs: 50, noise: 0.002, index, seed: 40 + index }),
    ...(yardstick === null ? {} : { yardstickNs: rounds(yardstick) }),
    ...(memory === undefined ? {} : { memoryYardstickNs: rounds(memory), memoryYardstick: 'chain' as const }),
    ...(throughput === undefined ? {} : { throughputYardstickNs: rounds(throughput) }),
  };
}
const computeOnly = (compute: number) => ({ compute, memory: null, throughput: null });

describe('slow processes', () => {
  it('the reference is the median over every process of the run; none without 3 readings', () => {
    expect(runYardstick([proc(0, 500, 30_000), proc(1, 500, 31_000), proc(2, 900, 60_000)])).toEqual({
      compute: 31_000,
      memory: null,
      throughput: null,
    });
    expect(runYardstick([proc(0, 500, 30_000), proc(1, 500, null)])).toEqual({
      compute: null,
      memory: null,
      throughput: null,
    });
    const both = [proc(0, 500, 30_000, 45_000), proc(1, 500, 31_000, 44_000), proc(2, 900, 30_500, 70_000)];
    expect(runYardstick(both)).toEqual({ compute: 30_500, memory: 45_000, throughput: null });
  });

  it('both ways: a run mostly in the slow memory state leaves out the few processes that caught the fast one', () => {
    // One run of the contention bench on a busy day: most processes at ~143 µs, a few at ~100 µs
    // whose kernel read ~0.6× the others'; mixed into one benchmark's estimate they made it read
    // 1.38× its identical copy (docs/measurements.md).
    const mem = [143_000, 146_000, 144_000, 98_000, 98_500, 106_000, 142_000, 144_000, 142_500, 143_000];
    const forks = mem.map((m, i) => proc(i, 500, 30_000 + i * 10, m));
    const ref = runYardstick(forks);
    expect(ref.memory).toBe(142_750);
    expect(markSlowProcesses(forks, ref)).toBe(3);
    expect(forks.map((f) => f.hostState !== undefined)).toEqual(mem.map((m) => m < 110_000));
    expect(forks[3].hostState).toBeCloseTo(98_000 / 142_750, 10);
    expect(detailText(slowProcessesDetail(forks.slice(0, 6))!)).toMatch(
      /^3 of 6 processes ran in a faster state than the rest of the run \(the reference work took 0\.69×, 0\.69×, 0\.74× the run's usual state/,
    );
  });

  it('inAnotherState is the rule markSlowProcesses marks by; stateFactor is the factor furthest from 1', () => {
    const ref = { compute: 30_000, memory: 45_000, throughput: null };
    expect(inAnotherState(proc(0, 500, 30_000 * SLOW_FACTOR, 45_000), ref)).toBe(true);
    expect(inAnotherState(proc(0, 500, 30_000 * SLOW_FACTOR * 0.99, 45_000), ref)).toBe(false);
    expect(inAnotherState(proc(0, 500, 30_000, 45_000 * MEMORY_SLOW_FACTOR), ref)).toBe(true);
    expect(inAnotherState(proc(0, 500, 30_000, 45_000 / MEMORY_SLOW_FACTOR), ref)).toBe(true);
    expect(inAnotherState(proc(0, 500, 30_000, (45_000 / MEMORY_SLOW_FACTOR) * 1.01), ref)).toBe(false);
    expect(inAnotherState(proc(0, 500, null), ref)).toBe(false);
    expect(stateFactor(proc(0, 500, 30_000 * 1.1, 45_000 * 0.7), ref)).toBeCloseTo(0.7, 10);
    expect(stateFactor(proc(0, 500, 30_000 * 1.3, 45_000 * 0.9), ref)).toBeCloseTo(1.3, 10);
  });

  it(`marks a process at ${SLOW_FACTOR}× the reference or more, with its factor`, () => {
    const forks = [proc(0, 500, 30_000), proc(1, 500, 30_300), proc(2, 900, 54_000), proc(3, 500, 36_000)];
    expect(markSlowProcesses(forks, computeOnly(30_000))).toBe(1);
    expect(forks.map((f) => f.hostState)).toEqual([undefined, undefined, 1.8, undefined]);
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
    markSlowProcesses(forks, computeOnly(30_000));
    expect(measuredForks(forks)).toHaveLength(3);
    const d = slowProcessesDetail(forks)!;
    expect(d.severity).toBe('warning');
    expect(d.values.leftOut).toBe(false);
    expect(detailText(d)).toMatch(/^contended: 2 of 3 processes ran in a slow state/);
  });

  it('a process whose memory yardstick ran 1.6× slow is slow though its compute yardstick was normal', () => {
    // An allocating kernel in a spell where the host's memory path was slow: the compute
    // yardstick moves 3 %, the memory one 1.6×, the kernel 1.7× (docs/measurements.md).
    const forks = [
      proc(0, 800, 34_000, 45_000),
      proc(1, 800, 34_300, 45_500),
      proc(2, 1_360, 35_000, 72_000),
      proc(3, 800, 33_800, 44_800),
    ];
    expect(markSlowProcesses(forks, runYardstick(forks))).toBe(1);
    expect(forks[2].hostState).toBeCloseTo(72_000 / 45_250, 10);
    const a = analyzeBenchmark(measuredForks(forks), { seed: 1 });
    expect(a.headline.point).toBeGreaterThan(792);
    expect(a.headline.point).toBeLessThan(808);
  });

  it(`the memory yardstick marks at ${MEMORY_SLOW_FACTOR}×, the compute one at ${SLOW_FACTOR}×`, () => {
    const ref = { compute: 30_000, memory: 45_000, throughput: null };
    const forks = [proc(0, 500, 30_000 * 1.22, 45_000), proc(1, 500, 30_000, 45_000 * 1.22)];
    expect(markSlowProcesses(forks, ref)).toBe(1);
    expect(forks.map((f) => f.hostState)).toEqual([undefined, expect.closeTo(1.22, 10)]);
  });

  it('the factor is the larger of the two; a file without memory readings is judged on compute alone', () => {
    expect(slowFactor(proc(0, 500, 36_000, 45_000), { compute: 30_000, memory: 45_000, throughput: null })).toBeCloseTo(
      1.2,
      10,
    );
    expect(slowFactor(proc(0, 500, 30_000, 63_000), { compute: 30_000, memory: 45_000, throughput: null })).toBeCloseTo(
      1.4,
      10,
    );
    expect(slowFactor(proc(0, 500, 30_000), { compute: 30_000, memory: 45_000, throughput: null })).toBe(1);
    expect(slowFactor(proc(0, 500, null), { compute: 30_000, memory: null, throughput: null })).toBeNull();
  });

  it(`a process whose throughput yardstick ran ${THROUGHPUT_SLOW_FACTOR}× slow is in another state though the other two were normal`, () => {
    // A spell of a busy neighbour on the core: JSON.parse 1.75× slower, the chain and the compute
    // yardstick within a few percent, the throughput yardstick 1.29–1.55× (docs/measurements.md).
    const forks = [
      proc(0, 800, 33_400, 31_000, 18_200),
      proc(1, 800, 33_300, 31_200, 18_100),
      proc(2, 1_400, 33_400, 33_500, 24_000),
      proc(3, 800, 33_500, 30_800, 18_300),
    ];
    const ref = runYardstick(forks);
    expect(ref.throughput).toBe(18_250);
    expect(markSlowProcesses(forks, ref)).toBe(1);
    expect(forks[2].hostState).toBeCloseTo(24_000 / 18_250, 10);
    expect(inAnotherState(proc(4, 800, 33_400, 31_000, 18_250 * THROUGHPUT_SLOW_FACTOR * 0.99), ref)).toBe(false);
    const a = analyzeBenchmark(measuredForks(forks), { seed: 1 });
    expect(a.headline.point).toBeGreaterThan(792);
    expect(a.headline.point).toBeLessThan(808);
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

  describe('a machine that ran at another speed for one side of a comparison', () => {
    const settings = { threshold: 0.01, confidence: 0.95, seed: 1, statistic: 'slope' as const, separateRuns: true };
    const side = (first: number, costNs: number, compute: number, memory: number) =>
      [0, 1, 2, 3].map((i) => proc(first + i, costNs, compute, memory));

    it("identical code read 1.7× slower on a machine whose memory path was 1.5× slower: 'cannot tell', and why", () => {
      const v = verdictForForks(side(0, 800, 34_000, 45_000), side(4, 1_360, 34_500, 67_500), settings);
      expect(v.ratio!.point).toBeGreaterThan(1.6);
      expect(v.verdict).toBe('cannot-tell');
      expect(v.because).toMatchObject({
        code: 'machine-changed',
        values: { yardstick: 'memory', factor: 1.5, verdict: 'slower' },
      });
      expect(detailText(v.because!)).toBe(
        "the machine ran slower during the contender's run: its memory yardstick read 1.50× the other side's, " +
          "and 'slower' could be that alone: run both sides again, or pair them (run --against)",
      );
    });

    it("two benchmarks of one run are checked over the processes they keep: a side whose kept processes sat in another host state gets 'cannot tell'", () => {
      // The contention bench's worst A/A (parse, 2 hogs): one side kept its processes in the slow
      // memory state, the other could not leave its fast-state ones out, and identical code read 0.667.
      const v = verdictForForks(side(0, 1_300, 34_000, 140_000), side(4, 860, 34_000, 101_000), {
        ...settings,
        separateRuns: false,
        sameRun: true,
      });
      expect(v.verdict).toBe('cannot-tell');
      expect(v.because).toMatchObject({ code: 'machine-changed', values: { verdict: 'faster', sameRun: true } });
      expect(detailText(v.because!)).toBe(
        "the processes compared ran in different states of the machine: the baseline's memory yardstick read " +
          "1.39× the other's over them, and 'faster' could be that alone: run again on a quieter machine",
      );
      // Two arms of one run (--aa) and paired runs interleave process by process: not checked.
      expect(
        verdictForForks(side(0, 800, 34_000, 45_000), side(4, 1_360, 34_500, 67_500), {
          ...settings,
          separateRuns: false,
        }).verdict,
      ).toBe('slower');
    });

    it("'no difference' on machines of different speeds could hide a change: 'cannot tell'", () => {
      const v = verdictForForks(side(0, 1_000, 34_000, 67_500), side(4, 1_000, 34_000, 45_000), settings);
      expect(v.verdict).toBe('cannot-tell');
      expect(v.because).toMatchObject({ code: 'machine-changed', values: { factor: 45_000 / 67_500 } });
    });

    it("a verdict beyond the square of the machine's change stands: 8× the work on a 1.5× slower machine", () => {
      const v = verdictForForks(side(0, 1_000, 34_000, 45_000), side(4, 8_000, 34_000, 67_500), settings);
      expect(v.verdict).toBe('slower');
    });

    it("a verdict against the machine's change stands: faster on the slower machine", () => {
      const v = verdictForForks(side(0, 1_000, 34_000, 45_000), side(4, 500, 34_000, 60_000), settings);
      expect(v.verdict).toBe('faster');
    });

    it(`between two runs, a verdict in the direction of a smaller move (below ${MACHINE_CHANGE}×) stands only beyond its square: identical code read 5 % faster where the memory yardstick read 1.07× faster`, () => {
      // Two runs of one unchanged file under a CPU hog (the gate bench): JSON.parse read 818 and 775 ns,
      // each run's processes within ±1 %, the memory yardstick 107 and 100 µs.
      const v = verdictForForks(side(0, 818, 34_000, 107_000), side(4, 775, 34_000, 100_000), settings);
      expect(v.ratio!.point).toBeCloseTo(775 / 818, 2);
      expect(v.verdict).toBe('cannot-tell');
      expect(v.because).toMatchObject({ code: 'machine-changed', values: { yardstick: 'memory', verdict: 'faster' } });
      expect(detailText(v.because!)).toBe(
        "the baseline's run read its memory yardstick 7.0 % slower than the other side's, and 'faster' is within " +
          'twice that: a difference this small between two runs is told only by pairing them (run --against)',
      );
      // The yardsticks unmoved: the interval's 'faster' stands.
      expect(verdictForForks(side(0, 818, 34_000, 100_000), side(4, 775, 34_000, 100_000), settings).verdict).toBe(
        'faster',
      );
      // Two benchmarks of one run share the machine's spells: a move below the limit changes nothing there.
      const sameRun = { ...settings, separateRuns: false, sameRun: true };
      expect(verdictForForks(side(0, 818, 34_000, 107_000), side(4, 775, 34_000, 100_000), sameRun).verdict).toBe(
        'faster',
      );
    });

    it(`a verdict beyond the square of a smaller move stands, and so does 'no difference' below ${MACHINE_CHANGE}×`, () => {
      const v = verdictForForks(side(0, 800, 34_000, 45_000), side(4, 1_360, 35_000, 48_000), settings);
      expect(v.verdict).toBe('slower');
      expect(verdictForForks(side(0, 800, 34_000, 45_000), side(4, 800, 35_000, 48_000), settings).verdict).toBe(
        'no-difference',
      );
      expect(machineShifts(side(0, 800, 34_000, 45_000), side(4, 800, 35_000, 48_000))).toEqual([
        { yardstick: 'compute', factor: 35_000 / 34_000 },
        { yardstick: 'memory', factor: 48_000 / 45_000 },
      ]);
    });

    it('a side whose memory yardstick form was not recorded (an older file, maybe scattered reads) is compared with a recorded one on the others only', () => {
      // Scattered reads took ~98 µs here where the chain takes ~34 µs: compared, the same machine would read 0.35×.
      const older = side(0, 800, 34_000, 98_000).map(({ memoryYardstick: _, ...f }) => f);
      const now = [4, 5, 6, 7].map((i) => proc(i, 800, 34_500, 34_000, 18_000));
      expect(machineShifts(older, now)).toEqual([{ yardstick: 'compute', factor: 34_500 / 34_000 }]);
      expect(verdictForForks(older, now, settings).verdict).toBe('no-difference');
      // Two older sides share whatever form they had: compared.
      expect(machineShifts(older, older).map((s) => s.yardstick)).toEqual(['compute', 'memory']);
      // Another V8 compiles the throughput yardstick to other code (52 µs on Node 26 for 18 µs on 24): not compared.
      const node26 = [4, 5, 6, 7].map((i) => proc(i, 800, 34_000, 34_000, 52_000));
      expect(machineShifts(now, node26, { throughput: false }).map((x) => x.yardstick)).toEqual(['compute', 'memory']);
      expect(verdictForForks(now, node26, { ...settings, otherEngine: true }).verdict).toBe('no-difference');
      expect(verdictForForks(now, node26, settings).verdict).toBe('cannot-tell');
      const both = [0, 1, 2, 3].map((i) => proc(i, 800, 34_000, 34_000, 18_000));
      expect(machineShifts(both, now)).toEqual([
        { yardstick: 'compute', factor: 34_500 / 34_000 },
        { yardstick: 'memory', factor: 1 },
        { yardstick: 'throughput', factor: 1 },
      ]);
    });

    it('between two runs, a verdict is held to the yardstick that moved its way, not only to the one that moved most', () => {
      // The compute yardstick read 6 % faster for the contender, the memory one 6.7 % slower: a 'faster'
      // of 5 % is within the square of the compute move.
      const v = verdictForForks(side(0, 818, 36_000, 45_000), side(4, 775, 33_840, 48_000), settings);
      expect(v.verdict).toBe('cannot-tell');
      expect(v.because).toMatchObject({ code: 'machine-changed', values: { yardstick: 'compute', verdict: 'faster' } });
    });
  });
});
