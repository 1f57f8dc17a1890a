// Shared helpers of the self-measurements that drive whole commands (precision.ts, order.ts,
// bench/compare/aa.ts): run a command and time it, run `cyclebench run` the way a user
// does and read its JSON, and the few statistics those scripts summarise with (CV with a
// bootstrap CI, Wilson interval). Standalone scripts, not vitest.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mean, sampleStandardDeviation } from 'simple-statistics';
import type { BenchmarkResult, ResultDocument } from '../../src/results/schema.js';
import { bootstrapCi } from '../../src/statistics/bootstrap.js';
import { normalQuantile } from '../../src/statistics/normal.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CYCLEBENCH = join(ROOT, 'bin/cyclebench.js');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time of the whole command, ms: what the user waits for. */
  wallMs: number;
}

/** Runs `node ARGS` (or another program) to completion from the repository root. */
export function runCommand(program: string, args: string[], env: Record<string, string> = {}): Ran {
  const t0 = performance.now();
  const r = spawnSync(program, args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { ...process.env, ...env },
  });
  const wallMs = performance.now() - t0;
  return {
    code: r.status,
    stdout: r.stdout ?? '',
    stderr: (r.stderr ?? '') + (r.error ? String(r.error) : ''),
    wallMs,
  };
}

export function scratchDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `cyclebench-${prefix}-`));
}

export interface CliRun extends Ran {
  doc: ResultDocument | null;
}

/** `node bin/cyclebench.js run FILE --json OUT --quiet …extra`: the CLI path a user takes. */
export function cyclebenchRun(
  file: string,
  json: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): CliRun {
  const r = runCommand(process.execPath, [CYCLEBENCH, 'run', file, '--json', json, '--quiet', ...extra], env);
  let doc: ResultDocument | null = null;
  try {
    doc = JSON.parse(readFileSync(json, 'utf8')) as ResultDocument;
  } catch {
    doc = null;
  }
  return { ...r, doc };
}

export function fullName(b: Pick<BenchmarkResult, 'group' | 'name'>): string {
  return b.group ? `${b.group}/${b.name}` : b.name;
}

export function findBenchmark(doc: ResultDocument | null, name: string): BenchmarkResult | undefined {
  return doc?.benchmarks.find((b) => fullName(b) === name || b.name === name);
}

/** Last line of stderr, for a failure cell. */
export function why(r: Ran): string {
  return (r.stderr.trim().split('\n').pop() ?? '').slice(0, 160) || `exit ${r.code}`;
}

// ---- statistics of the summaries

export function cv(values: readonly number[]): number {
  return values.length < 2 ? NaN : sampleStandardDeviation(values as number[]) / mean(values as number[]);
}

export interface Interval {
  point: number;
  low: number;
  high: number;
}

/** Below this many units a bootstrap has too few distinct resamples to mean anything (3
 *  units give 10): only the point is reported, and nothing is called resolved. */
export const MIN_BOOTSTRAP_UNITS = 6;

/** CV with a percentile bootstrap CI over the values (src/statistics/bootstrap.ts). With ~10
 *  values the percentile interval of a CV is rough (biased low, a bit narrow): read it as
 *  "which tools are clearly apart", not as an exact coverage. */
export function cvWithCi(values: readonly number[], seed = 1, confidence = 0.95): Interval {
  if (values.length < MIN_BOOTSTRAP_UNITS) return { point: cv(values), low: NaN, high: NaN };
  const b = bootstrapCi(values, (s) => cv(s), { seed, confidence });
  return { point: b.point, low: b.ciLow, high: b.ciHigh };
}

/** A statistic of paired samples, bootstrapped by resampling the pairing unit (the repetition). */
export function pairedBootstrap<T>(
  units: readonly T[],
  statistic: (resample: T[]) => number,
  seed = 1,
  confidence = 0.95,
): Interval {
  if (units.length < MIN_BOOTSTRAP_UNITS) return { point: statistic([...units]), low: NaN, high: NaN };
  const b = bootstrapCi(units, statistic, { seed, confidence });
  return { point: b.point, low: b.ciLow, high: b.ciHigh };
}

/**
 * Wilson score interval of a binomial proportion (E. B. Wilson, JASA 22, 1927; recommended
 * over the Wald interval by Brown, Cai & DasGupta, Statistical Science 16(2), 2001).
 * Checked by hand: 0/20 → [0, 0.161]; 2/20 → [0.028, 0.301].
 */
export function wilson(successes: number, n: number, confidence = 0.95): Interval {
  if (n === 0) return { point: NaN, low: NaN, high: NaN };
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const p = successes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { point: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

// ---- formatting

export const pct = (x: number, digits = 2): string => (Number.isFinite(x) ? `${(x * 100).toFixed(digits)} %` : '—');
export const ns = (x: number | null | undefined, digits = 1): string =>
  x !== null && x !== undefined && Number.isFinite(x) ? x.toFixed(digits) : '—';
export const secs = (ms: number): string => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '—');
export const interval = (i: Interval, f: (x: number) => string = pct): string =>
  Number.isFinite(i.low) ? `${f(i.point)} [${f(i.low)}, ${f(i.high)}]` : f(i.point);

/** A Markdown table: header row, alignment row (numbers right-aligned), rows. */
export function table(header: string[], rows: string[][], right: boolean[] = header.map((_, i) => i > 0)): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(right.map((r) => (r ? '---:' : '---'))), ...rows.map(line)].join('\n');
}

/** Rotates `items` left by `by`: the repetition-dependent order of interleaved contenders. */
export function rotate<T>(items: readonly T[], by: number): T[] {
  const k = ((by % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

export function elapsed(startMs: number): string {
  return secs(performance.now() - startMs);
}

/** One line on how loaded the machine was: other jobs' CPU time is this script's noise. */
export function loadLine(): string {
  const [one, five, fifteen] = loadavg();
  return `load average now ${one.toFixed(1)} / ${five.toFixed(1)} / ${fifteen.toFixed(1)} (1 / 5 / 15 min)${five > 1.5 ? ": the machine was busy; other jobs' CPU time is in these numbers" : ''}`;
}
