// The latency ladder from known histograms. Values below 2048 are exact at 3 significant
// digits (HdrHistogram buckets of width 1), so every expected value below is computed by
// hand from the rank rule max(1, ⌈q·N⌉) (HdrHistogram's getValueAtPercentile).
import { build, encodeIntoCompressedBase64 } from 'hdr-histogram-js';
import { describe, expect, it } from 'vitest';
import {
  analyzeLatency,
  bucketQuantile,
  forkBuckets,
  observedStepTicks,
  quantileRank,
  rawBuckets,
} from '../../src/analysis/latency.js';
import type { ForkResult, LatencyRecord } from '../../src/results/schema.js';
import { detailText } from '../../src/report/details.js';

function record(values: Iterable<number>, over: Partial<LatencyRecord> = {}): LatencyRecord {
  const h = build({ numberOfSignificantValueDigits: 3 });
  let calls = 0;
  for (const v of values) {
    h.recordValue(v);
    calls++;
  }
  return {
    histogram: encodeIntoCompressedBase64(h),
    significantDigits: 3,
    calls,
    stop: 'calls',
    durationNs: 1e6,
    tickNs: 1,
    resolutionTicks: 1,
    overheadTicks: 0,
    overheadP10Ticks: 0,
    overheadP90Ticks: 0,
    calibrationCalls: 1000,
    gc: null,
    ...over,
  };
}

function fork(latency?: LatencyRecord, index = 0): ForkResult {
  return {
    index,
    pid: 1,
    clockHz: 1e9,
    clockSource: 'fake',
    warmup: { outcome: 'steady', batches: 1, iterations: 1, durationNs: 1, estimateNs: 1 },
    unit: 1,
    batches: [],
    stop: 'target-ci',
    checksum: '',
    conditions: { cpu: null, aslr: 'unknown', mlock: false, envPadding: 0 },
    warnings: [],
    ...(latency ? { latency } : {}),
  };
}

const oneTo = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => i + 1 + offset);

describe('the latency ladder', () => {
  it('1…1000 once each, no overhead: known ranks', () => {
    const s = analyzeLatency([fork(record(oneTo(1000)))])!;
    expect(s.count).toBe(1000);
    // ranks ⌈q·1000⌉ = 500, 900, 990, 999, ⌈999.9⌉ = 1000
    expect(s.ladder.map((r) => [r.label, r.ns, r.tailCalls])).toEqual([
      ['p50', 500, 501],
      ['p90', 900, 101],
      ['p99', 990, 11],
      ['p99.9', 999, 2],
      ['p99.99', 1000, 1],
    ]);
    expect([s.min, s.max, s.mean]).toEqual([1, 1000, 500.5]);
    expect(s.atOrBelowOverhead).toBe(0);
  });

  it('subtracts the overhead and converts ticks to ns, clamping at 0', () => {
    // 1…1000 ticks, overhead 100 ticks, one tick = 0.5 ns: ns = max(0, t − 100) / 2
    const s = analyzeLatency([
      fork(record(oneTo(1000), { overheadTicks: 100, overheadP10Ticks: 90, overheadP90Ticks: 130, tickNs: 0.5 })),
    ])!;
    expect(s.ladder.map((r) => r.ns)).toEqual([200, 400, 445, 449.5, 450]);
    expect([s.min, s.max]).toEqual([0, 450]);
    expect(s.overheadNs).toBe(50);
    expect(s.overheadJitterNs).toBe(20);
    expect(s.atOrBelowOverhead).toBe(0.1); // ticks 1…100
    // mean of max(0, t − 100)/2 over t = 1…1000: (Σ_{k=1}^{900} k) / 2 / 1000 = 405450 / 2000
    expect(s.mean).toBeCloseTo(202.725, 12);
  });

  it('merges forks with different overheads by pooling their converted buckets', () => {
    const a = record(oneTo(1000), { overheadTicks: 0 });
    const b = record(oneTo(1000, 100), { overheadTicks: 100 }); // 101…1100 − 100 = 1…1000
    const s = analyzeLatency([fork(a, 0), fork(b, 1)])!;
    expect(s.count).toBe(2000);
    expect(s.forks).toBe(2);
    expect(s.ladder.map((r) => r.ns)).toEqual([500, 900, 990, 999, 1000]); // every value twice
    expect(s.overheadNs).toBe(50); // median of 0 and 100
  });

  it('is null without latency records (older files, batch-only runs) and ignores forks without one', () => {
    expect(analyzeLatency([fork(), fork()])).toBeNull();
    expect(analyzeLatency([fork(record([5, 5, 5])), fork()])!.count).toBe(3);
  });

  it('the rank rule and bucket search, on their own', () => {
    expect([quantileRank(0.5, 1), quantileRank(0.9999, 10), quantileRank(0.999, 1e6), quantileRank(0.5, 3)]).toEqual([
      1, 10, 999_000, 2,
    ]);
    const buckets = forkBuckets(record([10, 10, 20, 3000]));
    expect(buckets.map((b) => [b.lo, b.count])).toEqual([
      [10, 2],
      [20, 1],
      [3000, 1],
    ]);
    expect(buckets[2].hi).toBe(3001); // 2 ticks wide above 2048 at 3 digits: the highest equivalent value
    expect(bucketQuantile(buckets, 4, 0.5)).toBe(10);
    expect(bucketQuantile(buckets, 4, 0.75)).toBe(20);
  });
});

