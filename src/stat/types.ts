// Types of `cyclebench stat`: perf-stat-style repeated runs of whole commands.
// The runner produces raw per-run values; summaries, comparisons and reports are
// computed from them (measurement never formats, habit 7).

import type { CounterEventName, Platform } from '../platform/types.js';
import type { Verdict } from '../results/schema.js';

/** The platform members stat needs; tests pass a fake with a scripted ChildRunner. */
export type StatPlatform = Pick<Platform, 'kind' | 'child'> & Partial<Platform>;

export interface StatOptions {
  /** argv (no shell), or one string run by `/bin/sh -c` when `shell` is true. */
  command: string[] | string;
  /** Measured runs per command (default 10). */
  runs?: number;
  /** Runs executed first and excluded from the statistics (default 0). */
  warmup?: number;
  cpus?: number[];
  noAslr?: boolean;
  /** Counter events to open (default: all ten). */
  events?: CounterEventName[];
  /** Kill a run after this many ms (0 = no limit). */
  timeoutMs?: number;
  shell?: boolean;
  /** Further commands for A/B(/C...) mode, interleaved with `command`: each an argv, or a string with `shell`. */
  vs?: Array<string[] | string>;
  /** Smallest ratio change reported as a difference (default 0.01 = 1 %). */
  noiseThreshold?: number;
  /** Accepted and unused: the ratio interval is analytic (Welch t), so verdicts need no seed. */
  seed?: number;
  /** Accepted and unused, as `seed`. */
  resamples?: number;
  /** Exclude the kernel from counting (default: when unprivileged and perf_event_paranoid >= 2). */
  excludeKernel?: boolean;
  /** Pass the child's stdio through (default false: /dev/null). */
  showOutput?: boolean;
  platform?: StatPlatform;
  /** Environment record to embed (default: collected from the platform). */
  environment?: Record<string, unknown>;
  /** Aborting kills the running child and returns what was collected (Ctrl-C). */
  signal?: AbortSignal;
  /** Called after each run (progress, per-run failure messages). */
  onRun?: (run: RunRecord, failure: Failure | undefined) => void;
}

export type MetricName = 'wall-time' | 'user-time' | 'system-time' | 'max-rss' | CounterEventName;

export type FailureKind = 'not-found' | 'exec-error' | 'exit' | 'signal' | 'timeout' | 'interrupted';

export interface Failure {
  command: number;
  /** Run index within the command's sequence (warmup runs included, counted first). */
  run: number;
  warmup: boolean;
  kind: FailureKind;
  exitCode: number | null;
  signal: string | null;
  message: string;
}

export interface RunRecord {
  command: number;
  run: number;
  warmup: boolean;
  ok: boolean;
  exitCode: number | null;
  signal: string | null;
  /** Metric values of this run; null = not measured. */
  values: Partial<Record<MetricName, number | null>>;
  /** time_running / time_enabled per counter event, when it was multiplexed or not counted. */
  running: Partial<Record<CounterEventName, number>>;
}

export interface OutlierFlags {
  /** Run numbers (RunRecord.run, 0-based, warmup runs counted) beyond the Tukey fences. */
  mild: number[];
  severe: number[];
}

export interface MetricSummary {
  unit: string;
  n: number;
  mean: number;
  /** Sample standard deviation (n - 1). */
  stddev: number;
  /** Standard error of the mean = stddev / sqrt(n) (what perf stat prints as "±"). */
  stderr: number;
  /** Coefficient of variation = stddev / mean. */
  cv: number;
  median: number;
  min: number;
  max: number;
  /** t-based 95 % CI of the mean; [NaN, NaN] (null in JSON) when n < 2. */
  ci95: [number, number];
  /** Mean share of time the counter was running (< 1 when multiplexed); absent for non-counters. */
  running?: number;
  outliers: OutlierFlags;
  /** Where the value comes from when not obvious, e.g. "wait4 rusage nvcsw+nivcsw". */
  source?: string;
}

export interface UnsupportedMetric {
  unit: string;
  reason: string;
}

export interface DerivedMetric {
  value: number;
  unit: string;
  /** How it was computed, e.g. "instructions / cycles (ratio of means)". */
  formula: string;
}

export interface CommandResult {
  /** The command as typed (joined argv, or the shell string). */
  command: string;
  argv: string[];
  runCount: number;
  warmupCount: number;
  metrics: Partial<Record<MetricName, MetricSummary>>;
  unsupported: Partial<Record<MetricName, UnsupportedMetric>>;
  derived: Record<string, DerivedMetric>;
  runs: RunRecord[];
  failures: Failure[];
  warnings: string[];
}

/** One metric of two `stat` commands compared: contender / baseline by the mean over runs. */
export interface CommandComparison {
  baseline: number;
  contender: number;
  metric: MetricName;
  /** mean(contender) / mean(baseline). */
  ratio: number | null;
  ci95: [number, number] | null;
  /** Two-sided p of the Welch test the interval inverts; absent without an interval. */
  pValue?: number;
  verdict: Verdict;
  /** Why: "CI excludes 1", "within noise (1 %)", "command 2 failed in 1 run", ... */
  reason: string;
}

export interface StatResult {
  schema: 'cyclebench-stat/1';
  environment: Record<string, unknown>;
  platform: string;
  excludeKernel: boolean;
  interrupted: boolean;
  commands: CommandResult[];
  comparisons: CommandComparison[];
  /** Method notes printed once (bootstrap, CI, sources). */
  notes: string[];
}
