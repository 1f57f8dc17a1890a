// The timing source of a batch (src/engine/timing.ts): which kernels are timed on the process's
// CPU time, and what a batch then holds, exactly, on fake batches; and from a forked worker,
// that an allocating kernel's batches carry both times.
import { describe, expect, it } from 'vitest';
import { applyTiming, chooseTiming, readProcessCpuNs } from '../../src/engine/timing.js';
import { gcShare } from '../../src/analysis/gc-share.js';
import { timingLine } from '../../src/report/conditions.js';
import { cleanBatch } from '../helpers/synthetic-forks.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { fileURLToPath } from 'node:url';
import { captureIo } from '../helpers/io.js';
import { runFiles } from '../../src/index.js';

const FILE = fileURLToPath(new URL('../fixtures/timing/alloc.bench.mjs', import.meta.url));

const base = { allocating: true, ownProcess: true, isAsync: false, simulated: false };

describe('choosing the timing source', () => {
  it('times an allocating sync kernel of a forked worker on process CPU time, and nothing else', () => {
    expect(chooseTiming(base)).toBe('process-cpu');
    expect(chooseTiming({ ...base, allocating: false })).toBe('wall');
    expect(chooseTiming({ ...base, ownProcess: false })).toBe('wall');
    expect(chooseTiming({ ...base, isAsync: true })).toBe('wall');
    expect(chooseTiming({ ...base, simulated: true })).toBe('wall');
  });
});

describe('a batch under each timing', () => {
  it('wall: keeps the clock time and records the process CPU time beside it', () => {
    const b = cleanBatch(100, 5000);
    applyTiming(b, 3000, 'wall');
    expect(b).toMatchObject({ ns: 5000, processCpuNs: 3000 });
    expect(b.wallNs).toBeUndefined();
  });

  it('process-cpu: the batch time is the CPU time, the clock time kept as wallNs', () => {
    // A batch that waited 2 µs for its CPU: 5 µs of wall time, 3 µs of CPU time over all threads.
    const b = cleanBatch(100, 5000);
    applyTiming(b, 3000, 'process-cpu');
    expect(b).toMatchObject({ ns: 3000, wallNs: 5000, processCpuNs: 3000 });
    // The GC share stays a share of wall time: a 1 µs pause in that batch is 20 %.
    b.gcNs = 1000;
    expect(gcShare([[b]])).toBe(0.2);
  });

  it('reads a CPU time that grows with work done', () => {
    const a = readProcessCpuNs();
    let x = 0;
    for (let i = 0; i < 5e6; i++) x += Math.sqrt(i);
    expect(x).toBeGreaterThan(0);
    expect(readProcessCpuNs()).toBeGreaterThan(a);
  });
});

describe('the run conditions say which timing was used', () => {
  const doc = (timings: (string | undefined)[][]) =>
    ({
      benchmarks: timings.map((t) => ({ forks: t.map((timing) => ({ ...(timing ? { timing } : {}) })) })),
    }) as unknown as ResultDocument;
  it('names the allocating benchmarks timed on process CPU time', () => {
    expect(timingLine(doc([['wall'], ['process-cpu', 'process-cpu']]))).toBe(
      "clock time per batch; allocating kernels (1 of 2) on the process's CPU time, every thread: " +
        'garbage collection counted, waiting for a CPU not',
    );
    expect(timingLine(doc([['wall']]))).toBe('clock time per batch');
    expect(timingLine(doc([[undefined]]))).toBeNull();
  });
});

describe('a forked worker', () => {
  it('times an allocating kernel on process CPU time, keeps both times per batch, and says so', async () => {
    const q = captureIo(process.env);
    const { document } = await runFiles({
      files: FILE,
      forks: 1,
      print: false,
      timeBudgetNs: 0.2e9,
      counters: false,
      io: { ...q, cwd: process.cwd() },
    });
    const [arrays, sum] = document.benchmarks;
    expect(arrays.forks[0].timing).toBe('process-cpu');
    for (const b of arrays.forks[0].batches) {
      expect(b.wallNs).toBeGreaterThan(0);
      expect(b.ns).toBe(b.processCpuNs);
    }
    // A kernel that never collects keeps the clock; its CPU time is recorded beside it.
    expect(sum.forks[0].timing).toBe('wall');
    for (const b of sum.forks[0].batches) {
      expect(b.wallNs).toBeUndefined();
      expect(typeof b.processCpuNs).toBe('number');
    }
    expect(timingLine(document)).toMatch(/allocating kernels \(1 of 2\) on the process's CPU time/);
  });
});

describe('the allocation probe', () => {
  it('reads the heap bytes per call of an allocating kernel and ~0 for a compute kernel', async () => {
    const { probeAllocation, ALLOCATING_BYTES_PER_CALL } = await import('../../src/engine/allocation-probe.js');
    const { makeSyncLoop } = await import('../../src/engine/loop.js');
    const { createFakeClock } = await import('../helpers/fake-clock.js');
    const clock = createFakeClock();
    // Warmed as the engine's probe is (it runs after the warm-up).
    const ctx = (fn: () => unknown) => {
      const loop = makeSyncLoop(fn, undefined, clock);
      for (let i = 0; i < 20; i++) loop(1000);
      return { loop, isAsync: false } as unknown as Parameters<typeof probeAllocation>[0];
    };
    // A 1,000-element array: 8,048 B per call; a sum over a closure number: nothing.
    const arrays = await probeAllocation(
      ctx(() => new Array(1000).fill(0)),
      1000,
    );
    expect(arrays).toBeGreaterThanOrEqual(8000);
    expect(arrays).toBeLessThanOrEqual(8048 * 1.03);
    let k = 0;
    expect(
      await probeAllocation(
        ctx(() => (k = (k + 1) | 0)),
        5,
      ),
    ).toBeLessThan(ALLOCATING_BYTES_PER_CALL);
  });
});
