// Preempted batches: marked, measured again at the same size (balance kept), bounded
// re-measures, the time budget still ends the run; the analysis leaves them out, says how
// many in one line and flags `contended` when they are common.
import { describe, expect, it } from 'vitest';
import type { BatchContext } from '../../src/engine/batch.js';
import { planRng } from '../../src/engine/plan.js';
import type { GcWatch } from '../../src/engine/gc-watch.js';
import { preemptionOf } from '../../src/engine/preemption.js';
import { MAX_REMEASURES } from '../../src/results/fork-schema.js';
import { runSampling, runWarmup } from '../../src/engine/sampler.js';
import { DEFAULT_WARMUP } from '../../src/engine/warmup.js';
import { Checksum } from '../../src/engine/sink.js';
import type { ThreadSnapshot, ThreadStats } from '../../src/engine/thread-stats.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { assessPreemption } from '../../src/analysis/preemption.js';
import { detailLines } from '../../src/report/details.js';
import type { Batch } from '../../src/results/schema.js';
import { createFakeClock, fakeNowMs } from '../helpers/fake-clock.js';
import { makeFork } from '../helpers/synthetic-forks.js';

const COST = 1000; // ns per iteration of the fake kernel
const K = 10;

/** A thread whose batch number `j` (in run order) had an involuntary switch when preempted(j). */
function fakeThread(preempted: (j: number) => boolean): ThreadStats {
  let calls = 0;
  let involuntary = 0;
  return {
    rusage: true,
    procSched: false,
    snapshot(out: ThreadSnapshot) {
      const j = Math.floor(calls / 2);
      if (calls % 2 === 1 && preempted(j)) involuntary++;
      calls++;
      out.switches = involuntary;
      out.involuntary = involuntary;
      out.faults = 0;
      out.migrations = 0;
    },
    notes: () => [],
    close: () => undefined,
  } as unknown as ThreadStats;
}

/** A GC observer that saw `perBatch(i)` collections in the i-th window it is asked about. */
function fakeGc(perBatch: (i: number) => number): GcWatch {
  let seen = 0;
  const counts = (windows: readonly unknown[]) => windows.map(() => perBatch(seen++));
  return {
    counts,
    mark: (batches: Batch[], windows: readonly unknown[]) =>
      counts(windows).forEach((c, i) => {
        batches[i].gc = c;
        batches[i].gcNs = 0;
      }),
    settle: async () => undefined,
  } as unknown as GcWatch;
}

/** A batch context on a fake clock: a kernel costing COST ns per iteration, on the thread of fakeThread(preempted). */
function fakeContext(preempted: (j: number) => boolean): BatchContext {
  const clock = createFakeClock(0);
  const buf = new Float64Array(4);
  clock.bind(buf);
  return {
    clock,
    buf,
    hz: 1e9,
    loop: (n: number) => {
      clock.start();
      clock.spend(n * COST);
      clock.end();
      return n;
    },
    isAsync: false,
    checksum: new Checksum(),
    thread: fakeThread(preempted),
    nowMs: fakeNowMs(clock),
  };
}

async function sample(preempted: (j: number) => boolean, config: { rounds: number; budgetNs?: number; gc?: GcWatch }) {
  const ctx = fakeContext(preempted);
  return runSampling(
    ctx,
    100,
    planRng(1, 0),
    {
      batchesPerRound: K,
      targetCi: 0, // never reached: the rounds or the budget end the run
      confidence: 0.95,
      timeBudgetNs: config.budgetNs ?? 1e12,
      minRounds: config.rounds,
      maxRounds: config.rounds,
    },
    config.gc ?? null,
  );
}

function sizesOf(batches: readonly Batch[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const b of batches) m.set(b.iterations, (m.get(b.iterations) ?? 0) + 1);
  return m;
}