describe('the notes on the timer', () => {
  const notes = (values: number[], over: Partial<LatencyRecord>) =>
    analyzeLatency([fork(record(values, over))])!.details!.map(detailText);

  it('says what was subtracted and how the timer compares with p50', () => {
    const n = notes(oneTo(1000, 1000), {
      overheadTicks: 48,
      overheadP10Ticks: 46,
      overheadP90Ticks: 52,
      calibrationCalls: 20000,
    });
    // p50 = 1500 − 48 = 1452 ns; 1452 / 48 = 30.25 → "30.3"
    expect(n[0]).toBe(
      'timer overhead 48 ns subtracted from every call (median of 20000 empty calls over 1 process; p10–p90 jitter 6 ns); one clock tick is 1 ns',
    );
    expect(n[1]).toBe(
      "p50 (1.45 µs) is 30.3× the timer overhead: the timer's overhead and jitter are small next to the values",
    );
  });

  it('warns when p50 is below 2× the overhead, and mentions the jitter between 2× and 10×', () => {
    expect(notes(oneTo(100, 100), { overheadTicks: 100 })[1]).toMatch(
      /^p50 \(50 ns\) is 0\.5× the timer overhead: per-call values below ~2× the overhead are dominated by the timer/,
    );
    expect(notes(oneTo(100, 400), { overheadTicks: 100, overheadP10Ticks: 95, overheadP90Ticks: 105 })[1]).toBe(
      "p50 (350 ns) is 3.5× the timer overhead: the lower rungs carry the timer's jitter (10 ns, 3 % of p50); the upper rungs are well above it",
    );
  });

  it('counts calls at or below the overhead, thin tails, GC and a budget stop', () => {
    const n = notes(oneTo(1000), { overheadTicks: 100, gc: 2, stop: 'time-budget' });
    expect(n).toContain('10.0 % of calls measured at or below the timer overhead and count as 0 ns');
    expect(n).toContain(
      'p99.9 rests on the slowest 2 calls, p99.99 rests on the slowest 1 call of 1000: too few to be a stable percentile (closer to the max)',
    );
    expect(n).toContain(
      '2 garbage collections ran during the per-call phase; each pause lands in the time of one call, in the tail',
    );
    expect(n).toContain('1 of 1 process stopped the per-call phase at the time budget, before the call limit');
  });
});

describe('the clock step seen in the values', () => {
  // A VM's TSC read in ~24.5-tick steps (measured here: 98, 122/123, 147, 171/172, 196 … ticks).
  const lattice = [98, 122, 123, 147, 171, 172, 196, 220, 221, 245].flatMap((v) => Array(1000).fill(v) as number[]);

  it('is the median gap between clusters of touching values; 1 on a fine clock or sparse data', () => {
    // cluster starts 98, 122, 147, 171, 196, 220, 245 → gaps 24, 25, 24, 25, 24, 25 → median 24.5
    expect(observedStepTicks(rawBuckets(record(lattice)))).toBe(24.5);
    expect(observedStepTicks(rawBuckets(record(oneTo(1000).flatMap((v) => [v, v]))))).toBe(1);
    expect(observedStepTicks(rawBuckets(record([1000, 1100, 1200, 1300, 1400])))).toBe(1); // one call per value: says nothing
    expect(observedStepTicks(rawBuckets(record(Array.from({ length: 50_000 }, (_, i) => 5000 + (i % 3000)))))).toBe(1); // 2- and 4-tick buckets that touch
  });

  it('says so when the readings are coarse, and when a step is a large share of p50', () => {
    const tickNs = 10 / 24.5; // 0.408 ns: the step is then 10 ns
    const s = analyzeLatency([fork(record(lattice, { overheadTicks: 98, tickNs }))])!;
    expect(s.stepNs).toBeCloseTo(10, 12);
    expect(s.details!.map(detailText)[0]).toMatch(
      /the clock ticks every 0\.408 ns but its readings here move in steps of about 10 ns \(the gap between recorded values\), so per-call values come in multiples of that$/,
    );
    // p50: rank 5000 of 10000 → 171 ticks − 98 = 73 ticks = 29.8 ns; 10 ns is 34 % of it
    expect(s.details!.map(detailText)[1]).toBe(
      "the clock's step (10 ns) is 34 % of p50: differences smaller than a step between rungs or between benchmarks are not resolved",
    );
  });
});
