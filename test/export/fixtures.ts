// Synthetic inputs of the export tests: a result document (helpers/synthetic-results.ts), a paired
// outcome and a stat result, each with exact numbers the tests look for in the exports.
import type { BenchmarkResult } from '../../src/results/schema.js';
import type { PairedLike } from '../../src/export/source.js';
import type { CommandResult, MetricSummary, StatResult } from '../../src/stat/types.js';
import { syntheticBenchmark, syntheticDocument, syntheticForks } from '../helpers/synthetic-results.js';

export function bench(name: string, point: number, extra: Partial<BenchmarkResult> = {}): BenchmarkResult {
  const b = syntheticBenchmark(name, syntheticForks(7, 3, { cost: point }), extra);
  return { ...b, headline: { ...b.headline!, point, ciLow: point * 0.98, ciHigh: point * 1.03 } };
}

/** Four benchmarks: a plain one, one with args, counters and memory, one that failed, one without a headline. */
export function runDocument() {
  return syntheticDocument([
    bench('sum 100', 120.5, {
      group: 'good',
      baseline: true,
      flags: ['low-r2', 'outliers'],
    }),
    bench('sum $n', 240.25, {
      group: 'good',
      args: { n: 200 },
      counters: {
        perOp: [
          { event: 'instructions', perOp: 812.5, ciLow: 810, ciHigh: 815 },
          { event: 'cycles', perOp: 400.5 },
        ],
      },
      memory: { bytesPerOp: 64, min: 60, max: 72, forks: 3, collections: 0, method: 'median of processes' },
      relative: {
        baseline: 'good/sum 100',
        verdict: 'slower',
        ratio: { point: 1.99, ciLow: 1.95, ciHigh: 2.04 },
        pValue: 0.001,
      },
    }),
    { ...bench('crashes', 50), headline: null, error: { message: 'boom', kind: 'throw' } },
    { ...bench('no figures', 10), headline: null },
  ]);
}

/** A simulated run: no headline, simulated counts per op. */
export function simulatedDocument() {
  return syntheticDocument([
    {
      ...bench('sim', 1),
      headline: null,
      flags: ['simulated'],
      counters: {
        perOp: [
          { event: 'sim-instructions', perOp: 1234 },
          { event: 'sim-D1-misses', perOp: 0.5 },
        ],
      },
    },
  ]);
}

export function pairedOutcome(): PairedLike {
  const row = (name: string, analysis: PairedLike['rows'][number]['analysis'], error?: string) => ({
    name,
    group: 'g',
    args: {},
    pairs: [{}, {}, {}, {}],
    analysis,
    ...(error ? { error } : {}),
  });
  const analysis = (verdict: string, point: number, ciLow: number, ciHigh: number) => ({
    verdict,
    ratio: { point, ciLow, ciHigh },
    confidence: 0.9716,
    minimumDetectable: 0.02,
    reason: '',
  });
  return {
    against: 'origin/main (0123456789ab)',
    settings: { threshold: 0.01 },
    rows: [
      row('faster one', analysis('faster', 0.8, 0.75, 0.86)),
      row('same', analysis('no-difference', 1.001, 0.995, 1.007)),
      row('broken', analysis('cannot-tell', 1.2, 0.9, 1.5), 'this tree: process crashed'),
      row('unmeasured', null),
    ],
  };
}

function metric(mean: number, lo: number, hi: number, unit = 'ms'): MetricSummary {
  return {
    unit,
    n: 5,
    mean,
    stddev: 1,
    stderr: 0.5,
    cv: 0.01,
    median: mean,
    min: lo,
    max: hi,
    ci95: [lo, hi],
    outliers: { mild: [], severe: [] },
  };
}

function command(name: string, wall: MetricSummary, runCount = 5): CommandResult {
  return {
    command: name,
    argv: name.split(' '),
    runCount,
    warmupCount: 0,
    metrics: { 'wall-time': wall, 'max-rss': metric(40_000, 39_000, 41_000, 'KiB') },
    unsupported: {},
    derived: {},
    runs: [],
    failures: [],
    warnings: [],
  };
}

export function statResult(): StatResult {
  return {
    schema: 'cyclebench-stat/1',
    environment: {},
    platform: 'native',
    excludeKernel: false,
    interrupted: false,
    commands: [command('node a.js', metric(50, 48, 52)), command('node b.js', metric(60, 58.5, 61.5))],
    comparisons: [
      {
        baseline: 0,
        contender: 1,
        metric: 'wall-time',
        ratio: 1.2,
        ci95: [1.15, 1.25],
        verdict: 'slower',
        reason: 'CI excludes 1',
      },
    ],
    notes: [],
  };
}

/** The two ends of a `range` "C % CI [lo, hi]". */
export function rangeBounds(range: string | undefined): [number, number] {
  const m = /\[([^,]+), ([^\]]+)\]$/.exec(range ?? '');
  if (!m) throw new Error(`no interval in range '${range}'`);
  return [Number(m[1]), Number(m[2])];
}
