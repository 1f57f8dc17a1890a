// In-process run() with latency: true and .inputs(): real clock, structure only (no timings).
import { beforeEach, describe, expect, it } from 'vitest';
import { bench, run } from '../../src/index.js';
import { resetRegistry } from '../../src/api/registry.js';
import { createJsPlatform } from '../../src/platform/js.js';
import type { Io } from '../../src/cli/io.js';

const tiny = {
  warmupBudgetNs: 20e6,
  warmupMinNs: 5e6,
  timeBudgetNs: 40e6,
  targetLargestBatchNs: 1e6,
  latencyMaxCalls: 5000,
};

function captureIo(): Io & { out: string[] } {
  const out: string[] = [];
  return {
    out,
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: () => true },
    env: {},
    cwd: process.cwd(),
  };
}

beforeEach(() => resetRegistry());

describe('run({ latency: true }) in-process', () => {
  it('times every call of every benchmark, with inputs drawn per call, and prints the ladder', async () => {
    const seen = new Set<number>();
    bench('square input', () => (x: number) => {
      seen.add(x);
      return x * x;
    }).inputs([1, 2, 3, 4]);
    bench('plain', () => () => 1);
    const io = captureIo();
    const result = await run({ ...tiny, latency: true, io, detail: 'verbose', platform: createJsPlatform('test') });
    expect(seen).toEqual(new Set([1, 2, 3, 4]));
    for (const b of result.benchmarks) {
      expect(b.error).toBeUndefined();
      expect(b.forks[0].latency!.calls).toBeGreaterThan(0);
      expect(b.forks[0].latency!.calls).toBeLessThanOrEqual(5000);
      expect(b.latency!.count).toBe(b.forks[0].latency!.calls);
    }
    expect(result.benchmarks[0].forks[0].inputs).toMatchObject({
      count: 4,
      source: 'array',
      sizeOf: 'value',
      size: { min: 1, max: 4 },
    });
    expect(result.document!.options).toMatchObject({ latency: true });
    expect(io.out.join('')).toContain('Latency per call');
  });

  it('without latency: true only .latency() benchmarks run the per-call phase', async () => {
    bench('marked', () => () => 1).latency();
    bench('unmarked', () => () => 2);
    const result = await run({ ...tiny, print: false, platform: createJsPlatform('test') });
    expect(result.benchmarks.map((b) => b.latency !== undefined)).toEqual([true, false]);
  });
});
