// What the exports (bmf.ts, github-benchmark.ts) read: a result document of `run`, a paired run's
// outcome or document (`run --against`, src/paired/run.ts; described here by the fields read, so
// this module does not depend on the paired run's code), or a `stat` result.
import type { ResultDocument } from '../results/schema.js';
import type { StatResult } from '../stat/types.js';

/** One benchmark of a paired run, as src/paired/run.ts PairedRow holds it. */
export interface PairedRowLike {
  name: string;
  group: string | null;
  args: Record<string, unknown>;
  pairs: readonly unknown[];
  analysis: {
    verdict: string;
    ratio: { point: number; ciLow: number; ciHigh: number } | null;
    confidence: number;
    minimumDetectable: number | null;
    reason: string;
  } | null;
  error?: string;
}

/** A paired run's outcome (src/paired/run.ts PairedOutcome) or its `--json` document. */
export interface PairedLike {
  against: string;
  rows: readonly PairedRowLike[];
  settings: { threshold: number };
}

export type ExportSource = ResultDocument | PairedLike | StatResult;

export function isStat(s: ExportSource): s is StatResult {
  return (s as StatResult).schema === 'cyclebench-stat/1';
}

export function isPaired(s: ExportSource): s is PairedLike {
  return Array.isArray((s as PairedLike).rows);
}

/**
 * NAME, or NAME with `where` and then a count appended when the output already has it: two files
 * may define the same benchmark, and two `stat` commands may be the same command line. Both
 * exports key entries by name, so a repeat would overwrite or merge with the first.
 */
export function uniqueName(taken: Record<string, unknown> | Set<string>, name: string, where: string | null): string {
  const has = (n: string) => (taken instanceof Set ? taken.has(n) : Object.hasOwn(taken, n));
  if (!has(name)) return name;
  const base = where ? `${name} (${where})` : name;
  if (!has(base)) return base;
  for (let i = 2; ; i++) if (!has(`${base} #${i}`)) return `${base} #${i}`;
}

/** A TypeError naming WHO when `s` is none of the sources above (null, a path, another object). */
export function checkSource(who: string, s: unknown): asserts s is ExportSource {
  const o = s as { benchmarks?: unknown; rows?: unknown; schema?: unknown } | null;
  const known =
    typeof o === 'object' &&
    o !== null &&
    (Array.isArray(o.benchmarks) || Array.isArray(o.rows) || o.schema === 'cyclebench-stat/1');
  if (!known)
    throw new TypeError(
      `${who}: pass a result document (readResults), a paired run's outcome or document, or a stat() result`,
    );
}
