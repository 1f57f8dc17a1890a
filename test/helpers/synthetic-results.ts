// Synthetic, seeded result data for the comparison tests. No timing: every batch is
//   ns = overhead + iterations × cost × processFactor × (1 + within·z)
// with processFactor = 1 + between·z' drawn once per process (the sticky per-process state)
// and z, z' standard normal (Box–Muller on the seeded xoshiro128** stream).
import type { Batch, BenchmarkResult, ForkResult, ResultDocument } from '../../src/results/schema.js';
import { SCHEMA_VERSION } from '../../src/results/schema.js';
import { createRng, type Rng } from '../../src/statistics/rng.js';

export function normal(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

export interface ForkSpec {
  cost: number; // ns per iteration
  overhead?: number; // ns per batch
  between?: number; // CV of the per-process factor
  within?: number; // CV of per-batch noise
  batches?: number;
  unit?: number;
  checksum?: string;
}

export function syntheticFork(rng: Rng, s: ForkSpec, index: number): ForkResult {
  const factor = 1 + (s.between ?? 0.01) * normal(rng);
  const unit = s.unit ?? 100;
  const batches: Batch[] = Array.from({ length: s.batches ?? 20 }, (_, i) => {
    const iterations = (i + 1) * unit;
    const ns = (s.overhead ?? 40) + iterations * s.cost * factor * (1 + (s.within ?? 0.02) * normal(rng));
    return {
      iterations,
      ticks: ns,
      ns,
      cpuStart: 3,
      cpuEnd: 3,
      gc: 0,
      contextSwitches: 0,
      migrations: 0,
      pageFaults: 0,
    };
  });
  return {
    index,
    pid: 1000 + index,
    clockHz: 1e9,
    clockSource: 'synthetic',
    warmup: { outcome: 'steady', batches: 5, iterations: 500, durationNs: 1e6, estimateNs: s.cost },
    unit,
    batches,
    stop: 'target-ci',
    checksum: s.checksum ?? 'c0ffee01',
    conditions: { cpu: [3], aslr: 'off', mlock: false, envPadding: 0 },
    warnings: [],
  };
}

export function syntheticForks(seed: number, forks: number, s: ForkSpec): ForkResult[] {
  const rng = createRng(seed);
  return Array.from({ length: forks }, (_, i) => syntheticFork(rng, s, i));
}

export function syntheticBenchmark(
  name: string,
  forks: ForkResult[],
  extra: Partial<BenchmarkResult> = {},
): BenchmarkResult {
  const cost = forks[0]?.warmup.estimateNs ?? 1;
  return {
    name,
    group: null,
    args: {},
    baseline: false,
    file: 'x.bench.ts',
    headline: {
      statistic: 'slope',
      unit: 'ns',
      point: cost,
      ciLow: cost * 0.99,
      ciHigh: cost * 1.01,
      confidence: 0.95,
      method: 'synthetic',
    },
    estimates: null,
    forks,
    flags: [],
    warnings: [],
    ...extra,
  };
}

export const ENVIRONMENT = {
  cpu: { model: 'Synthetic CPU @ 3.0GHz' },
  frequency: { governor: 'performance', boost: { enabled: false } },
  node: { version: 'v20.19.0', v8: '11.3.244.8-node.29' },
  conditions: { cpus: [3], aslr: 'off', noAslr: true, mlock: false },
};

export function syntheticDocument(
  benchmarks: BenchmarkResult[],
  environment: Record<string, unknown> = ENVIRONMENT,
): ResultDocument {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'cyclebench', version: '0.1.0' },
    createdAt: '2024-01-01T00:00:00.000Z',
    command: ['cyclebench', 'run'],
    options: {},
    environment: structuredClone(environment),
    benchmarks,
    warnings: [],
  };
}
