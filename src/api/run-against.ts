// runFilesAgainst(): the library form of `cyclebench run <files> --against <tree>`, a paired
// run of the same files from this tree and another (a directory or a git ref). Imported
// lazily for the reason given in run-files.ts.
import { processIo, type Io } from './io.js';
import type { AgainstOutcome } from '../paired/against.js';
import { RUN_FILES_KEYS, type RunFilesOptions } from './run-files.js';
import { checkOptions } from './check-options.js';
import { oneRunAtATime } from './one-run.js';

export interface RunFilesAgainstOptions extends RunFilesOptions {
  /** The other tree: a directory, or a git ref of the repository of `cwd`. */
  against: string;
  /** Most pairs per benchmark (default 20). */
  maxPairs?: number;
}

export type { AgainstOutcome } from '../paired/against.js';

const SILENT = { write: () => true };

/**
 * Options of runFiles() that a paired run has no use for, refused as `cyclebench run --against`
 * refuses their flags (src/cli/commands/run.ts): it measures time per process pair, with no
 * other statistic, report file, baseline or simulation.
 */
const NOT_PAIRED = [
  'aa',
  'forks',
  'maxForks',
  'saveBaseline',
  'baseline',
  'csv',
  'html',
  'latency',
  'distributions',
  'complexity',
  'report',
  'hypothesis',
  'memory',
  'simulate',
] as const;

/** Runs the files of both trees in alternating pairs; resolves to the paired outcome (src/paired/run.ts). */
export async function runFilesAgainst(options: RunFilesAgainstOptions): Promise<AgainstOutcome> {
  checkOptions('runFilesAgainst', options, { ...RUN_FILES_KEYS, against: true, maxPairs: true });
  const clash = NOT_PAIRED.find((k) => options[k] !== undefined && options[k] !== false);
  if (clash) throw new RangeError(`runFilesAgainst: ${clash} is not available with against (a paired run)`);
  return oneRunAtATime('runFilesAgainst', () => measurePairs(options));
}

async function measurePairs(options: RunFilesAgainstOptions): Promise<AgainstOutcome> {
  const [{ DEFAULT_RUN_OPTIONS }, { runAgainst }, { findBenchFiles }] = await Promise.all([
    import('../orchestrator/run.js'),
    import('../paired/against.js'),
    import('../orchestrator/discover.js'),
  ]);
  const base = options.io ?? processIo();
  const cwd = options.cwd ?? base.cwd;
  const io: Io = { ...base, cwd, stdout: options.print === false ? SILENT : base.stdout };
  const { files, filter, cwd: _cwd, print: _print, io: _io, progress, ...rest } = options;
  const list = Array.isArray(files) ? files : [files];
  return runAgainst(
    {
      ...DEFAULT_RUN_OPTIONS,
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      against: options.against,
      files: findBenchFiles(list, cwd),
      filter: typeof filter === 'string' ? new RegExp(filter) : filter,
      progress: progress ?? false,
      argv: ['run', ...list, '--against', options.against, '(library runFilesAgainst)'],
    },
    io,
  );
}
