// In-process run(): real clock, so only structure and sanity are asserted (no timings).
import { beforeEach, describe, expect, it } from 'vitest';
import { bench, group, run, IN_PROCESS_NOTE } from '../../src/index.js';
import { resetRegistry } from '../../src/api/registry.js';
import { createJsPlatform } from '../../src/platform/js.js';
import { detailLines } from '../../src/report/details.js';
import type { Io } from '../../src/cli/io.js';

const tiny = { warmupBudgetNs: 20e6, warmupMinNs: 5e6, timeBudgetNs: 40e6, targetLargestBatchNs: 1e6 };

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

describe('run() in-process', () => {
  it('measures every registered benchmark, flags in-process and prints the report', async () => {
    const setups: number[] = [];
    group('g', () => {
      bench('sum $n', ({ n }: { n: number }) => {
        setups.push(n);
        const a = Array.from({ length: n }, (_, i) => i);
        return () => a.reduce((s, x) => s + x, 0);
      }).args('n', [10, 20]);
    });
    bench('async', async () => 1);
    const io = captureIo();
    const result = await run({ ...tiny, io, platform: createJsPlatform('test') });
    expect(result.measured).toBe(true);
    expect(setups).toEqual([10, 20]);
    expect(result.benchmarks.map((b) => [b.group, b.name])).toEqual([
      ['g', 'sum 10'],
      ['g', 'sum 20'],
      [null, 'async'],
    ]);
    for (const b of result.benchmarks) {
      expect(b.error).toBeUndefined();
      expect(b.flags).toContain('in-process');
      expect(b.forks).toHaveLength(1);
      expect(b.forks[0].batches.length).toBeGreaterThan(0);
      for (const batch of b.forks[0].batches) expect(batch.ns).toBeGreaterThan(0);
      // Tiny budgets on a shared machine: the value may be noise (and flagged), but it exists.
      expect(Number.isFinite(b.headline?.point)).toBe(true);
    }
    expect(result.document?.warnings).toContain(IN_PROCESS_NOTE);
    expect(result.document?.options.forks).toBe(0);
    expect(io.out.join('')).toContain('sum 10');
  });

  it('turns a throwing kernel into an error row naming it, and measures the rest', async () => {
    bench('bad', () => {
      throw new TypeError('broken kernel');
    });
    bench('good', () => 1);
    const io = captureIo();
    const result = await run({ ...tiny, io, print: false, platform: createJsPlatform('test'), filter: /bad|good/ });
    expect(result.benchmarks[0].error).toMatchObject({ kind: 'throw', message: 'bad: broken kernel' });
    expect(result.benchmarks[1].error).toBeUndefined();
    expect(io.out).toEqual([]);
  });

  it('a kernel whose promise never settles fails after timeoutMs, the rest are named as not measured', async () => {
    // Unsettled until the test releases it: afterwards each call settles at once, so the overrun
    // measurement can finish and this process's later run() calls are not refused.
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    bench('never', () => gate.then(() => 1));
    bench('after', () => 1);
    const io = captureIo();
    const result = await run({ ...tiny, io, platform: createJsPlatform('test'), timeoutMs: 300 });
    expect(result.benchmarks[0].error?.message).toMatch(
      /^never: did not finish within 0\.3 s \(timeoutMs\): an async kernel whose promise never settles/,
    );
    expect(result.benchmarks[1].error?.message).toBe(
      'after: not measured: never overran its time and may still be running',
    );
    // The advice names the call's option, not the command line's flag.
    expect(io.out.join('')).toMatch(/details hidden: run\(\{ detail: 'verbose' \}\)/);
    await expect(run({ timeoutMs: 0 })).rejects.toThrow(/^run: timeoutMs must be above 0/);
    // The overrun measurement still runs the kernel in this process: no run() starts beside it.
    await expect(run({ print: false })).rejects.toThrow(/^run\(\): never of an earlier run\(\) overran its timeoutMs/);
    release();
    for (let tries = 0; tries < 400; tries++) {
      const free = await run({ print: false, filter: /^never$/, ...tiny }).then(
        () => true,
        (e: Error) => !/overran/.test(e.message),
      );
      if (free) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await expect(run({ print: false, filter: /^after$/, ...tiny })).resolves.toMatchObject({ measured: true });
  });

  it("compares each group's benchmarks with its .baseline(), as cyclebench run does", async () => {
    group('copy', () => {
      bench('slice', () => {
        const a = Array.from({ length: 64 }, (_, i) => i);
        return () => a.slice();
      }).baseline();
      bench('spread', () => {
        const a = Array.from({ length: 64 }, (_, i) => i);
        return () => [...a];
      });
    });
    bench('alone', () => 1);
    const result = await run({ ...tiny, print: false, platform: createJsPlatform('test') });
    const [base, other, alone] = result.benchmarks;
    expect(base.relative).toBeUndefined();
    expect(alone.relative).toBeUndefined();
    // One process each: never a verdict. It says it cannot be given from one process (a verdict
    // needs the between-process spread, which only fresh processes show), with the ratio; or, when
    // tiny budgets on a busy machine left a side's estimates disagreeing, that the sides are
    // incomparable, and why.
    const r = other.relative;
    expect(r?.baseline).toBe('copy/slice');
    expect(['too-few', 'incomparable'], JSON.stringify(r)).toContain(r?.verdict);
    if (r?.verdict === 'too-few') {
      expect(r.because).toMatchObject({ code: 'too-few-processes' });
      expect(Number.isFinite(r.ratio?.point)).toBe(true);
    } else expect(r?.because?.code).toBe('side-contaminated');
  });

  it('filters by group/title', async () => {
    group('x', () => bench('one', () => 1));
    bench('two', () => 2);
    const result = await run({ ...tiny, print: false, platform: createJsPlatform('test'), filter: 'x/one' });
    expect(result.benchmarks.map((b) => b.name)).toEqual(['one']);
  });

  it('a filter that matches none of the registered benchmarks is refused, as runFiles refuses it', async () => {
    bench('three', () => 3);
    await expect(run({ ...tiny, print: false, platform: createJsPlatform('test'), filter: 'zzz' })).rejects.toThrow(
      /^run: filter \/zzz\/ matched none of the \d+ benchmark\(s\) \(it is tested against "group\/name"\)$/,
    );
  });
});

describe('run() in-process and cyclebench run share one result builder', () => {
  it('the same fork gives the same findings: notes and warnings as the forked path, printed as info lines', async () => {
    const { analyzeBenchmark } = await import('../../src/analysis/estimate.js');
    // A kernel whose batch times include a GC-heavy allocation, so the analysis has notes to give.
    bench('alloc', () => () => Array.from({ length: 64 }, (_, i) => ({ i })));
    const io = captureIo();
    const result = await run({ ...tiny, io, detail: 'verbose', platform: createJsPlatform('test') });
    const b = result.benchmarks[0]!;
    const a = analyzeBenchmark(b.forks, { seed: 1 });
    expect(b.notes).toEqual(detailLines(a.details).notes);
    expect(b.warnings).toEqual(detailLines(a.details).warnings);
    expect(b.details?.map((d) => d.code)).toEqual(a.details.map((d) => d.code));
    expect(b.flags.filter((f) => f !== 'in-process').sort()).toEqual([...a.flags].sort());
    const printed = io.out.join('');
    for (const n of b.notes ?? []) expect(printed).toContain(`info: alloc: ${n}`);
  });
});
