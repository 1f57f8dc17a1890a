// A vitest 5 benchmark provider (`benchmark: { provider: 'cyclebench/vitest-provider' }`): `vitest
// bench` keeps running the tests, and each benchmark a test registers is measured by cyclebench's
// engine in vitest's own process (src/engine/measure.ts: batches of growing size, the slope of
// batch time over iterations, its interval) instead of tinybench's per-call loop. vitest's
// provider contract (its "Custom Benchmark Provider" guide): `run({ test, config, registrations,
// options })` resolves to one tinybench-shaped result per registration, by name.
// - `latency.mean` is cyclebench's headline time per iteration (so toBeFasterThan compares
//   headlines); `moe`/`rme` its interval; min, max, percentiles and sd are over the batches'
//   times per iteration (`samplesCount` batches). `throughput` is their reciprocal, in ops/s.
// - tinybench's hooks run as tinybench defines them: `beforeAll` / `afterAll` once around the
//   measurement, `beforeEach` / `afterEach` around every call (each call then timed alone,
//   src/engine/per-call.ts).
// - `options` (time, iterations, warm-up) are tinybench's and are not used: the engine sizes its
//   batches and stops at its target interval.
// What one process cannot capture: variation between processes (JIT decisions, heap layout,
// allocator state), and the independence of benchmarks (they share one heap and JIT state with
// vitest and with each other, measured one after another). Fresh processes and verdicts come from
// `cyclebench run FILE`, which runs the same file unchanged (vitest5.ts). The provider says so
// once per process. docs/migration.md, "vitest 5".
import { loadAnalyzer } from '../api/analyze.js';
import { resultFromAnalysis } from '../analysis/result.js';
import { DEFAULT_CONFIDENCE, DEFAULT_SEED } from '../defaults.js';
import { resolveKernel } from '../engine/kernel.js';
import { measure } from '../engine/measure.js';
import { loadPlatform } from '../platform/load.js';
import type { Platform } from '../platform/types.js';
import type { BenchmarkResult, ForkResult } from '../results/schema.js';
import type { BenchFn } from '../api/types.js';
import { quantileSorted, sampleStandardDeviation } from 'simple-statistics';

type Hook = (this: unknown, mode: 'run') => unknown;
interface FnOpts {
  beforeAll?: Hook;
  beforeEach?: Hook;
  afterEach?: Hook;
  afterAll?: Hook;
}
export interface VitestRegistration {
  name: string;
  fn: () => unknown;
  fnOpts?: FnOpts;
}
export interface BenchmarkGroup {
  test: { fullTestName?: string; name?: string };
  registrations: VitestRegistration[];
  options?: Record<string, unknown>;
  config?: Record<string, unknown>;
}

export const IN_PROCESS_LINE =
  "cyclebench provider: measured in vitest's process: variation between processes (JIT, heap layout) " +
  'is not captured and the benchmarks share one heap and JIT state; for fresh processes and ' +
  'verdicts run `npx cyclebench run FILE` (the same file runs unchanged)';

let said = false;
let platform: Platform | undefined;

/** tinybench's Statistics of per-iteration values (`center` is the headline, `moe` its half interval). */
function statistics(values: number[], center: number, moe: number) {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => quantileSorted(sorted, p);
  const sd = sorted.length > 1 ? sampleStandardDeviation(sorted) : 0;
  const sem = sd / Math.sqrt(sorted.length);
  const deviations = sorted.map((v) => Math.abs(v - center));
  return {
    samplesCount: sorted.length,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    mean: center,
    p50: q(0.5),
    p75: q(0.75),
    p99: q(0.99),
    p995: q(0.995),
    p999: q(0.999),
    sd,
    variance: sd * sd,
    sem,
    df: sorted.length - 1,
    critical: sem > 0 ? moe / sem : NaN,
    moe,
    rme: (moe / center) * 100,
    aad: deviations.reduce((s, d) => s + d, 0) / deviations.length,
    mad: quantileSorted(
      [...deviations].sort((a, b) => a - b),
      0.5,
    ),
  };
}

/** A tinybench-shaped result from cyclebench's analysis of one process's batches. */
export function toBenchResult(name: string, result: BenchmarkResult, fork: ForkResult) {
  const h = result.headline;
  if (h === null) throw new Error(`cyclebench provider: '${name}' has no estimate`);
  const perIterNs = fork.batches.filter((b) => b.iterations > 0).map((b) => b.ns / b.iterations);
  const moeNs = (h.ciHigh - h.ciLow) / 2;
  const latency = statistics(
    perIterNs.map((ns) => ns / 1e6),
    h.point / 1e6,
    moeNs / 1e6,
  );
  const opsMoe = (1e9 / h.ciLow - 1e9 / h.ciHigh) / 2;
  const throughput = statistics(
    perIterNs.map((ns) => 1e9 / ns),
    1e9 / h.point,
    opsMoe,
  );
  const totalTime = fork.batches.reduce((s, b) => s + b.ns, 0) / 1e6;
  return {
    name,
    state: 'completed' as const,
    latency,
    throughput,
    period: h.point / 1e6,
    totalTime,
    runtime: 'node',
    runtimeVersion: process.version,
    timestampProviderName: 'cyclebench',
  };
}

async function measureOne(reg: VitestRegistration) {
  const task = { name: reg.name };
  const o = reg.fnOpts ?? {};
  const fn: BenchFn = {
    fn: reg.fn,
    ...(o.beforeEach ? { beforeEach: () => o.beforeEach!.call(task, 'run') } : {}),
    ...(o.afterEach ? { afterEach: () => o.afterEach!.call(task, 'run') } : {}),
  };
  await o.beforeAll?.call(task, 'run');
  let fork: ForkResult;
  try {
    platform ??= loadPlatform();
    const kernel = await resolveKernel(fn, {}, reg.name);
    fork = await measure(kernel, platform, {});
  } finally {
    await o.afterAll?.call(task, 'run');
  }
  const analyze = await loadAnalyzer();
  const a = analyze([fork], { statistic: 'auto', confidence: DEFAULT_CONFIDENCE, seed: DEFAULT_SEED });
  const base: BenchmarkResult = {
    name: reg.name,
    group: null,
    args: {},
    baseline: false,
    file: '',
    headline: null,
    estimates: null,
    forks: [fork],
    flags: ['in-process'],
    warnings: [],
  };
  return toBenchResult(reg.name, resultFromAnalysis(base, a, { flags: ['in-process'] }), fork);
}

const provider = {
  async run(group: BenchmarkGroup) {
    if (!said) {
      said = true;
      process.stderr.write(`${IN_PROCESS_LINE}\n`);
    }
    const results = [];
    for (const reg of group.registrations) results.push(await measureOne(reg));
    return results;
  },
};

export default provider;
