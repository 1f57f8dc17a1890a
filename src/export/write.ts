// The export files of `run`, `run --against` and `stat` (--bmf FILE, --github-benchmark FILE;
// `run` also --node-bench FILE):
// checked with the other outputs before anything is measured, written after, each through
// writeFileAtomic (src/results/output-files.ts), each on its own so one failure does not cost another.
import { resolve } from 'node:path';
import type { OutputRequest } from '../results/output-files.js';
import { tryWrite } from '../results/output-files.js';
import { bmfText } from './bmf.js';
import { type ExportOptions, githubBenchmarkText } from './github-benchmark.js';
import { nodeBenchText } from './node-bench-ndjson.js';
import type { ExportSource } from './source.js';

export interface ExportFiles {
  /** Bencher Metric Format JSON (bmf.ts). */
  bmf?: string;
  /** github-action-benchmark `customSmallerIsBetter` JSON (github-benchmark.ts). */
  githubBenchmark?: string;
  /** node:bench's NDJSON reporter format, a run's samples (node-bench-ndjson.ts). */
  nodeBench?: string;
}

const EXPORTS = [
  { key: 'bmf', label: '--bmf', text: bmfText },
  { key: 'githubBenchmark', label: '--github-benchmark', text: githubBenchmarkText },
  { key: 'nodeBench', label: '--node-bench', text: nodeBenchText },
] as const;

/** The export files asked for, as output requests for assertOutputPaths / checkOutputPaths. */
export function exportRequests(files: ExportFiles): OutputRequest[] {
  return EXPORTS.filter((e) => files[e.key] !== undefined).map((e) => ({ label: e.label, path: files[e.key]! }));
}

export interface ExportOutcome {
  /** The paths written, as given. */
  written: string[];
  /** One line per file that could not be written. */
  failed: string[];
}

/** Writes each export asked for; relative paths resolve against `cwd`. */
export function writeExports(
  source: ExportSource,
  files: ExportFiles,
  cwd: string,
  options: ExportOptions = {},
): ExportOutcome {
  const out: ExportOutcome = { written: [], failed: [] };
  for (const e of EXPORTS) {
    const path = files[e.key];
    if (path === undefined) continue;
    const error = tryWrite(resolve(cwd, path), () => e.text(source, options));
    if (error) out.failed.push(`${e.label}: ${error}`);
    else out.written.push(path);
  }
  return out;
}
