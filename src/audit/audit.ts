// `cyclebench audit`: the machine's noise floor. The fixed array-sum kernel is measured
// in fresh processes under each mitigation (none, pin, mlock, ASLR off, all), forks
// interleaved across configurations so drift hits each alike; per configuration the
// spread of the per-process results (CV, min, max, range) tells which knobs matter here.
import { fileURLToPath } from 'node:url';
import { analyzeBenchmark } from '../analysis/estimate.js';
import { resolveConditions, type ConditionRequest, type ResolvedConditions } from '../orchestrator/conditions.js';
import { listFile, runFork } from '../orchestrator/fork.js';
import type { Platform } from '../platform/types.js';
import type { ForkResult } from '../results/schema.js';
import { bootstrapCi } from '../statistics/bootstrap.js';
import { describe } from '../statistics/index.js';

export interface AuditConfig {
  name: string;
  request: ConditionRequest;
  /** Run by default (the others only when named with --configs). */
  default: boolean;
}

export const AUDIT_CONFIGS: AuditConfig[] = [
  { name: 'none', request: { cpu: false, aslr: 'inherit', mlock: false }, default: true },
  { name: 'pin', request: { cpu: null, aslr: 'inherit', mlock: false, pin: 'process' }, default: true },
  { name: 'mlock', request: { cpu: false, aslr: 'inherit', mlock: true }, default: true },
  { name: 'aslr-off', request: { cpu: false, aslr: 'off', mlock: false }, default: true },
  { name: 'all', request: { cpu: null, aslr: 'off', mlock: true }, default: true },
  // Extra configurations, for the questions the defaults do not answer.
  { name: 'pin-thread', request: { cpu: null, aslr: 'inherit', mlock: false, pin: 'thread' }, default: false },
  { name: 'fifo', request: { cpu: null, aslr: 'inherit', mlock: false, fifo: true }, default: false },
  {
    name: 'fifo-thread',
    request: { cpu: null, aslr: 'inherit', mlock: false, pin: 'thread', fifo: true },
    default: false,
  },
];

export const DEFAULT_AUDIT_CONFIGS = AUDIT_CONFIGS.filter((c) => c.default).map((c) => c.name);
/** Processes per configuration of `cyclebench audit`. */
export const DEFAULT_AUDIT_FORKS = 6;
/** Sampling budget of each audit process (0.4 s). */
export const DEFAULT_AUDIT_TIME_NS = 400_000_000;

/** A process this much slower than its configuration's median counts as a slow process. */
export const SLOW_PROCESS = 1.1;
/** Scale of the MAD to the standard deviation under normality. */
const MAD_TO_SD = 1.4826;

/** Resamples of the bootstrap CI of each configuration's CV. */
const CV_RESAMPLES = 2000;

export interface AuditRow {
  config: string;
  processes: number;
  /** Per-process headline (slope, ns/iteration). */
  values: number[];
  median: number;
  cv: number;
  min: number;
  max: number;
  /** max/min − 1. */
  range: number;
  /** Percentile-bootstrap 95 % interval of the CV: with a handful of processes the CV itself is uncertain. */
  cvCi: [number, number] | null;
  /**
   * 1.4826 · MAD / median: the spread of the typical processes. On a shared host a few
   * processes can run 1.3–1.6× slow throughout (a busy sibling hyperthread, steal that
   * the guest does not see); they dominate the CV, so both are shown.
   */
  robustCv: number;
  /** Processes slower than SLOW_PROCESS × the median. */
  slowProcesses: number;
  /** Knobs of this configuration that could not be applied, and why. */
  notes: string[];
  errors: string[];
}

export interface AuditOptions {
  /** Configuration names (default DEFAULT_AUDIT_CONFIGS). */
  configs?: string[];
  forks: number;
  timeBudgetNs: number;
  seed: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, config: string) => void;
}

export function auditKernelFile(): string {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return fileURLToPath(new URL(`../audit-bench/array-sum.bench.${ext}`, import.meta.url));
}

export async function runAudit(platform: Platform, opts: AuditOptions): Promise<AuditRow[]> {
  const listed = await listFile(platform, auditKernelFile(), opts.signal);
  if (!('benchmarks' in listed) || listed.benchmarks.length !== 1)
    throw new Error(`audit kernel did not load: ${'error' in listed ? listed.error : 'interrupted'}`);
  const d = listed.benchmarks[0];
  const names = opts.configs ?? DEFAULT_AUDIT_CONFIGS;
  const unknown = names.filter((n) => !AUDIT_CONFIGS.some((c) => c.name === n));
  if (unknown.length)
    throw new RangeError(
      `unknown audit configuration ${unknown.join(', ')} (known: ${AUDIT_CONFIGS.map((c) => c.name).join(', ')})`,
    );
  const configs = AUDIT_CONFIGS.filter((c) => names.includes(c.name)).map((c) => ({
    name: c.name,
    // The audit starts each worker at its turn (runFork without a worker started ahead).
    conditions: resolveConditions({ ...c.request, prestart: false }, platform),
  }));
  const forks = new Map<string, ForkResult[]>(configs.map((c) => [c.name, []]));
  const errors = new Map<string, string[]>(configs.map((c) => [c.name, []]));
  const total = opts.forks * configs.length;
  let done = 0;
  for (let f = 0; f < opts.forks; f++) {
    // Rotate the order each round so no configuration always runs first.
    for (let k = 0; k < configs.length; k++) {
      const c = configs[(k + f) % configs.length];
      if (opts.signal?.aborted) break;
      opts.onProgress?.(done, total, c.name);
      const r = await runFork(platform, d, f, {
        conditions: c.conditions,
        measure: { timeBudgetNs: opts.timeBudgetNs, counters: false },
        seed: opts.seed,
        timeoutMs: 60_000,
        signal: opts.signal,
      });
      done++;
      if ('fork' in r) forks.get(c.name)!.push(r.fork);
      else if ('error' in r) errors.get(c.name)!.push(r.error.message);
    }
  }
  return configs.map((c) => row(c.name, c.conditions, forks.get(c.name)!, errors.get(c.name)!, opts.seed));
}

function cvInterval(values: number[], seed: number): [number, number] {
  const ci = bootstrapCi(values, (r) => describe(r).cv, { resamples: CV_RESAMPLES, seed });
  return [ci.ciLow, ci.ciHigh];
}

function row(
  config: string,
  conditions: ResolvedConditions,
  forks: ForkResult[],
  errors: string[],
  seed: number,
): AuditRow {
  const values = forks.map((f) => analyzeBenchmark([f], { statistic: 'slope', seed, resamples: 200 }).headline.point);
  const d = values.length > 0 ? describe(values) : null;
  return {
    config,
    processes: values.length,
    values,
    median: d?.median ?? Number.NaN,
    cv: d && values.length > 1 ? d.cv : Number.NaN,
    min: d?.min ?? Number.NaN,
    max: d?.max ?? Number.NaN,
    range: d ? d.max / d.min - 1 : Number.NaN,
    cvCi: values.length > 2 ? cvInterval(values, seed) : null,
    robustCv: d ? (MAD_TO_SD * d.mad) / d.median : Number.NaN,
    slowProcesses: d ? values.filter((v) => v > SLOW_PROCESS * d.median).length : 0,
    notes: conditions.notes,
    errors,
  };
}
