// node:bench's NDJSON reporter format (Node >= 26.9, doc/api/bench.md "Benchmark reporters"): one
// JSON record `{ type, data }` a line, types 'bench:plan' | 'bench:start' | 'bench:sample' |
// 'bench:complete' | 'bench:diagnostic' | 'bench:summary'; BigInt values (duration_ns) as decimal
// strings, errors as { name, message, stack, code }, non-finite numbers as null.
//
// Written by `run --node-bench FILE`: every measured process of a benchmark is one file run
// (its own fileRunId), its usable batches the samples (operations = the batch's iterations,
// duration_ns = its time; preempted batches, which cyclebench leaves out of every estimate, are
// left out here too), and bench:complete carries node:bench's summary of those samples plus
// cyclebench's own headline under `cyclebench`. Read by `compare` like a result file:
// src/analysis/node-bench-read.ts.
import { median, sampleSkewness } from 'simple-statistics';
import { isUsableBatch } from '../analysis/fork-fit.js';
import type { BenchmarkResult, ForkResult, ResultDocument } from '../results/schema.js';
import { tQuantile } from '../statistics/tdist.js';
import { paramsSuffix } from '../analysis/node-bench-read.js';
import { isPaired, isStat, type ExportSource } from './source.js';

export interface NodeBenchSample {
  operations: number;
  duration_ns: bigint;
  rate: number;
}

export interface NodeBenchRecord {
  type: string;
  data: Record<string, unknown>;
}

/** One record as node:bench's json reporter writes it (its toJSONValue: bigint → string, Error → fields). */
export function recordLine(record: NodeBenchRecord): string {
  return `${JSON.stringify(record, (_k, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number' && !Number.isFinite(v)) return null;
    if (v instanceof Error)
      return { name: v.name, message: v.message, stack: v.stack, code: (v as { code?: unknown }).code };
    return v;
  })}\n`;
}

/** The order statistic ranks (1-based) of a distribution-free 95 % interval for the median (binomial). */
function medianRanks(n: number, confidence = 0.95): [number, number] {
  // P(X <= k) for X ~ Binomial(n, 1/2), summed in log space so large n does not overflow.
  const logC = (k: number) => {
    let s = 0;
    for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
    return s;
  };
  let cum = 0;
  let k = 0;
  const tail = (1 - confidence) / 2;
  while (k < n) {
    const next = cum + Math.exp(logC(k) - n * Math.LN2);
    if (next > tail) break;
    cum = next;
    k++;
  }
  return [Math.max(1, k), Math.min(n, n - k + 1)];
}

/**
 * node:bench's summary of per-sample rates (operations per second), each sample one equally
 * weighted observation: mean, median, min, max, population stddev, its CV, a 95 % Student t
 * interval for the mean, a distribution-free interval for the median, and the sample skewness.
 * Node computes the two intervals and the skewness from a histogram of the rates; here they are
 * computed exactly from the rates.
 */
export function summarizeRates(rates: readonly number[]): Record<string, unknown> {
  const n = rates.length;
  if (n === 0) return {};
  const mean = rates.reduce((a, b) => a + b, 0) / n;
  const variance = rates.reduce((a, r) => a + (r - mean) ** 2, 0) / n;
  const stddev = Math.sqrt(variance);
  const sorted = [...rates].sort((a, b) => a - b);
  const half = n >= 2 ? tQuantile(0.975, n - 1) * Math.sqrt((variance * n) / (n - 1) / n) : NaN;
  const [lo, hi] = medianRanks(n);
  return {
    mean,
    median: median(sorted),
    min: sorted[0],
    max: sorted[n - 1],
    stddev,
    coefficientOfVariation: stddev / mean,
    confidenceInterval: { lower: mean - half, upper: mean + half },
    medianConfidenceInterval: { lower: sorted[lo - 1], upper: sorted[hi - 1] },
    skewness: n >= 3 ? sampleSkewness(rates as number[]) : NaN,
  };
}

/** The benchmark's own name (its title without the `[k=v]` cyclebench appends for its args). */
function plainName(b: BenchmarkResult): string {
  const suffix = paramsSuffix(b.args);
  return suffix && b.name.endsWith(suffix) ? b.name.slice(0, -suffix.length) : b.name;
}

function identity(b: BenchmarkResult, runId: string, fileRunId: string): Record<string, unknown> {
  const name = plainName(b);
  const suites = b.group ? b.group.split('/') : [];
  const file = b.file ?? null;
  return {
    runId,
    fileRunId,
    entryFile: file,
    benchId: JSON.stringify([file, [...suites, name], b.args]),
    parentId: suites.length ? JSON.stringify([file, suites]) : null,
    name,
    namePath: [...suites, name],
  };
}

function samplesOf(f: ForkResult): NodeBenchSample[] {
  return f.batches
    .filter((b) => isUsableBatch(b) && b.ns > 0)
    .map((b) => ({
      operations: b.iterations,
      duration_ns: BigInt(Math.round(b.ns)),
      rate: (b.iterations * 1e9) / b.ns,
    }));
}

/** The records of a run's result document, in node:bench's order per file run. */
export function nodeBenchRecords(doc: ResultDocument): NodeBenchRecord[] {
  const runId = `cyclebench:${doc.createdAt}`;
  const out: NodeBenchRecord[] = [];
  const counts = { completed: 0, failed: 0, skipped: 0, total: 0 };
  for (const b of doc.benchmarks) {
    const forks = b.forks.length ? b.forks : [null];
    for (const f of forks) {
      const id = identity(b, runId, `cyclebench:${f ? `${f.pid}:${f.index}` : 'none'}`);
      const where = { file: b.file ?? null, tags: [], params: b.args };
      const samples = f ? samplesOf(f) : [];
      out.push({ type: 'bench:start', data: { ...id, ...where } });
      samples.forEach((s, index) => out.push({ type: 'bench:sample', data: { ...id, index, ...s } }));
      const error = b.error ? { name: 'Error', message: b.error.message } : undefined;
      // An optimized-away loop's time is not a speed: no headline, and its flag says why.
      const away = b.flags.includes('optimized-away');
      const headline =
        b.headline && !away
          ? { point: b.headline.point, ciLow: b.headline.ciLow, ciHigh: b.headline.ciHigh, unit: 'ns/op' }
          : null;
      out.push({
        type: 'bench:complete',
        data: {
          ...id,
          ...where,
          samples,
          summary: summarizeRates(samples.map((s) => s.rate)),
          ...(error ? { error } : {}),
          cyclebench: { process: f?.index ?? null, headline, ...(away ? { flags: ['optimized-away'] } : {}) },
        },
      });
      counts.total++;
      if (error) counts.failed++;
      else counts.completed++;
    }
  }
  const success = counts.failed === 0;
  out.push({
    type: 'bench:summary',
    data: { runId, fileRunId: null, entryFile: null, success, counts, duration_ns: 0n, file: null },
  });
  return out;
}

/** The `--node-bench FILE` text: a run's result document as node:bench NDJSON. */
export function nodeBenchText(source: ExportSource): string {
  if (isStat(source) || isPaired(source))
    throw new Error(
      'node:bench NDJSON holds the samples of a run (`run --node-bench FILE`), not of `stat` or a paired run',
    );
  return nodeBenchRecords(source).map(recordLine).join('');
}