describe('preempted batches are measured again (engine)', () => {
  it('every third attempt preempted: marked, re-measured at the same size, one clean batch per size per round', async () => {
    const { batches } = await sample((j) => j % 3 === 2, { rounds: 4 });
    const clean = batches.filter((b) => !b.preempted);
    const marked = batches.filter((b) => b.preempted);
    expect(clean).toHaveLength(4 * K);
    // Attempts j = 0,1,2,… with j % 3 === 2 are preempted; the 40th clean one is attempt 58,
    // so 59 attempts ran, 19 of them preempted.
    expect(marked).toHaveLength(19);
    expect(batches).toHaveLength(59);
    expect(marked.every((b) => b.preempted === 'involuntary-switch')).toBe(true);
    // Balance: every size 100·i appears exactly 4 times among the clean batches.
    expect([...sizesOf(clean).values()]).toEqual(Array(K).fill(4));
    // Re-measures come after the round's ten planned batches, at the sizes that were preempted.
    const firstRound = batches.slice(0, K);
    const remeasured = batches.slice(K, K + 3).map((b) => b.iterations);
    expect(remeasured).toEqual(firstRound.filter((b) => b.preempted).map((b) => b.iterations));
  });

  it('a batch with a GC is not preempted by an involuntary switch (the GC threads share its CPU)', async () => {
    // Every batch had an involuntary switch; the even-numbered ones also had a collection.
    const { batches } = await sample(() => true, { rounds: 1, gc: fakeGc((i) => (i % 2 === 0 ? 1 : 0)) });
    const kept = batches.filter((b) => !b.preempted);
    expect(kept.length).toBeGreaterThanOrEqual(K / 2);
    expect(kept.every((b) => b.gc > 0)).toBe(true);
    expect(batches.filter((b) => b.preempted).every((b) => b.gc === 0)).toBe(true);
  });

  it('a size that is always preempted is tried 1 + MAX_REMEASURES times, then kept marked', async () => {
    const { batches } = await sample(() => true, { rounds: 1 });
    expect(batches).toHaveLength(K * (1 + MAX_REMEASURES));
    expect(batches.every((b) => b.preempted)).toBe(true);
    expect([...sizesOf(batches).values()]).toEqual(Array(K).fill(1 + MAX_REMEASURES));
  });

  it('re-measured time counts against the budget: the run still stops on time', async () => {
    // One round of sizes 100..1000 costs 5.5 ms clean; every attempt preempted costs 4× that.
    const { batches, stop } = await sample(() => true, { rounds: 1000, budgetNs: 30e6 });
    expect(stop).toBe('time-budget');
    const spent = batches.reduce((s, b) => s + b.ns, 0);
    expect(spent).toBeLessThan(30e6 + 4 * 5.5e6);
  });

  it('preemptionOf: involuntary switch, migration, task-clock well below wall time', () => {
    const base: Batch = {
      iterations: 10,
      ticks: 1e6,
      ns: 1e6,
      cpuStart: 1,
      cpuEnd: 1,
      gc: 0,
      contextSwitches: 0,
      migrations: 0,
      pageFaults: 0,
    };
    expect(preemptionOf(base)).toBeNull();
    expect(preemptionOf({ ...base, contextSwitches: 3, involuntarySwitches: 0 })).toBeNull(); // voluntary only
    expect(preemptionOf({ ...base, gc: 2 })).toBeNull(); // GC is the kernel's own cost
    expect(preemptionOf({ ...base, gc: 1, involuntarySwitches: 4 })).toBeNull(); // GC threads on its CPU
    expect(preemptionOf({ ...base, gc: 1, counters: { 'task-clock': 0.5e6 } })).toBeNull();
    expect(preemptionOf({ ...base, gc: 1, cpuEnd: 0 })).toBe('migration');
    expect(preemptionOf({ ...base, involuntarySwitches: 1 })).toBe('involuntary-switch');
    expect(preemptionOf({ ...base, cpuEnd: 0 })).toBe('migration');
    expect(preemptionOf({ ...base, counters: { 'task-clock': 0.99e6 } })).toBeNull();
    expect(preemptionOf({ ...base, counters: { 'task-clock': 0.8e6 } })).toBe('off-cpu');
  });
});

describe('warm-up batches switched out by a collection (engine)', () => {
  // Every batch had an involuntary switch, as V8's GC threads cause on a pinned worker.
  async function warm(gc: GcWatch | null) {
    const ctx = fakeContext(() => true);
    return runWarmup(ctx, { ...DEFAULT_WARMUP, minNs: 10e6, collectingMinNs: 10e6, budgetNs: 200e6 }, undefined, gc);
  }

  it('with the GC observer reporting a collection in each, they count and warm-up ends steady', async () => {
    const s = await warm(fakeGc(() => 1));
    expect(s.outcome).toBe('steady');
    expect(s.estimateNs).toBe(COST);
    expect(s.durationNs).toBeLessThan(20e6);
  });

  it('without a collection they were preempted: warm-up runs to its budget', async () => {
    expect((await warm(fakeGc(() => 0))).outcome).toBe('budget');
    expect((await warm(null)).outcome).toBe('budget');
  });
});

describe('planned batches that never ran clean, counted from what the engine measured', () => {
  const count = (batches: Batch[]) => {
    const r = assessPreemption([{ ...makeFork({ costNs: COST, overheadNs: 0 }), batches }])!;
    return { unreplaced: r.unreplaced, planned: r.planned, preempted: r.preempted };
  };

  it('every third attempt preempted: each was measured again clean after its round, none unreplaced', async () => {
    const { batches } = await sample((j) => j % 3 === 2, { rounds: 4 });
    expect(count(batches)).toEqual({ unreplaced: 0, planned: 4 * K, preempted: 19 });
  });

  it('every attempt of one round preempted, the next round clean: that round’s K planned batches are unreplaced', async () => {
    const { batches } = await sample((j) => j < K * (1 + MAX_REMEASURES), { rounds: 2 });
    expect(count(batches)).toEqual({ unreplaced: K, planned: 2 * K, preempted: K * (1 + MAX_REMEASURES) });
  });

  it('every attempt preempted in the last round: counted too', async () => {
    const { batches } = await sample((j) => j >= K, { rounds: 2 });
    expect(count(batches)).toEqual({ unreplaced: K, planned: 2 * K, preempted: K * (1 + MAX_REMEASURES) });
  });
});

