// V8's view of each process (ForkResult.v8) in the lines that single processes out: an odd
// process deoptimized in its measured batches says so with its count and where; one with the
// same tier and no deoptimization anywhere points at layout or the host; slow states and
// warm-ups that did not settle get the same clause; files without V8 records read as before.
import { describe, expect, it } from 'vitest';
import { markOddProcess, oddProcessDetail } from '../../src/analysis/odd-process.js';
import { markSlowProcesses, runYardstick, slowProcessesDetail } from '../../src/analysis/slow-processes.js';
import { v8Comparison } from '../../src/analysis/v8-state.js';
import { detailText } from '../../src/report/details.js';
import type { ForkResult, V8Record } from '../../src/results/schema.js';
import { makeFork } from '../helpers/synthetic-forks.js';

const OPT: V8Record['end'] = { kernel: 'turbofan', loop: 'turbofan' };

function v8(sampling: number, end = OPT, warmup = 0): V8Record {
  const samplingFunctions =
    sampling > 0 ? [{ function: 'sumFields', role: 'other' as const, reason: 'wrong map', count: sampling }] : [];
  return {
    warmup: OPT,
    end,
    deopts: { warmup, sampling, warmupFunctions: [], samplingFunctions },
  };
}

/** Process `index` measuring `costNs`, yardstick 30 µs, with V8 record `record`. */
function proc(index: number, costNs: number, record?: V8Record): ForkResult {
  return {
    ...makeFork({ costNs, overheadNs: 50, noise: 0.002, index, seed: 70 + index }),
    yardstickNs: [30_000, 30_100, 29_900],
    ...(record ? { v8: record } : {}),
  };
}

const text = (d: ReturnType<typeof oddProcessDetail>) => detailText(d!);

describe('V8 state in the odd-process line', () => {
  it('names the deoptimizations of the odd process, none in the others', () => {
    const forks = [proc(0, 1500, v8(3)), ...[1, 2, 3, 4].map((i) => proc(i, 500, v8(0)))];
    expect(markOddProcess(forks, 'slope')).toBe(forks[0]);
    const d = oddProcessDetail(forks)!;
    expect(d.values).toMatchObject({ process: 0, deopts: 3, othersDeopts: 0, deoptAt: 'sumFields: wrong map' });
    expect(text(d)).toContain(
      "V8 deoptimized code 3 times in its measured batches (sumFields: wrong map), none in the others'",
    );
  });

  it('same tier and no deoptimization anywhere: layout or the host', () => {
    const forks = [proc(0, 1500, v8(0)), ...[1, 2, 3, 4].map((i) => proc(i, 500, v8(0)))];
    markOddProcess(forks, 'slope');
    expect(text(oddProcessDetail(forks))).toContain(
      "no deoptimization in its measured batches or the others' and the same tier, turbofan (kernel and timed " +
        'loop), in every process: layout or the host, not the JIT',
    );
  });

  it('a different tier without a deoptimization is named', () => {
    const base = { kernel: 'baseline', loop: 'turbofan' } as const;
    const forks = [proc(0, 1500, v8(0, base)), ...[1, 2, 3, 4].map((i) => proc(i, 500, v8(0)))];
    markOddProcess(forks, 'slope');
    expect(text(oddProcessDetail(forks))).toContain(
      "no deoptimization in its measured batches or the others'; it ended in baseline (kernel's own code, which " +
        'the loop may inline), turbofan (timed loop) where the others ended in turbofan (kernel and timed loop)',
    );
  });

  it('unread deoptimizations are said to be unknown, never zero', () => {
    const unread: V8Record = { warmup: OPT, end: OPT, deopts: null };
    const forks = [proc(0, 1500, unread), ...[1, 2, 3, 4].map((i) => proc(i, 500, v8(0)))];
    markOddProcess(forks, 'slope');
    const d = oddProcessDetail(forks)!;
    expect(d.values.deopts).toBeNull();
    expect(text(d)).toContain("V8's deoptimizations could not be read");
  });

  it('without V8 records (older files) the line is as before', () => {
    const forks = [proc(0, 1500), ...[1, 2, 3, 4].map((i) => proc(i, 500))];
    markOddProcess(forks, 'slope');
    const d = oddProcessDetail(forks)!;
    expect(d.values).not.toHaveProperty('deopts');
    expect(text(d)).not.toContain('V8');
    expect(text(d)).not.toContain('deoptimiz');
  });
});

describe('V8 state in the slow-processes and warm-up lines', () => {
  it('slow processes: their deoptimizations against the others', () => {
    const forks = [0, 1, 2].map((i) => proc(i, 500, v8(0)));
    forks.push({ ...proc(3, 900, v8(2)), yardstickNs: [54_000, 54_000, 54_000] });
    markSlowProcesses(forks, runYardstick(forks));
    const d = slowProcessesDetail(forks)!;
    expect(detailText(d)).toContain(
      "V8 deoptimized code 2 times in their measured batches (sumFields: wrong map), none in the others'",
    );
  });

  it('warm-up: the phase read is the warm-up batches and the tier at its end', () => {
    const slow = proc(0, 500, v8(0, OPT, 4));
    slow.v8!.deopts!.warmupFunctions = [{ function: 'k', role: 'kernel', reason: 'wrong map', count: 4 }];
    const values = v8Comparison([slow], [proc(1, 500, v8(5))], 'warmup');
    expect(values).toEqual({
      deopts: 4,
      othersDeopts: 0,
      deoptAt: 'k (the kernel): wrong map',
      tiers: ['turbofan/turbofan'],
      otherTiers: ['turbofan/turbofan'],
    });
    expect(
      detailText({
        code: 'warmup-not-steady',
        values: { processes: 1, of: 2, ...values },
      }),
    ).toContain(
      "V8 deoptimized code 4 times in their warm-up batches (k (the kernel): wrong map), none in the others'",
    );
  });
});
