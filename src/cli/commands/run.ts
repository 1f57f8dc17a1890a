// `cyclebench run <files or folders>`: measure benchmark files in fresh worker processes.
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, type Io, UsageError, usageLine } from '../io.js';
import { helpText, readCommandLine } from '../options.js';
import { RUN_SPEC } from './run-options.js';
import {
  DiscoveryError,
  findBenchFiles,
  NotAFileError,
  NothingToRunError,
  RefusedFileError,
  ConditionError,
  exitCodeFor,
  SimulationUnavailableError,
  flagName,
  NOT_PAIRED,
  SideError,
} from '../../api/command-run.js';
import { runAndReport } from '../../api/run-and-report.js';
import { withRunDefaults } from '../../api/run-defaults.js';
import { BaselineError } from '../../compare/baselines.js';
import { OutputPathError } from '../../results/output-files.js';
import { againstCommand, joinFlagValues, pairedOptions, pairedRun, type RunCliOptions } from './run-paired.js';

/** The help text of `cyclebench run` (from its option table, run-options.ts). */
export const RUN_USAGE = helpText(RUN_SPEC);

export const runCommand: Command = async (args, io) => {
  let opts: RunCliOptions;
  try {
    opts = parseRunArgs(args, io);
  } catch (e) {
    if (e instanceof NotAFileError) {
      io.stderr.write(`cyclebench run: ${e.message}\n`);
      return EXIT_USAGE;
    }
    if (e instanceof UsageError || e instanceof DiscoveryError) {
      io.stderr.write(usageLine('run', e.message));
      return EXIT_USAGE;
    }
    throw e;
  }
  if (opts === HELP) {
    io.stdout.write(RUN_USAGE);
    return EXIT_OK;
  }
  if (pairedRun({ against: opts.against, 'against-node': opts.againstNode, 'against-flags': opts.againstFlags }))
    return againstCommand(opts, io);
  let outcome;
  try {
    outcome = await runAndReport(opts, io);
  } catch (e) {
    if (e instanceof NothingToRunError) {
      io.stderr.write(`cyclebench run: ${e.message}\n`);
      return EXIT_FAILURE;
    }
    if (e instanceof SimulationUnavailableError) {
      io.stderr.write(`cyclebench run: ${e.message}\n`);
      return EXIT_FAILURE;
    }
    const usage = [OutputPathError, BaselineError, ConditionError, RefusedFileError, SideError];
    if (!usage.some((type) => e instanceof type)) throw e;
    io.stderr.write(`cyclebench run: ${(e as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (outcome.interrupted) return exitCodeFor(outcome.stoppedBy ?? 'SIGINT');
  const failed =
    outcome.writeFailures.length > 0 ||
    outcome.document.benchmarks.some((b) => b.error) ||
    (outcome.document.checks ?? []).some((c) => c.status === 'failed');
  if (failed) return EXIT_FAILURE;
  return outcome.baselineRefused === undefined ? EXIT_OK : EXIT_USAGE;
};

const HELP = {} as RunCliOptions;

export type { RunCliOptions };

// `simulate` is a value of --counters, refused below with its own reason.
const NOT_WITH_AGAINST = NOT_PAIRED.filter((k) => k !== 'simulate').map(flagName);

export function parseRunArgs(args: string[], io: Io): RunCliOptions {
  const line = readCommandLine(RUN_SPEC, joinFlagValues(args));
  if (line.help) return HELP;
  if (line.positionals.length === 0) throw new UsageError('name at least one benchmark file or folder');
  const v = line.values();
  const given = (name: keyof typeof v) => line.given.has(name);
  if (given('cpu') && v['no-pin']) throw new UsageError('--cpu and --no-pin contradict each other');
  if (v.bmf === '-' || v['github-benchmark'] === '-')
    throw new UsageError('--bmf and --github-benchmark write a file: name one (- is not standard output here)');
  if (v.json === '-' && v.markdown === '-')
    throw new UsageError('--json - and --markdown - both write to standard output: name a file for one of them');
  if (v['node-bench'] === '-')
    throw new UsageError('--node-bench writes a file: name one (- is not standard output here)');
  const paired = pairedRun(v);
  if (paired) {
    const clash = NOT_WITH_AGAINST.find((k) => given(k as keyof typeof v));
    if (clash) throw new UsageError(`--${clash} is not available with --against (a paired run)`);
    if (v.counters.mode === 'simulate')
      throw new UsageError('--counters simulate is not available with --against (a paired run measures time)');
  }
  const pairedOpts = pairedOptions(v, line.given);
  if (given('pin') && v['no-pin']) throw new UsageError('--pin and --no-pin contradict each other');
  if (v.verbose && v.quiet) throw new UsageError('--verbose and --quiet contradict each other');
  if (given('counters') && v['no-counters']) throw new UsageError('--counters and --no-counters contradict each other');
  const counters = v['no-counters'] ? 'none' : v.counters.mode;
  const simulate = counters === 'simulate';
  if (simulate && v.memory)
    throw new UsageError('--memory is not available with --counters simulate (a simulated run counts instructions)');
  if (simulate && v['node-bench'] !== undefined)
    throw new UsageError(
      '--node-bench is not available with --counters simulate (its samples would be times under Valgrind)',
    );
  if (simulate && v.profile !== undefined)
    throw new UsageError('--profile is not available with --counters simulate (its workers run under Valgrind)');
  // The options whose defaults depend on others (simulate), filled as runFiles() fills them.
  const askedMax = v['max-forks'];
  const filled = withRunDefaults({
    simulate,
    ...(given('forks') ? { forks: v.forks } : {}),
    ...(askedMax !== undefined ? { maxForks: askedMax } : {}),
    ...(given('timeout') ? { timeoutMs: v.timeout * 1000 } : {}),
    ...(given('threshold') ? { threshold: v.threshold } : {}),
  });
  const forks = filled.forks;
  if (askedMax !== undefined && askedMax < forks)
    throw new UsageError(`--max-forks ${askedMax} is below ${given('forks') ? '' : 'the default '}--forks ${forks}`);
  if (simulate && askedMax !== undefined && askedMax > forks)
    throw new UsageError('--max-forks is not available with --counters simulate (its counts do not vary by process)');
  return {
    files: findBenchFiles(line.positionals, io.cwd),
    filter: v.filter,
    forks,
    maxForks: filled.maxForks,
    ...(v.budget !== undefined ? { budgetMs: v.budget * 1000 } : {}),
    timeBudgetNs: v.time * 1e9,
    ...(v['batch-ms'] !== undefined ? { largestBatchNs: v['batch-ms'] * 1e6 } : {}),
    ...(v['warmup-ms'] !== undefined ? { warmupBudgetNs: v['warmup-ms'] * 1e6 } : {}),
    targetCi: v['target-ci'],
    statistic: v.statistic,
    confidence: v.confidence,
    seed: v.seed,
    timeoutMs: filled.timeoutMs,
    counters: counters === 'hardware',
    ...(simulate ? { simulate: v.counters.simulate ?? true } : {}),
    cpu: v['no-pin'] ? false : (v.cpu ?? null),
    aslr: v.aslr,
    mlock: v.mlock,
    pin: v.pin,
    fifo: v.fifo,
    prestart: !v['no-prestart'],
    json: v.json,
    markdown: v.markdown,
    csv: v.csv,
    html: v.html,
    bmf: v.bmf,
    githubBenchmark: v['github-benchmark'],
    nodeBench: v['node-bench'],
    distributions: v.distributions,
    complexity: v.complexity,
    latency: v.latency,
    memory: v.memory,
    ...(v['no-v8-status'] ? { v8Status: false } : {}),
    ...(v.profile !== undefined ? { profile: v.profile } : {}),
    report: v.report || v.hypothesis !== undefined,
    hypothesis: v.hypothesis?.trim(),
    aa: v.aa,
    saveBaseline: v['save-baseline'],
    baseline: v.baseline,
    threshold: filled.threshold,
    progress: !v.quiet,
    detail: v.verbose ? 'verbose' : v.quiet ? 'quiet' : 'summary',
    argv: ['run', ...args],
    ...pairedOpts,
  };
}
