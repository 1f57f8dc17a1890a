// V8's evidence in the odd-process rule (src/analysis/odd-process.ts v8OddProcess): where the
// times alone name no process because the others spread too much, the one process V8 deoptimized
// code in during its measured batches is named when it also read slower than each sibling and at
// least ODD_OFF above their median, and its line says on what evidence. A deoptimization without
// that slowness, more than one process deoptimizing, or an unread record names nothing; where the
// times name a process, they keep the last word and its line counts the others' deoptimizations.
import { describe, expect, it } from 'vitest';
import { markOddProcess, ODD_OFF, oddProcessDetail, v8OddProcess } from '../../src/analysis/odd-process.js';
import { detailText } from '../../src/report/details.js';
import type { ForkResult, V8Record } from '../../src/results/schema.js';
import { makeFork } from '../helpers/synthetic-forks.js';

const OPT: V8Record['end'] = { kernel: 'turbofan', loop: 'turbofan' };

function v8(sampling: number | null): V8Record {
  if (sampling === null) return { warmup: OPT, end: OPT, deopts: null };
  const samplingFunctions =
    sampling > 0 ? [{ function: 'sumFields', role: 'other' as const, reason: 'wrong map', count: sampling }] : [];
  return { warmup: OPT, end: OPT, deopts: { warmup: 0, sampling, warmupFunctions: [], samplingFunctions } };
}

function proc(index: number, costNs: number, deopts: number | null): ForkResult {
  return {
    ...makeFork({ costNs, overheadNs: 50, noise: 0.002, index, seed: 90 + index }),
    yardstickNs: [30_000, 30_100, 29_900],
    v8: v8(deopts),
  };
}

/** Four siblings spread 12 % (too much for the times alone against a 21 % departure), then `last`. */
const loose = (last: ForkResult) => [proc(0, 500, 0), proc(1, 520, 0), proc(2, 540, 0), proc(3, 560, 0), last];

describe('V8 evidence in the odd-process rule', () => {
  it('names the one process deoptimized in its measured batches, slower than each sibling, and says why', () => {
    const forks = loose(proc(4, 640, 2));
    expect(markOddProcess(forks, 'slope')).toBe(forks[4]);
    expect(forks[4].oddProcess).toMatchObject({ of: 5, byV8: true });
    expect(forks[4].oddProcess!.factor).toBeCloseTo(640 / 530, 2);
    const d = oddProcessDetail(forks)!;
    expect(d.values).toMatchObject({ process: 4, byV8: true, deopts: 2, othersDeopts: 0 });
    expect(detailText(d)).toMatch(
      /^process 4 read 1\.2\d× slower than the median of the other 4 and slower than each of them, which spread 1[12]\.\d %, too much for the times alone to name one process; V8 deoptimized code 2 times in its measured batches \(sumFields: wrong map\), none in the others': its compiled code changed while it was measured; its yardsticks read at most 1\.0\d× the others', so the state was its own \(compiled code, memory layout\), not the host's; left out of the estimate \(the raw data keeps it\)$/,
    );
  });

  it('the same process without a deoptimization is not named: the spread leaves its state in doubt', () => {
    const forks = loose(proc(4, 640, 0));
    expect(markOddProcess(forks, 'slope')).toBeNull();
  });

  it(`a deoptimized process not slower than each sibling, or less than ${ODD_OFF * 100} % above their median, is not named`, () => {
    // Slower than the median by 21 %, but one sibling is slower still.
    const notSlowest = [proc(0, 500, 0), proc(1, 520, 0), proc(2, 540, 0), proc(3, 700, 0), proc(4, 640, 2)];
    expect(markOddProcess(notSlowest, 'slope')).toBeNull();
    // The slowest, 6 % above the median.
    expect(markOddProcess(loose(proc(4, 565, 2)), 'slope')).toBeNull();
    // Faster than every sibling: a deoptimization is no evidence of a faster state.
    expect(markOddProcess(loose(proc(4, 400, 2)), 'slope')).toBeNull();
  });

  it('two processes deoptimized, or a record that could not be read, name nothing', () => {
    const two = [proc(0, 500, 0), proc(1, 520, 1), proc(2, 540, 0), proc(3, 560, 0), proc(4, 640, 2)];
    expect(markOddProcess(two, 'slope')).toBeNull();
    const unread = [proc(0, 500, null), proc(1, 520, 0), proc(2, 540, 0), proc(3, 560, 0), proc(4, 640, 2)];
    expect(markOddProcess(unread, 'slope')).toBeNull();
    expect(v8OddProcess(unread.slice(1), [520, 540, 560, 640])).toBeNull();
  });

  it("the times keep the last word: a process they name is named, and its line counts the others' deoptimizations", () => {
    // Process 0 reads 3× its siblings, which agree within 1 %; process 2 deoptimized but read as they did.
    const forks = [proc(0, 1500, 0), proc(1, 500, 0), proc(2, 502, 3), proc(3, 504, 0), proc(4, 498, 0)];
    expect(markOddProcess(forks, 'slope')).toBe(forks[0]);
    expect(forks[0].oddProcess).not.toHaveProperty('byV8');
    expect(detailText(oddProcessDetail(forks)!)).toContain(
      "no deoptimization in its measured batches, 3 in the others'; the same tier, turbofan (kernel and timed " +
        'loop), in every process',
    );
  });
});
