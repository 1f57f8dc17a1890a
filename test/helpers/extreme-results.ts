// Result documents built from extreme, seeded synthetic processes through the real analysis
// (analyzeBenchmark, resultFromAnalysis, the in-file baseline comparison, findings and worded
// details, as a run writes them): costs near zero and huge, one process, processes that disagree
// by a factor of 25, intervals that cross zero, collection pauses recorded longer than the batch,
// counters with zero instructions. No NaN goes in; whatever comes out is the renderers' to show.
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { attachFindings } from '../../src/analysis/findings.js';
import { resultFromAnalysis } from '../../src/analysis/result.js';
import { attachRelative } from '../../src/api/finish-run.js';
import { wordDetails } from '../../src/report/details.js';
import type { Batch, BenchmarkResult, ForkResult, ResultDocument } from '../../src/results/schema.js';
import { createRng } from '../../src/statistics/rng.js';
import { cleanBatch, gaussian, makeFork } from './synthetic-forks.js';
import { syntheticDocument } from './synthetic-results.js';

export interface ExtremeSpec {
  name: string;
  group?: string;
  baseline?: boolean;
  /** ns per iteration of each process (one entry per process). */
  costs: number[];
  overheadNs?: number;
  /** Relative sd of per-batch noise. */
  noise?: number;
  /** Iterations per batch step (sizes unit, 2·unit … 10·unit). */
  unit?: number;
  /** Collection pause recorded per batch, as a multiple of the batch's ns (above 1: longer than the batch). */
  gcFactor?: number;
  /** Counter readings per batch (zero instructions, cycles…). */
  counters?: (iterations: number, ns: number) => Record<string, number>;
  /** Heap bytes per operation each process read (`--memory`); below zero is noise around none. */
  bytesPerOp?: number[];
}

function extremeFork(s: ExtremeSpec, index: number, seed: number): ForkResult {
  const rng = createRng(seed);
  const unit = s.unit ?? 100;
  const base = makeFork({ costNs: s.costs[index]!, overheadNs: s.overheadNs ?? 40, seed, index });
  const batches: Batch[] = [];
  for (let round = 0; round < 2; round++)
    for (let k = 1; k <= 10; k++) {
      const n = k * unit;
      const raw = (s.overheadNs ?? 40) + s.costs[index]! * n * (1 + (s.noise ?? 0.01) * gaussian(rng));
      const ns = Math.max(1, raw);
      const b: Batch = { ...cleanBatch(n, ns), ticks: ns * 3 };
      if (s.gcFactor !== undefined) {
        b.gc = 3;
        b.gcNs = ns * s.gcFactor;
      }
      if (s.counters) {
        b.counters = s.counters(n, ns);
        b.countersRunning = 1;
      }
      batches.push(b);
    }
  const bytes = s.bytesPerOp?.[index];
  const memory =
    bytes === undefined
      ? {}
      : {
          memory: {
            bytesPerOp: bytes,
            interceptBytes: 64,
            batches: [1, 2, 3].map((k) => ({ iterations: k * unit, bytes: 64 + bytes * k * unit, collections: 0 })),
          },
        };
  return { ...base, unit, batches, warmup: { ...base.warmup, estimateNs: s.costs[index]! }, ...memory };
}

export function extremeBenchmark(s: ExtremeSpec, seed: number): BenchmarkResult {
  const forks = s.costs.map((_, i) => extremeFork(s, i, seed * 100 + i));
  const a = analyzeBenchmark(forks, { seed });
  const base: BenchmarkResult = {
    name: s.name,
    group: s.group ?? null,
    args: {},
    baseline: s.baseline ?? false,
    file: 'extreme.bench.ts',
    headline: null,
    estimates: null,
    forks,
    flags: [],
    warnings: [],
  };
  return resultFromAnalysis(base, a);
}

/** Every extreme case, as one document; `shift` scales the contender side's costs for a comparison. */
export function extremeDocument(seed: number, shift = 1): ResultDocument {
  const x = (costs: number[]) => costs.map((c) => c * shift);
  const specs: ExtremeSpec[] = [
    { name: 'near zero', costs: x([1e-6, 2e-6, 1e-6]), overheadNs: 2000, noise: 0.5 },
    { name: 'crosses zero', costs: x([0.01, 0.02, 0.005]), overheadNs: 5000, noise: 2 },
    { name: 'huge', costs: x([4e9, 4.2e9, 3.9e9]), unit: 1, noise: 0.2 },
    { name: 'one process', costs: x([50]), bytesPerOp: [1e12] },
    { name: 'allocates nothing', costs: x([20, 21, 19]), bytesPerOp: [-3, 0.5, -40] },
    { name: 'disagree', costs: x([1, 5, 25]), noise: 0.001 },
    { name: 'gc longer than batch', costs: x([100, 101, 99]), gcFactor: 1.7 },
    {
      name: 'zero instructions',
      costs: x([30, 31, 29]),
      counters: (n, ns) => ({ instructions: 0, cycles: 3 * ns, 'task-clock': ns, 'page-faults': 0 }),
    },
    { name: 'base', group: 'g', baseline: true, costs: x([10, 40]), noise: 0.0001 },
    { name: 'wide', group: 'g', costs: x([12, 48]).reverse(), noise: 0.0001 },
    { name: 'far', group: 'g', costs: x([0.2, 30]), noise: 0.3 },
  ];
  const doc = syntheticDocument(specs.map((s, i) => extremeBenchmark(s, seed * 1000 + i)));
  attachRelative(doc, { threshold: 0.01, confidence: 0.95, seed });
  attachFindings(doc);
  return wordDetails(doc);
}
