// Reads node:bench's NDJSON (`node --bench --bench-reporter=json`, or cyclebench's own
// `run --node-bench FILE`; the format: src/export/node-bench-ndjson.ts) as a result document, so
// `compare` takes it like a cyclebench result (results/read.ts readResultFile). Each bench:complete record is one
// process of its benchmark (its fileRunId; records of one benchId are one benchmark): its samples
// become batches (iterations = operations, ns = duration_ns), marked as manually timed, and the
// benchmark is analysed as cyclebench analyses manual samples (src/analysis/manual.ts). A single
// `node --bench` run is one process per benchmark, which a comparison calls too few; the outputs
// of several runs concatenated into one file are several processes. A failed record is the
// benchmark's error; a skipped one is left out.
import { analyzeBenchmark } from './estimate.js';
import { resultFromAnalysis } from './result.js';
import type { Batch, BenchmarkResult, ForkResult, ResultDocument } from '../results/schema.js';
import { SCHEMA_VERSION } from '../results/schema.js';

/**
 * The ` [k=v, …]` cyclebench appends to a benchmark's name for its arguments (api/registry.ts
 * titleFor; node:bench params are strings, finite numbers and booleans, written as String() does).
 */
export function paramsSuffix(params: Record<string, unknown>): string {
  const keys = Object.keys(params);
  return keys.length ? ` [${keys.map((k) => `${k}=${String(params[k])}`).join(', ')}]` : '';
}

/** Does this text look like node:bench NDJSON (its first record a `bench:` record)? */
export function isNodeBenchNdjson(text: string): boolean {
  return /^\s*\{\s*"type"\s*:\s*"bench:/.test(text);
}

interface Complete {
  benchId?: unknown;
  fileRunId?: unknown;
  name?: unknown;
  namePath?: unknown;
  entryFile?: unknown;
  params?: unknown;
  samples?: unknown;
  error?: { message?: unknown } | null;
  skip?: unknown;
}

function batchOf(s: unknown, where: string): Batch {
  const o = s as { operations?: unknown; duration_ns?: unknown };
  const ops = o?.operations;
  const d = typeof o?.duration_ns === 'string' ? Number(o.duration_ns) : o?.duration_ns;
  // A sample counts whole operations in a finite time: 1e-300 operations would read as a speed
  // 1e300 times another, and "1e400" ns as no time at all.
  if (
    typeof ops !== 'number' ||
    !Number.isSafeInteger(ops) ||
    ops < 1 ||
    typeof d !== 'number' ||
    !Number.isFinite(d) ||
    !(d > 0)
  )
    throw new Error(`${where}: a sample without a whole number of operations and a finite, positive duration_ns`);
  return {
    iterations: ops,
    ticks: d,
    ns: d,
    cpuStart: -1,
    cpuEnd: -1,
    gc: 0,
    contextSwitches: 0,
    migrations: 0,
    pageFaults: 0,
  };
}

function forkOf(batches: Batch[], index: number): ForkResult {
  return {
    index,
    pid: 0,
    clockHz: 1e9,
    clockSource: 'node:bench (process.hrtime.bigint)',
    warmup: { outcome: 'budget', batches: 0, iterations: 0, durationNs: 0, estimateNs: 0 },
    unit: 1,
    batches,
    stop: 'max-rounds',
    checksum: '',
    timing: 'wall',
    conditions: { cpu: null, aslr: 'unknown', mlock: false, envPadding: 0 },
    warnings: [],
    manual: { warmupInvocations: 0, samplesAllowed: batches.length, done: false, recorded: 0 },
  };
}

/** The result document of node:bench NDJSON text; throws one line naming the first bad record. */
export function nodeBenchDocument(text: string): ResultDocument {
  const byBench = new Map<string, Complete[]>();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let r: { type?: unknown; data?: Complete };
    try {
      r = JSON.parse(line) as typeof r;
    } catch {
      throw new Error(`line ${i + 1} is not JSON`);
    }
    if (typeof r?.type !== 'string' || !r.type.startsWith('bench:'))
      throw new Error(`line ${i + 1} is not a node:bench record`);
    if (r.type !== 'bench:complete' || !r.data || r.data.skip) return;
    const key = typeof r.data.benchId === 'string' ? r.data.benchId : JSON.stringify(r.data.namePath ?? r.data.name);
    byBench.set(key, [...(byBench.get(key) ?? []), r.data]);
  });
  const benchmarks: BenchmarkResult[] = [];
  for (const records of byBench.values()) {
    const first = records[0];
    const path = Array.isArray(first.namePath) ? first.namePath.map(String) : [String(first.name)];
    const args = (first.params && typeof first.params === 'object' ? first.params : {}) as Record<string, unknown>;
    const name = `${String(first.name ?? path.at(-1))}${paramsSuffix(args)}`;
    const group = path.length > 1 ? path.slice(0, -1).join('/') : null;
    const forks: ForkResult[] = [];
    let error: string | null = null;
    // One process is one record (its fileRunId): the same one twice is a file joined to itself,
    // which would double the processes a verdict rests on.
    const runs = new Set<string>();
    for (const r of records) {
      if (typeof r.fileRunId === 'string') {
        if (runs.has(r.fileRunId))
          throw new Error(`${name}: two bench:complete records of one process (fileRunId ${r.fileRunId})`);
        runs.add(r.fileRunId);
      }
      if (r.error) error ??= String(r.error.message ?? 'failed');
      const samples = Array.isArray(r.samples) ? r.samples : [];
      if (samples.length)
        forks.push(
          forkOf(
            samples.map((s) => batchOf(s, `${name}`)),
            forks.length,
          ),
        );
    }
    const base: BenchmarkResult = {
      name,
      group,
      args,
      baseline: false,
      file: typeof first.entryFile === 'string' ? first.entryFile : null,
      headline: null,
      estimates: null,
      forks,
      flags: [],
      warnings: [],
    };
    if (error !== null) {
      benchmarks.push({ ...base, error: { message: `${name}: ${error}`, kind: 'throw' } });
      continue;
    }
    try {
      benchmarks.push(resultFromAnalysis(base, analyzeBenchmark(forks)));
    } catch (e) {
      benchmarks.push({
        ...base,
        error: { message: `${name}: cannot be analysed: ${(e as Error).message}`, kind: 'crash' },
      });
    }
  }
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'cyclebench', version: 'node:bench NDJSON' },
    createdAt: '',
    command: [],
    options: { source: 'node:bench NDJSON' },
    environment: {},
    benchmarks,
    warnings: [],
  };
}
