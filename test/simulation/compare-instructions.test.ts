// compare --statistic instructions on synthetic documents: per-process slopes of simulated
// instructions, a Welch interval on the ratio, and the same gate as time.
import { describe, expect, it } from 'vitest';
import { comparisonNotes, comparisonReason } from '../../src/report/details.js';
import { compareDocuments } from '../../src/compare/documents.js';
import { regressions } from '../../src/compare/gate.js';
import type { BenchmarkResult, ForkResult, ResultDocument } from '../../src/results/schema.js';
import { INSTRUCTIONS_THRESHOLD } from '../../src/compare/instructions.js';

function fork(perOp: number, fixed = 5000): ForkResult {
  const batches = [1, 2, 3, 4].map((i) => ({
    iterations: 10 * i,
    ns: 1,
    counters: { 'sim-instructions': fixed + perOp * 10 * i },
    countersRunning: 1,
  }));
  return { batches, checksum: 'c' } as unknown as ForkResult;
}

function doc(perOps: number[]): ResultDocument {
  const b = {
    name: 'k',
    group: null,
    args: {},
    baseline: false,
    file: null,
    headline: null,
    estimates: null,
    forks: perOps.map((p) => fork(p)),
    flags: ['simulated'],
    warnings: [],
  } as BenchmarkResult;
  return { schemaVersion: 1, benchmarks: [b], environment: {}, options: {} } as unknown as ResultDocument;
}

const settings = { threshold: INSTRUCTIONS_THRESHOLD, confidence: 0.95, seed: 1, instructions: true };

describe('compare --statistic instructions', () => {
  it('calls a 1 % instruction increase slower and fails the gate', () => {
    const r = compareDocuments(doc([12_000, 12_000.5]), doc([12_120, 12_120.3]), settings);
    const c = r.comparisons[0]!;
    expect(c.verdict).toBe('slower');
    expect(c.ratio!.point).toBeCloseTo(1.01, 4);
    expect(regressions(r.comparisons, INSTRUCTIONS_THRESHOLD)).toHaveLength(1);
    expect(comparisonNotes(c).join(' ')).toMatch(/simulated instructions\/op: 12000\.3 → 12120\.1/);
  });
  it('shows the instruction counts the ratio divides beside it, not times, and says so', async () => {
    const { renderComparison } = await import('../../src/report/compare-render.js');
    // A time headline on both sides that moved the other way: it must not stand beside the ratio.
    const base = doc([12_000, 12_000.5]);
    const contender = doc([12_120, 12_120.3]);
    base.benchmarks[0]!.headline = { statistic: 'slope', point: 1000, ciLow: 1000, ciHigh: 1000 } as never;
    contender.benchmarks[0]!.headline = { statistic: 'slope', point: 800, ciLow: 800, ciHigh: 800 } as never;
    const r = compareDocuments(base, contender, settings);
    const c = r.comparisons[0]!;
    expect([c.baseNs, c.contenderNs, c.notHeadline]).toEqual([null, null, 'instructions']);
    const text = renderComparison(r, 'text');
    expect(text).toMatch(/^k\s+12000 instr\s+12120 instr\s+\+1\.0 %/m);
    expect(text).not.toMatch(/µs|800\.0 ns/);
    expect(text).toContain('; instructions per op, not times');
  });
  it('finds no difference between identical counts and says too-few with one process a side', () => {
    expect(compareDocuments(doc([12_000, 12_000]), doc([12_000, 12_000]), settings).comparisons[0]!.verdict).toBe(
      'no-difference',
    );
    expect(compareDocuments(doc([12_000]), doc([12_120]), settings).comparisons[0]!.verdict).toBe('too-few');
  });
  it('is incomparable when a side has no instruction count', () => {
    const plain = doc([1]);
    for (const f of plain.benchmarks[0]!.forks) for (const b of f.batches) delete b.counters;
    const c = compareDocuments(plain, doc([12_000, 12_000]), settings).comparisons[0]!;
    expect(c.verdict).toBe('incomparable');
    expect(comparisonReason(c)).toMatch(/--counters simulate/);
  });
  it('gives a verdict when the load or frequency changed during a run (time would be incomparable)', () => {
    const base = doc([12_000, 12_000.5]);
    (base.environment as { changes?: unknown[] }).changes = [{ field: 'load.oneMinute', before: 8, after: 18 }];
    expect(compareDocuments(base, doc([12_120, 12_120.3]), settings).comparisons[0]!.verdict).toBe('slower');
    const time = compareDocuments(base, doc([12_120, 12_120.3]), { ...settings, instructions: false });
    expect(time.comparisons[0]!.verdict).toBe('incomparable');
  });
});
