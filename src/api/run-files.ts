// runFiles(): the library form of `cyclebench run` — benchmark files measured in fresh
// worker processes (forks), with every environment knob of the CLI (pinning and its
// policy, ASLR mode, mlock, SCHED_FIFO), comparisons and report files. run() (run.ts)
// is the in-process form for a plain script; this is the one whose numbers include
// between-process variance.

//
// The orchestrator is imported lazily, inside runFiles(): this module is re-exported by the
// package entry that every benchmark file imports, and the orchestrator's import graph
// reaches hdr-histogram-js, whose loading through tsx invalidates V8's ArrayBufferDetaching
// protector in the importing process (measured: a Float64Array sum ran 1.4 → 2.85 µs).
// A benchmark file must not pay for an API it does not call (docs/decisions.md).

import { processIo, type Io } from '../text/io.js';
import { benchmarkFilter, checkOptions, checkRunTypes, type KnownOptions } from './check-options.js';
import type { RunAndReportOptions, RunOutcome } from './run-and-report.js';
import { oneRunAtATime } from './one-run.js';

export interface RunFilesOptions extends Partial<
  Omit<RunAndReportOptions, 'files' | 'filter' | 'argv' | 'progress' | 'verboseHint'>
> {
  /** Benchmark files or folders (folders are searched for *.bench.* and *.cyclebench.*). */
  files: string | string[];
  /** Only benchmarks whose "group/name" matches. */
  filter?: RegExp | string;
  /** Base of relative paths (default process.cwd()). */
  cwd?: string;
  /** Print the terminal table (and the reports asked for) to `io.stdout` (default true). */
  print?: boolean;
  /** Progress line on stderr (default false): redrawn on a terminal, else a plain line every 20 s (docs/ci.md). */
  progress?: boolean;
  io?: Io;
}

export type { RunOutcome } from './run-and-report.js';

const SILENT = { write: () => true };

/** Every option runFiles() takes; `satisfies` keeps the list equal to the type's keys. */
export const RUN_FILES_KEYS = {
  files: true,
  filter: true,
  cwd: true,
  print: true,
  progress: true,
  io: true,
  forks: true,
  maxForks: true,
  budgetMs: true,
  timeBudgetNs: true,
  largestBatchNs: true,
  warmupBudgetNs: true,
  targetCi: true,
  statistic: true,
  confidence: true,
  seed: true,
  timeoutMs: true,
  counters: true,
  simulate: true,
  cpu: true,
  aslr: true,
  mlock: true,
  pin: true,
  fifo: true,
  prestart: true,
  aa: true,
  threshold: true,
  latency: true,
  memory: true,
  v8Status: true,
  profile: true,
  hypothesis: true,
  detail: true,
  columns: true,
  distributions: true,
  complexity: true,
  report: true,
  json: true,
  markdown: true,
  csv: true,
  html: true,
  bmf: true,
  githubBenchmark: true,
  nodeBench: true,
  saveBaseline: true,
  baseline: true,
  node: true,
  flags: true,
} as const satisfies KnownOptions<Required<RunFilesOptions>>;

/** Measures benchmark files in fresh processes; resolves to the result document (and whether Ctrl-C cut it short). */
export async function runFiles(options: RunFilesOptions): Promise<RunOutcome> {
  checkOptions('runFiles', options, RUN_FILES_KEYS);
  checkRunTypes('runFiles', options);
  if (options.simulate && options.memory)
    throw new RangeError('runFiles: memory is not available with simulate (a simulated run counts instructions)');
  if (options.simulate && options.nodeBench !== undefined)
    throw new RangeError(
      'runFiles: nodeBench is not available with simulate (its samples would be times under Valgrind)',
    );
  if (options.simulate && options.profile !== undefined)
    throw new RangeError('runFiles: profile is not available with simulate (a simulated run runs under Valgrind)');
  return oneRunAtATime('runFiles', () => measureFiles(options));
}

async function measureFiles(options: RunFilesOptions): Promise<RunOutcome> {
  const [{ withRunDefaults }, { runAndReport }, { findBenchFiles }, { checkRunLimits }] = await Promise.all([
    import('./run-defaults.js'),
    import('./run-and-report.js'),
    import('../orchestrator/discover.js'),
    import('../orchestrator/limits.js'),
  ]);
  const base = options.io ?? processIo();
  const cwd = options.cwd ?? base.cwd;
  const io: Io = { ...base, cwd, stdout: options.print === false ? SILENT : base.stdout };
  const { files, filter, cwd: _cwd, print: _print, io: _io, progress, ...rest } = options;
  const filled = withRunDefaults(rest);
  // As the command line refuses it: simulated counts do not vary by process, so none are added.
  if (rest.simulate && filled.maxForks > filled.forks)
    throw new RangeError('runFiles: maxForks is not available with simulate (its counts do not vary by process)');
  const opts: RunAndReportOptions = {
    ...filled,
    // A hypothesis is printed in the review, as --hypothesis implies --report.
    ...(rest.hypothesis !== undefined ? { hypothesis: rest.hypothesis.trim(), report: rest.report ?? true } : {}),
    files: findBenchFiles(Array.isArray(files) ? files : [files], cwd),
    filter: benchmarkFilter(filter),
    progress: progress ?? false,
    argv: ['run', ...(Array.isArray(files) ? files : [files]), '(library runFiles)'],
    verboseHint: "runFiles({ detail: 'verbose' })",
  };
  checkRunLimits(opts, 'runFiles');
  return runAndReport(opts, io);
}
