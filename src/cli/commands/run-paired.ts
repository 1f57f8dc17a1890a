// The paired form of `cyclebench run`: the options that name the two sides (another tree,
// another Node binary, extra Node/V8 flags; src/paired/sides.ts), their checks, and the command
// that runs the pairs and turns the verdicts and the gate into an exit code.
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Io, UsageError } from '../io.js';
import {
  ConditionError,
  exitCodeFor,
  runAgainst,
  OtherTreeError,
  rowName,
  isPaired,
  SideError,
  type SideSpec,
  RefusedFileError,
} from '../../api/command-run.js';
import { OutputPathError } from '../../results/output-files.js';
import { decidePairedGate } from '../../compare/gate.js';
import { pairedGateLine } from '../../report/gate.js';
import type { RunAndReportOptions } from '../../api/run-and-report.js';

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
  'against-flags'?: string[];
  node?: string;
  flags?: string[];
  'fail-on-regression': boolean;
  'fail-on-cannot-tell': boolean;
  'max-pairs': number;
}

/** The run options, and the paired run's own. */
export type RunCliOptions = RunAndReportOptions &
  SideSpec & {
    failOnRegression?: boolean;
    failOnCannotTell?: boolean;
    maxPairs?: number;
  };

/** Is this `run` a paired one? */
export const pairedRun = (v: Pick<PairedValues, 'against' | 'against-node' | 'against-flags'>) =>
  isPaired({ against: v.against, againstNode: v['against-node'], againstFlags: v['against-flags'] });

/**
 * The paired run's options (checked by the table, run-options.ts). A plain run takes only --node and
 * --flags (every worker's Node binary and flags); the others need a paired run.
 */
export function pairedOptions(v: PairedValues, given: ReadonlySet<string>): Partial<RunCliOptions> {
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;
  if (!pairedRun(v)) {
    const only = ['fail-on-regression', 'fail-on-cannot-tell', 'max-pairs'].find((k) => given.has(k));
    if (only) throw new UsageError(`--${only} needs --against, --against-node or --against-flags (a paired run)`);
    return defined({ node: v.node, flags: v.flags });
  }
  return defined({
    against: v.against,
    againstNode: v['against-node'],
    againstFlags: v['against-flags'],
    node: v.node,
    flags: v.flags,
    failOnRegression: given.has('fail-on-regression') ? true : undefined,
    failOnCannotTell: given.has('fail-on-cannot-tell') ? true : undefined,
    maxPairs: v['max-pairs'],
  });
}

export async function againstCommand(opts: RunCliOptions, io: Io): Promise<number> {
  let outcome;
  try {
    outcome = await runAgainst(opts, io);
  } catch (e) {
    const usage = [OtherTreeError, SideError, OutputPathError, ConditionError, RefusedFileError];
    if (!usage.some((type) => e instanceof type)) throw e;
    io.stderr.write(`cyclebench run: ${(e as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (outcome.interrupted) return exitCodeFor(outcome.stoppedBy ?? 'SIGINT');
  const p = outcome.paired;
  const failed = outcome.writeFailures.length > 0 || p.loadErrors.length > 0 || p.rows.some((r) => r.error);
  const settings = {
    failOnRegression: opts.failOnRegression === true,
    failOnCannotTell: opts.failOnCannotTell === true,
  };
  const gate = decidePairedGate(
    p.rows.map((r) => ({ name: rowName(r), verdict: r.analysis?.verdict })),
    settings,
  );
  const line = pairedGateLine(gate, settings.failOnCannotTell);
  if (line) io.stderr.write(`cyclebench run: ${line}\n`);
  return failed || gate.failed ? EXIT_FAILURE : EXIT_OK;
}
