// Per-command statistics over the successful measured runs: describe + t-based CI of the
// mean + Tukey outlier flags per metric, derived ratios, and the warmup warning.
// Failed and warmup runs never enter the statistics; they are listed, not dropped silently.

import { median } from 'simple-statistics';
// The files themselves, not statistics/index.js: the CLI's start-up loads only what stat uses.
import { describe } from '../statistics/describe.js';
import { tukeyFences } from '../statistics/outliers.js';
import { meanCi } from '../statistics/tdist.js';
import { percent } from '../text/format.js';
import { METRICS } from './metrics.js';
import type { CommandResult, DerivedMetric, MetricName, MetricSummary, RunRecord, UnsupportedMetric } from './types.js';

/** Share of the runs treated as "first runs" by the warmup check, and the slowdown that triggers it. */
export const FIRST_RUNS_SHARE = 0.2;
export const FIRST_RUNS_SLOWDOWN = 0.1;
/** The warmup check needs this many measured runs to say anything. */
export const FIRST_RUNS_MIN_RUNS = 5;

/**
 * Every metric (METRICS) is a time, a count or a size: an interval of its mean that reaches below
 * zero (few runs, a wide spread) is clipped at 0, as the notes under the table say.
 */
function nonNegative(ci: [number, number]): [number, number] {
  return [Math.max(0, ci[0]), ci[1]];
}

/** `runIds[i]` names values[i] in outlier flags (the run number); defaults to the index. */
export function summarizeMetric(unit: string, values: number[], running?: number[], runIds?: number[]): MetricSummary {
  const d = describe(values);
  const fences = tukeyFences(values);
  const id = (i: number): number => (runIds ? runIds[i] : i);
  const s: MetricSummary = {
    unit,
    n: d.n,
    mean: d.mean,
    stddev: d.stddev,
    stderr: d.stderr,
    cv: d.cv,
    median: d.median,
    min: d.min,
    max: d.max,
    ci95: nonNegative(meanCi(values, 0.95)),
    outliers: { mild: fences.mild.map(id), severe: fences.severe.map(id) },
  };
  if (running && running.length > 0) s.running = running.reduce((a, b) => a + b, 0) / running.length;
  return s;
}

/**
 * Summaries of every metric of one command. `unsupportedReason(metric)` explains a metric
 * that has no value in any run (shown once per reason by the reporters).
 */
export function summarizeRuns(
  runs: RunRecord[],
  wanted: readonly MetricName[],
  unsupportedReason: (m: MetricName) => string,
): Pick<CommandResult, 'metrics' | 'unsupported'> {
  const ok = runs.filter((r) => r.ok && !r.warmup);
  const metrics: CommandResult['metrics'] = {};
  const unsupported: CommandResult['unsupported'] = {};
  for (const def of METRICS) {
    if (!wanted.includes(def.name)) continue;
    const values: number[] = [];
    const running: number[] = [];
    const ids: number[] = [];
    for (const r of ok) {
      const v = r.values[def.name];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      values.push(v);
      ids.push(r.run);
      if (def.event) running.push(r.running[def.event] ?? 1);
    }
    if (values.length > 0) metrics[def.name] = summarizeMetric(def.unit, values, def.event ? running : undefined, ids);
    else if (ok.length > 0)
      unsupported[def.name] = { unit: def.unit, reason: unsupportedReason(def.name) } satisfies UnsupportedMetric;
  }
  return { metrics, unsupported };
}

/** Derived metrics as ratios of means (perf stat's convention), only when both inputs exist. */
export function deriveMetrics(m: CommandResult['metrics']): Record<string, DerivedMetric> {
  const out: Record<string, DerivedMetric> = {};
  const ratio = (key: string, a: MetricName, b: MetricName, unit: string, formula: string, scale = 1): void => {
    const x = m[a]?.mean;
    const y = m[b]?.mean;
    if (x === undefined || y === undefined || y === 0) return;
    out[key] = { value: (x / y) * scale, unit, formula };
  };
  ratio('cpus-utilized', 'task-clock', 'wall-time', 'CPUs', 'task-clock / wall-time');
  ratio('ghz', 'cycles', 'task-clock', 'GHz', 'cycles / task-clock', 1e-6);
  ratio('ipc', 'instructions', 'cycles', 'insn per cycle', 'instructions / cycles');
  ratio('branch-miss-rate', 'branch-misses', 'branches', '%', 'branch-misses / branches', 100);
  ratio('cache-miss-rate', 'cache-misses', 'cache-references', '%', 'cache-misses / cache-references', 100);
  return out;
}

/**
 * Warns when the first runs are much slower than the rest (cold caches, page cache, JIT
 * code caches): median wall time of the first 20 % vs the median of the others.
 */
export function firstRunsWarning(runs: RunRecord[]): string | null {
  const wall = runs
    .filter((r) => r.ok && !r.warmup)
    .map((r) => r.values['wall-time'])
    .filter((v): v is number => typeof v === 'number');
  if (wall.length < FIRST_RUNS_MIN_RUNS) return null;
  const k = Math.max(1, Math.round(wall.length * FIRST_RUNS_SHARE));
  const first = median(wall.slice(0, k));
  const rest = median(wall.slice(k));
  if (!(rest > 0) || first <= rest * (1 + FIRST_RUNS_SLOWDOWN)) return null;
  const slower = percent(first / rest - 1, 0);
  return `the first ${k} run(s) were ${slower} slower than the rest (median wall time); consider --warmup ${k}`;
}
