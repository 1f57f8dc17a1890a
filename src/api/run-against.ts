// runFilesAgainst(): the library form of `cyclebench run <files> --against <tree>`, a paired
// run of the same files from this tree and another (a directory or a git ref), or under
// another Node binary or extra Node/V8 flags (`againstNode`, `againstFlags`; `node` and `flags`
// for this side). Imported lazily for the reason given in run-files.ts.
import { processIo, type Io } from '../text/io.js';
import type { AgainstOutcome } from '../paired/against.js';
import { RUN_FILES_KEYS, type RunFilesOptions } from './run-files.js';
import { benchmarkFilter, checkOptions, checkRunTypes, type KnownOptions } from './check-options.js';
import { oneRunAtATime } from './one-run.js';
import { NOT_PAIRED } from '../paired/not-paired.js';

export interface RunFilesAgainstOptions extends RunFilesOptions {
  /** The other tree: a directory, or a git ref of the repository of `cwd` (default: this tree). */
  against?: string;
  /** The other side's Node binary (default: the Node running cyclebench). */
  againstNode?: string;
  /** Flags added to the other side's worker command line, e.g. ['--jitless']. */
  againstFlags?: string[];
  /** This side's Node binary. */
  node?: string;
  /** Flags added to this side's worker command line. */
  flags?: string[];
  /** Most pairs per benchmark (default 20). */
  maxPairs?: number;
  /**
   * The run gates on a slower (or cannot-tell) benchmark, as `--fail-on-regression` and
   * `--fail-on-cannot-tell` say: each benchmark is then judged at alpha / N, so unchanged code
   * fails at most alpha of the time over N benchmarks (docs/ci.md). The outcome's rows carry the
   * verdicts the command line's gate reads: a 'slower' (or 'cannot-tell') row fails it.
   */
  failOnRegression?: boolean;
  failOnCannotTell?: boolean;
}

export type { AgainstOutcome } from '../paired/against.js';

const SILENT = { write: () => true };

/** Runs the files of both trees in alternating pairs; resolves to the paired outcome (src/paired/run.ts). */
export async function runFilesAgainst(options: RunFilesAgainstOptions): Promise<AgainstOutcome> {
  checkOptions('runFilesAgainst', options, {
    ...RUN_FILES_KEYS,
    against: true,
    againstNode: true,
    againstFlags: true,
    node: true,
    flags: true,
    maxPairs: true,
    failOnRegression: true,
    failOnCannotTell: true,
  } satisfies KnownOptions<Required<Omit<RunFilesAgainstOptions, keyof RunFilesOptions>>> & typeof RUN_FILES_KEYS);
  checkRunTypes('runFilesAgainst', options);
  const clash = NOT_PAIRED.find((k) => options[k] !== undefined && options[k] !== false);
  if (clash) throw new RangeError(`runFilesAgainst: ${clash} is not available with against (a paired run)`);
  return oneRunAtATime('runFilesAgainst', () => measurePairs(options));
}

async function measurePairs(options: RunFilesAgainstOptions): Promise<AgainstOutcome> {
  const [{ DEFAULT_RUN_OPTIONS }, { runAgainst }, { findBenchFiles }, { checkRunLimits }] = await Promise.all([
    import('../orchestrator/run.js'),
    import('../paired/against.js'),
    import('../orchestrator/discover.js'),
    import('../orchestrator/limits.js'),
  ]);
  const base = options.io ?? processIo();
  const cwd = options.cwd ?? base.cwd;
  const io: Io = { ...base, cwd, stdout: options.print === false ? SILENT : base.stdout };
  const { files, filter, cwd: _cwd, print: _print, io: _io, progress, ...rest } = options;
  const list = Array.isArray(files) ? files : [files];
  const given = {
    ...DEFAULT_RUN_OPTIONS,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
  };
  // Counts and times are checked as runFiles() checks them: a NaN budget or seed is one RangeError.
  checkRunLimits(given, 'runFilesAgainst');
  return runAgainst(
    {
      ...given,
      files: findBenchFiles(list, cwd),
      filter: benchmarkFilter(filter),
      progress: progress ?? false,
      argv: ['run', ...list, ...sideArgs(options), '(library runFilesAgainst)'],
    },
    io,
  );
}

/** The command-line form of the sides, for the document's `command`. */
function sideArgs(o: RunFilesAgainstOptions): string[] {
  const pairs: [string, string | string[] | undefined][] = [
    ['--against', o.against],
    ['--against-node', o.againstNode],
    ['--against-flags', o.againstFlags],
    ['--node', o.node],
    ['--flags', o.flags],
  ];
  // A flag option's value starts with '-': the command line takes it after '='.
  return pairs.flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? [`${k}=${v.join(' ')}`] : [k, v]));
}
