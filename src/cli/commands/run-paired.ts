// The paired form of `cyclebench run`: the options that name the two sides (another tree,
// another Node binary, extra Node/V8 flags; src/paired/sides.ts), their checks, and the command
// that runs the pairs and turns the verdicts and the gate into an exit code.
import { integer } from '../args.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Io, UsageError } from '../io.js';
import {
  ConditionError,
  DEFAULT_MAX_PAIRS,
  isPaired,
  OtherTreeError,
  rowName,
  runAgainst,
  SideError,
  type SideSpec,
  splitFlags,
} from '../../api/command-run.js';
import { exitCodeFor } from '../../api/command-common.js';
import { OutputPathError } from '../../results/output-files.js';
import type { RunAndReportOptions } from '../../api/run-and-report.js';

export const PAIRED_HELP = `  --against-node PATH  paired run: the other side runs the same files with this Node
                       binary (docs/ci.md: across Node versions and V8 flags)
  --against-flags=F    paired run: the other side's workers get these Node/V8 flags,
                       e.g. --against-flags=--jitless (several: quoted, space-separated)
  --node PATH          with a paired run: this side's Node binary (default: the one
                       running cyclebench), e.g. --node node22 --against-node node24
  --flags=F            with a paired run: this side's extra Node/V8 flags
`;

/** Options whose value is Node flags: their value starts with '-'. */
const FLAG_OPTIONS = new Set(['--flags', '--against-flags']);

/**
 * `--against-flags --jitless` → `--against-flags=--jitless`: node:util parseArgs takes a value
 * starting with '-' only after '=', and these options' values always start with '-'.
 */
export function joinFlagValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--') return [...out, ...args.slice(i)];
    if (FLAG_OPTIONS.has(args[i]!) && i + 1 < args.length) out.push(`${args[i]}=${args[++i]}`);
    else out.push(args[i]!);
  }
  return out;
}

interface PairedValues {
  against?: string;
  'against-node'?: string;
  'against-flags'?: string;
  node?: string;
  flags?: string;
  'fail-on-regression'?: boolean;
  'fail-on-cannot-tell'?: boolean;
  'max-pairs'?: string;
}

/** The run options, and the paired run's own. */
export type RunCliOptions = RunAndReportOptions &
  SideSpec & {
    failOnRegression?: boolean;
    failOnCannotTell?: boolean;
    maxPairs?: number;
  };

const flagList = (option: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  try {
    return splitFlags(option, value);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
};

/** Is this `run` a paired one? */
export const pairedRun = (v: PairedValues) =>
  isPaired({
    against: v.against,
    againstNode: v['against-node'],
    againstFlags: v['against-flags'] !== undefined ? [] : undefined,
  });

/** The paired run's options, checked; {} for a plain run (which may not use any of them). */
export function pairedOptions(v: PairedValues): Partial<RunCliOptions> {
  if (!pairedRun(v)) {
    const only = (['node', 'flags', 'fail-on-regression', 'fail-on-cannot-tell', 'max-pairs'] as const).find(
      (k) => v[k] !== undefined,
    );
    if (only) throw new UsageError(`--${only} needs --against, --against-node or --against-flags (a paired run)`);
    return {};
  }
  for (const k of ['against', 'against-node', 'node'] as const)
    if (v[k] !== undefined && v[k]!.trim() === '') throw new UsageError(`--${k} is empty`);
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;
  return defined({
    against: v.against,
    againstNode: v['against-node'],
    againstFlags: flagList('--against-flags', v['against-flags']),
    node: v.node,
    flags: flagList('--flags', v.flags),
    failOnRegression: v['fail-on-regression'],
    failOnCannotTell: v['fail-on-cannot-tell'],
    maxPairs: integer('max-pairs', v['max-pairs'], DEFAULT_MAX_PAIRS, 2, 1000),
  });
}

export async function againstCommand(opts: RunCliOptions, io: Io): Promise<number> {
  let outcome;
  try {
    outcome = await runAgainst(opts, io);
  } catch (e) {
    const usage = [OtherTreeError, SideError, OutputPathError, ConditionError];
    if (!usage.some((type) => e instanceof type)) throw e;
    io.stderr.write(`cyclebench run: ${(e as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (outcome.interrupted) return exitCodeFor(outcome.stoppedBy ?? 'SIGINT');
  const p = outcome.paired;
  const failed = outcome.writeFailures.length > 0 || p.loadErrors.length > 0 || p.rows.some((r) => r.error);
  const slower = opts.failOnRegression === true && p.rows.some((r) => r.analysis?.verdict === 'slower');
  const unsure = p.rows.filter((r) => r.analysis?.verdict === 'cannot-tell').map((r) => rowName(r));
  const gated = opts.failOnRegression === true || opts.failOnCannotTell === true;
  // The gate's policy for rows that cannot tell, whenever a gate is asked for and there are any.
  if (gated && unsure.length)
    io.stderr.write(
      `cyclebench run: ${unsure.length} benchmark(s) cannot tell (${unsure.join(', ')}): ` +
        (opts.failOnCannotTell
          ? 'they fail the gate (--fail-on-cannot-tell)\n'
          : 'they pass the gate; add --fail-on-cannot-tell to fail them\n'),
    );
  const cannotTell = opts.failOnCannotTell === true && unsure.length > 0;
  return failed || slower || cannotTell ? EXIT_FAILURE : EXIT_OK;
}
