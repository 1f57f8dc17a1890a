// The files `cyclebench run` writes (--json, --markdown, --csv, --html, --save-baseline, and the
// exports --bmf and --github-benchmark of src/export/; `--json -` writes the document to standard
// output instead, and the tables go to stderr):
// checked before measuring (src/results/output-files.ts), written after, each on its own so
// one failure does not cost the others.
import { baselinePath, saveBaseline } from '../compare/baselines.js';
import { documentJson } from '../results/document.js';
import { assertOutputPaths, type FileStamp, fileStamp, type OutputRequest, tryWrite } from '../results/output-files.js';
import { renderMarkdown, writeReports } from './write.js';
import { type ExportFiles, exportRequests, writeExports } from '../export/write.js';
import type { ExportOptions } from '../export/github-benchmark.js';
import type { ResultDocument } from '../results/schema.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Where the outputs go: relative paths resolve against `cwd`; `--json -` goes to `stdout`, messages to `stderr`. */
export interface OutputStreams {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
  cwd: string;
}

export interface RunOutputOptions extends ExportFiles {
  files: string[];
  json?: string;
  markdown?: string;
  csv?: string;
  html?: string;
  saveBaseline?: string;
  hypothesis?: string;
}

/** What the outputs were when the run started: a baseline saved by another run meanwhile is not dropped silently. */
export interface OutputStamps {
  baseline?: FileStamp;
}

/**
 * Throws OutputPathError (one line) when an output is unusable or would overwrite another or an
 * input; returns the stamps writeRunOutputs compares before replacing.
 */
export function checkRunOutputs(opts: RunOutputOptions, cwd: string): OutputStamps {
  const outputs: OutputRequest[] = (['json', 'markdown', 'csv', 'html'] as const)
    .filter((k) => opts[k] !== undefined && !((k === 'json' || k === 'markdown') && opts[k] === '-'))
    .map((k) => ({ label: `--${k}`, path: opts[k]! }));
  outputs.push(...exportRequests(opts));
  if (opts.saveBaseline)
    outputs.push({ label: '--save-baseline', path: baselinePath(opts.saveBaseline, cwd), createParent: true });
  assertOutputPaths(outputs, opts.files, cwd);
  return opts.saveBaseline ? { baseline: fileStamp(baselinePath(opts.saveBaseline, cwd)) } : {};
}

/** `r.json` → `r.failed.json`: where a run whose every benchmark failed goes instead of over a good file. */
export function besidePath(path: string): string {
  return path.endsWith('.json') ? `${path.slice(0, -5)}.failed.json` : `${path}.failed`;
}

/** Writes every requested output; messages go to stderr; returns the one-line failures. */
export function writeRunOutputs(
  document: ResultDocument,
  opts: RunOutputOptions,
  io: OutputStreams,
  partial: boolean,
  stamps: OutputStamps = {},
  exportOptions: ExportOptions = {},
): string[] {
  const failed: string[] = [];
  const written: string[] = [];
  const allFailed = document.benchmarks.length > 0 && document.benchmarks.every((b) => b.error);
  if (opts.json === '-') io.stdout.write(documentJson(document));
  else if (opts.json) {
    let target = opts.json;
    if (allFailed && existsSync(resolve(io.cwd, target))) {
      target = besidePath(opts.json);
      io.stderr.write(
        `cyclebench: every benchmark failed: kept ${opts.json} as it was, writing this run to ${target}\n`,
      );
    }
    const error = tryWrite(resolve(io.cwd, target), () => documentJson(document));
    if (error) failed.push(`--json: ${error}`);
    else written.push(target);
  }
  // `--markdown -` goes to standard output after the table, as a paired run's does.
  const toStdout = opts.markdown === '-';
  const given = { markdown: toStdout ? undefined : opts.markdown, csv: opts.csv, html: opts.html };
  const absolute = Object.fromEntries(
    Object.entries(given).map(([k, v]) => [k, v === undefined ? undefined : resolve(io.cwd, v)]),
  );
  const reports = writeReports(document, absolute, { hypothesis: opts.hypothesis });
  failed.push(...reports.failed);
  if (toStdout) io.stdout.write(renderMarkdown(document, { hypothesis: opts.hypothesis }));
  for (const [k, v] of Object.entries(absolute)) if (v && reports.written.includes(v)) written.push(given[k as 'csv']!);
  // As with --json: a run whose every benchmark failed does not replace an export that exists.
  const exports = { bmf: opts.bmf, githubBenchmark: opts.githubBenchmark, nodeBench: opts.nodeBench };
  for (const k of ['bmf', 'githubBenchmark', 'nodeBench'] as const) {
    const path = exports[k];
    if (!allFailed || path === undefined || !existsSync(resolve(io.cwd, path))) continue;
    exports[k] = besidePath(path);
    io.stderr.write(`cyclebench: every benchmark failed: kept ${path} as it was, writing this run to ${exports[k]}\n`);
  }
  const exported = writeExports(document, exports, io.cwd, exportOptions);
  written.push(...exported.written);
  failed.push(...exported.failed);
  if (opts.saveBaseline) {
    if (allFailed || partial) {
      const why = allFailed ? 'every benchmark failed' : 'the run was interrupted';
      io.stderr.write(`cyclebench: baseline '${opts.saveBaseline}' not saved: ${why}\n`);
    } else {
      try {
        const path = saveBaseline(document, opts.saveBaseline, io.cwd, stamps.baseline);
        io.stderr.write(`cyclebench: baseline '${opts.saveBaseline}' saved to ${path}\n`);
      } catch (e) {
        failed.push(`--save-baseline: ${(e as Error).message}`);
      }
    }
  }
  for (const path of written) io.stderr.write(`cyclebench: results written to ${path}\n`);
  for (const line of failed) io.stderr.write(`cyclebench: ${line}\n`);
  return failed;
}