describe('preempted batches leave the estimate (analysis)', () => {
  // Synthetic forks: 500 ns per iteration. Every `every`-th planned batch was first measured
  // 3× slow and preempted, then again (the planned batch itself), as the engine does.
  const fork = (index: number, every: number) => {
    const f = makeFork({ costNs: 500, overheadNs: 100, seed: 10 + index, index });
    const batches: Batch[] = [];
    f.batches.forEach((b, i) => {
      if (i % every === 0)
        batches.push({
          ...b,
          ns: b.ns * 3,
          ticks: b.ticks * 3,
          preempted: 'involuntary-switch',
          involuntarySwitches: 1,
        });
      batches.push(b);
    });
    return { ...f, batches };
  };

  it('the headline is the clean batches’ result; one note says how many were replaced', () => {
    const forks = [0, 1, 2].map((i) => fork(i, 10));
    const a = analyzeBenchmark(forks, { seed: 1 });
    expect(a.headline.point).toBeGreaterThan(490);
    expect(a.headline.point).toBeLessThan(510);
    const total = forks.reduce((s, f) => s + f.batches.length, 0);
    const marked = forks.reduce((s, f) => s + f.batches.filter((b) => b.preempted).length, 0);
    expect(detailLines(a.details).notes).toContain(
      `${marked} of ${total} batches (${((marked / total) * 100).toFixed(0)} %) were preempted ` +
        `(${marked} involuntary context switch), left out and measured again`,
    );
    expect(a.flags).not.toContain('contended');
  });

  it('a share under half a percent reads "< 1 %", not "0 %"', () => {
    const values = {
      preempted: 2,
      total: 612,
      involuntarySwitch: 2,
      migration: 0,
      offCpu: 0,
      unreplaced: 0,
      planned: 610,
      contended: false,
    };
    expect(detailLines([{ code: 'preempted', severity: 'info', values }]).notes[0]).toMatch(
      /^2 of 612 batches \(< 1 %\) were preempted \(2 involuntary context switch\), left out and measured again$/,
    );
  });

  it('half or more preempted: flagged contended with advice', () => {
    const a = analyzeBenchmark(
      [0, 1, 2].map((i) => fork(i, 1)),
      { seed: 1 },
    );
    expect(a.flags).toContain('contended');
    expect(detailLines(a.details).warnings.find((w) => w.startsWith('contended:'))).toMatch(/--cpu/);
  });

  it('a tenth of the planned batches never measured clean: flagged contended, and counted', () => {
    // The two largest of 20 sizes preempted at every attempt, as the batches of a kernel too long
    // for a time slice are: 2 of the 20 planned batches of each round never ran clean.
    const forks = [0, 1, 2].map((index) => {
      const f = makeFork({ costNs: 500, overheadNs: 100, seed: 20 + index, index });
      const batches = f.batches.flatMap((b) =>
        b.iterations > 1800
          ? Array.from({ length: 1 + MAX_REMEASURES }, () => ({ ...b, preempted: 'migration' as const }))
          : [b],
      );
      return { ...f, batches };
    });
    expect(assessPreemption(forks)).toMatchObject({ unreplaced: 12, planned: 120 });
    const a = analyzeBenchmark(forks, { seed: 1 });
    expect(a.flags).toContain('contended');
    expect(detailLines(a.details).warnings.find((w) => w.startsWith('contended:'))).toMatch(
      /planned batches never ran without preemption/,
    );
  });
  it('no process with two batches left without preemption: the preempted ones are used, the figure marked contended', () => {
    // Three samples a process, as node:bench's `samples: 3` asks, every one preempted.
    const forks = [0, 1, 2].map((index) =>
      makeFork({
        costNs: 500,
        overheadNs: 100,
        seed: 30 + index,
        index,
        k: 3,
        rounds: 1,
        tweak: (b) => void (b.preempted = 'involuntary-switch'),
      }),
    );
    const a = analyzeBenchmark(forks, { seed: 1 });
    expect(a.headline.point).toBeGreaterThan(0);
    expect(a.flags).toContain('contended');
    const d = a.details.find((x) => x.code === 'preempted');
    expect(d).toMatchObject({ severity: 'warning', values: { preempted: 9, total: 9, contended: true, kept: true } });
    expect(a.details.map((x) => x.code)).not.toContain('process-left-out');
    expect(detailLines(a.details).warnings.find((w) => w.startsWith('contended:'))).toMatch(
      /no process had two without preemption: the figure uses them/,
    );
  });

  it('one process with two clean batches: the others are left out, the preempted batches not used', () => {
    const forks = [0, 1, 2].map((index) =>
      makeFork({
        costNs: 500,
        overheadNs: 100,
        seed: 40 + index,
        index,
        k: 3,
        rounds: 1,
        tweak: (b, i) => void (index > 0 || i === 0 ? (b.preempted = 'involuntary-switch') : undefined),
      }),
    );
    const a = analyzeBenchmark(forks, { seed: 1 });
    expect(a.details.find((x) => x.code === 'preempted')?.values).not.toHaveProperty('kept');
    expect(a.details.filter((x) => x.code === 'process-left-out')).toHaveLength(2);
  });
});
