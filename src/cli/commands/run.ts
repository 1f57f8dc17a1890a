// `cyclebench run <files or folders>`: measure benchmark files in fresh worker processes.
import { parse, cpuList, fraction, oneOf, integer, LIMITS, positiveNumber } from '../args.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, type Io, UsageError, usageLine } from '../io.js';
import {
  ALLOCATING_LARGEST_BATCH_NS,
  ConditionError,
  DEFAULT_PIN_POLICY,
  DEFAULT_RUN_OPTIONS as D,
  DISAGREE_ABOVE,
  DiscoveryError,
  findBenchFiles,
  flagName,
  maxProcesses,
  NOT_PAIRED,
  NotAFileError,
  NothingToRunError,
  RefusedFileError,
  SIMULATED_FORKS,
  SIMULATED_TIMEOUT_MS,
  type SimulationChoice,
  SimulationUnavailableError,
  TARGET_LARGEST_BATCH_NS,
} from '../../api/command-run.js';
import { DEFAULT_NOISE_THRESHOLD, helpPercent } from '../../defaults.js';
import { runAndReport } from '../../api/run-and-report.js';
import { BaselineError, checkBaselineName } from '../../compare/baselines.js';
import { INSTRUCTIONS_THRESHOLD } from '../../compare/instructions.js';
import { exitCodeFor } from '../../api/command-common.js';
import { OutputPathError } from '../../results/output-files.js';
import type { Statistic } from '../../results/schema.js';
import {
  againstCommand,
  joinFlagValues,
  PAIRED_HELP,
  pairedOptions,
  pairedRun,
  type RunCliOptions,
} from './run-paired.js';

const targetMs = TARGET_LARGEST_BATCH_NS / 1e6;
const allocatingMs = ALLOCATING_LARGEST_BATCH_NS / 1e6;

export const RUN_USAGE = `Usage: cyclebench run <files or folders…> [options]

Finds *.bench.* and *.cyclebench.* files (ts, mts, cts, js, mjs, cjs) and measures each benchmark in fresh processes.

Measurement:
  --forks N            processes per benchmark, round-robin (default ${D.forks})
  --max-forks N        at most N processes per benchmark: when the planned ones disagree
                       (CI wider than ±${DISAGREE_ABOVE * 100} %), more are run, as many as that miss asks
                       for (default: twice the default --forks; --forks alone keeps the
                       count exact)
  --time S             sampling budget per benchmark per process, seconds (default ${D.timeBudgetNs / 1e9})
  --batch-ms MS        target duration of the largest batch of a round (default ${targetMs}, or ${allocatingMs}
                       for a kernel that collected garbage during warmup)
  --target-ci P        stop sampling at this relative CI half-width (default ${helpPercent(D.targetCi)})
  --statistic S        headline: slope | min | median | mean (default ${D.statistic})
  --confidence C       confidence level of intervals (default ${D.confidence})
  --seed N             seed of every random choice: batch order, inputs, bootstrap (default ${D.seed})
  --filter REGEX       only benchmarks whose "group/name" matches
  --timeout S          kill a worker after S seconds (default ${D.timeoutMs / 1000}; ${SIMULATED_TIMEOUT_MS / 1000} with
                       --counters simulate)
  --counters MODE      hardware | simulate | none (default hardware): simulate runs each
                       worker under Valgrind (callgrind) and reports simulated instructions,
                       cache misses and branch mispredictions per op instead of time;
                       default 2 processes (docs/measurements.md: cost).
                       simulate:instructions counts instructions only (faster);
                       simulate:cache, simulate:branch pick one simulation
  --no-counters        same as --counters none
  --memory             also measure heap bytes allocated per operation (alloc/op column,
                       "memory" in the JSON; after the timed batches, never during them)
  --profile DIR        one more process per benchmark, never measured, runs it under V8's
                       sampling profiler: writes DIR/NNN-<name>.cpuprofile (Chrome DevTools,
                       speedscope) and lists the top self-time functions; with --against,
                       both sides of each benchmark found slower or faster, and the
                       functions whose time per op changed most (docs/guide.md)
  --no-v8-status       measured processes do not read V8's tiers and deoptimizations
                       (read by default: "v8" per process in the JSON; the odd-process,
                       slow-state and warm-up lines say whether V8 deoptimized the kernel)
  --latency            latency mode for every benchmark: after the batches, time each
                       call on its own and report p50 … p99.99 and max (timer overhead
                       subtracted); .latency() in a file does it for one benchmark
Environment:
  --cpu LIST|idlest|highest
                       pin workers to these CPUs, or to the allowed CPU idlest at the start
                       or the highest one (default: an isolated CPU, else the idlest)
  --no-pin             do not pin
  --pin POLICY         process | thread: pin every worker thread, or only the JS thread
                       with V8/libuv helpers on the other CPUs (default process)
  --fifo               run the measuring thread under SCHED_FIFO (root or CAP_SYS_NICE),
                       with a kernel watchdog (RLIMIT_RTTIME) at the --timeout
  --no-prestart        start each worker at its turn, not while the one before measures
                       (by default it starts up on a CPU the measuring worker does not use)
  --aslr MODE          inherit | off | randomize (default inherit)
  --mlock              lock worker memory (mlockall, needs CAP_IPC_LOCK)
Comparison:
  --aa                 A/A check: measure each benchmark twice in interleaved processes
  --save-baseline NAME save this run as .cyclebench/baselines/NAME.json
  --baseline NAME      compare this run with a saved baseline
  --threshold P        differences below this are "within noise" (default ${helpPercent(DEFAULT_NOISE_THRESHOLD)};
                       ${helpPercent(INSTRUCTIONS_THRESHOLD)} of instructions with --counters simulate)
  --against TREE       paired run: the same files from another tree (a directory, or a
                       git ref checked out in a temporary worktree), processes in pairs,
                       stopping once the verdict is settled (docs/ci.md)
  --max-pairs N        with --against: most pairs per benchmark (default 20; looks at
                       4, 6, 8, ... pairs below it and at N)
  --fail-on-regression with --against: exit 1 when a benchmark is slower in this tree;
                       one that cannot tell passes, with a line saying so
  --fail-on-cannot-tell with --against: exit 1 when a benchmark cannot tell, too
${PAIRED_HELP}Output:
  --json FILE          write the versioned result document (raw batches included); - for stdout
                       (the tables then go to stderr)
  --markdown FILE      write a Markdown report
  --csv FILE           write one CSV row per benchmark
  --html FILE          write a self-contained HTML report with plots
  --bmf FILE           write Bencher Metric Format JSON (bencher run --adapter json; docs/ci.md)
  --github-benchmark FILE
                       write github-action-benchmark customSmallerIsBetter JSON (docs/ci.md)
  --node-bench FILE    write node:bench's NDJSON: every process's samples (docs/migration.md)
  --distributions      print a histogram and a run-order sparkline per benchmark
  --complexity         print each .args()/.range() sweep with its O(1)…O(n³) fit
  --report             after the table, print the report a reviewer can check (as
                       \`cyclebench report\`: question, conditions, method, result, caveats)
  --hypothesis TEXT    the question the run answers; recorded in the results and
                       shown by the report (implies --report)
  --verbose            every estimate, warning and note (default: one table that fits the
                       terminal and one line per benchmark that needs attention)
  --quiet              the table only, no progress line
`;

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
  if (
    pairedRun({
      against: opts.against,
      'against-node': opts.againstNode,
      'against-flags': opts.againstFlags?.join(' '),
    })
  )
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
    const usage = [OutputPathError, BaselineError, ConditionError, RefusedFileError];
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

/** --batch-ms: from 0.01 ms (10 µs, still 100x two clock reads) to 10 s. */
function batchMs(value: string): number {
  const ms = positiveNumber('batch-ms', value, TARGET_LARGEST_BATCH_NS / 1e6);
  if (ms < 0.01 || ms > 10_000) throw new UsageError(`--batch-ms must be from 0.01 to 10000 (ms), got '${value}'`);
  return ms;
}

export type { RunCliOptions };

// `simulate` is a value of --counters, refused below with its own reason.
const NOT_WITH_AGAINST = NOT_PAIRED.filter((k) => k !== 'simulate').map(flagName);

function checkName(name: string): string {
  try {
    return checkBaselineName(name);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function parseRunArgs(args: string[], io: Io): RunCliOptions {
  const { values, positionals } = parse(joinFlagValues(args), {
    forks: { type: 'string' },
    'max-forks': { type: 'string' },
    time: { type: 'string' },
    'batch-ms': { type: 'string' },
    'target-ci': { type: 'string' },
    statistic: { type: 'string' },
    confidence: { type: 'string' },
    seed: { type: 'string' },
    filter: { type: 'string' },
    timeout: { type: 'string' },
    'no-counters': { type: 'boolean' },
    counters: { type: 'string' },
    cpu: { type: 'string' },
    'no-pin': { type: 'boolean' },
    pin: { type: 'string' },
    fifo: { type: 'boolean' },
    'no-prestart': { type: 'boolean' },
    aslr: { type: 'string' },
    mlock: { type: 'boolean' },
    json: { type: 'string' },
    markdown: { type: 'string' },
    csv: { type: 'string' },
    html: { type: 'string' },
    bmf: { type: 'string' },
    'github-benchmark': { type: 'string' },
    'node-bench': { type: 'string' },
    distributions: { type: 'boolean' },
    complexity: { type: 'boolean' },
    latency: { type: 'boolean' },
    memory: { type: 'boolean' },
    'no-v8-status': { type: 'boolean' },
    profile: { type: 'string' },
    report: { type: 'boolean' },
    hypothesis: { type: 'string' },
    aa: { type: 'boolean' },
    'save-baseline': { type: 'string' },
    baseline: { type: 'string' },
    threshold: { type: 'string' },
    against: { type: 'string' },
    'against-node': { type: 'string' },
    'against-flags': { type: 'string' },
    node: { type: 'string' },
    flags: { type: 'string' },
    'fail-on-regression': { type: 'boolean' },
    'fail-on-cannot-tell': { type: 'boolean' },
    'max-pairs': { type: 'string' },
    quiet: { type: 'boolean' },
    verbose: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return HELP;
  if (positionals.length === 0) throw new UsageError('name at least one benchmark file or folder');
  let filter: RegExp | undefined;
  if (values.filter !== undefined) {
    try {
      filter = new RegExp(values.filter);
    } catch (e) {
      throw new UsageError(`--filter is not a valid regular expression: ${(e as Error).message}`);
    }
  }
  const confidence = positiveNumber('confidence', values.confidence, D.confidence);
  if (confidence >= 1) throw new UsageError(`--confidence must be between 0 and 1, got '${values.confidence}'`);
  if (values.cpu !== undefined && values['no-pin']) throw new UsageError('--cpu and --no-pin contradict each other');
  if (values.bmf === '-' || values['github-benchmark'] === '-')
    throw new UsageError('--bmf and --github-benchmark write a file: name one (- is not standard output here)');
  if (values['node-bench'] === '-')
    throw new UsageError('--node-bench writes a file: name one (- is not standard output here)');
  if (values.hypothesis !== undefined && values.hypothesis.trim() === '') throw new UsageError('--hypothesis is empty');
  if (pairedRun(values)) {
    const clash = NOT_WITH_AGAINST.find((k) => values[k as keyof typeof values] !== undefined);
    if (clash) throw new UsageError(`--${clash} is not available with --against (a paired run)`);
    if (values.counters?.startsWith('simulate'))
      throw new UsageError('--counters simulate is not available with --against (a paired run measures time)');
  }
  const paired = pairedOptions(values);
  if (values.pin !== undefined && values['no-pin']) throw new UsageError('--pin and --no-pin contradict each other');
  if (values.verbose && values.quiet) throw new UsageError('--verbose and --quiet contradict each other');
  if (values.counters !== undefined && values['no-counters'])
    throw new UsageError('--counters and --no-counters contradict each other');
  const [mode, what] = (values.counters ?? '').split(/:(.*)/s) as [string, string | undefined];
  const counters = values['no-counters']
    ? 'none'
    : oneOf(
        'counters',
        what === undefined ? values.counters : mode,
        ['hardware', 'simulate', 'none'] as const,
        'hardware',
      );
  if (what !== undefined && counters !== 'simulate')
    throw new UsageError(`--counters ${mode} takes no ':' part (only simulate:instructions|cache|branch does)`);
  const simulate = counters === 'simulate';
  if (simulate && values.memory)
    throw new UsageError('--memory is not available with --counters simulate (a simulated run counts instructions)');
  if (values.profile !== undefined && values.profile.trim() === '') throw new UsageError('--profile is empty');
  if (simulate && values.profile !== undefined)
    throw new UsageError('--profile is not available with --counters simulate (its workers run under Valgrind)');
  const forks = integer('forks', values.forks, simulate ? SIMULATED_FORKS : D.forks, 1, LIMITS.forks);
  const askedMax =
    values['max-forks'] === undefined ? undefined : integer('max-forks', values['max-forks'], forks, 1, LIMITS.forks);
  if (askedMax !== undefined && askedMax < forks)
    throw new UsageError(
      `--max-forks ${askedMax} is below ${values.forks === undefined ? 'the default ' : ''}--forks ${forks}`,
    );
  if (simulate && askedMax !== undefined && askedMax > forks)
    throw new UsageError('--max-forks is not available with --counters simulate (its counts do not vary by process)');
  return {
    files: findBenchFiles(positionals, io.cwd),
    filter,
    forks,
    maxForks: maxProcesses(forks, values.forks !== undefined || simulate, askedMax),
    timeBudgetNs: positiveNumber('time', values.time, D.timeBudgetNs / 1e9) * 1e9,
    ...(values['batch-ms'] !== undefined ? { largestBatchNs: batchMs(values['batch-ms']) * 1e6 } : {}),
    targetCi: fraction('target-ci', values['target-ci'], D.targetCi),
    statistic: oneOf<Statistic | 'auto'>(
      'statistic',
      values.statistic,
      ['slope', 'min', 'median', 'mean', 'auto'],
      D.statistic,
    ),
    confidence,
    seed: integer('seed', values.seed, D.seed, 0, LIMITS.seed),
    timeoutMs:
      positiveNumber(
        'timeout',
        values.timeout,
        (simulate ? SIMULATED_TIMEOUT_MS : D.timeoutMs) / 1000,
        false,
        LIMITS.timeoutS,
      ) * 1000,
    counters: counters === 'hardware',
    ...(simulate ? { simulate: what === undefined ? true : simulationChoice(what) } : {}),
    cpu: values['no-pin']
      ? false
      : values.cpu === 'idlest' || values.cpu === 'highest'
        ? values.cpu
        : (cpuList('cpu', values.cpu) ?? null),
    aslr: oneOf('aslr', values.aslr, ['inherit', 'off', 'randomize'] as const, D.aslr),
    mlock: values.mlock ?? false,
    pin: oneOf('pin', values.pin, ['process', 'thread'] as const, DEFAULT_PIN_POLICY),
    fifo: values.fifo ?? false,
    prestart: !values['no-prestart'],
    json: values.json,
    markdown: values.markdown,
    csv: values.csv,
    html: values.html,
    bmf: values.bmf,
    githubBenchmark: values['github-benchmark'],
    nodeBench: values['node-bench'],
    distributions: values.distributions ?? false,
    complexity: values.complexity ?? false,
    latency: values.latency ?? false,
    memory: values.memory ?? false,
    ...(values['no-v8-status'] ? { v8Status: false } : {}),
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
    report: (values.report ?? false) || values.hypothesis !== undefined,
    hypothesis: values.hypothesis?.trim(),
    aa: values.aa ?? false,
    saveBaseline: values['save-baseline'] === undefined ? undefined : checkName(values['save-baseline']),
    baseline: values.baseline === undefined ? undefined : checkName(values.baseline),
    threshold: fraction('threshold', values.threshold, simulate ? INSTRUCTIONS_THRESHOLD : DEFAULT_NOISE_THRESHOLD),
    progress: !values.quiet,
    detail: values.verbose ? 'verbose' : values.quiet ? 'quiet' : 'summary',
    argv: ['run', ...args],
    ...paired,
  };
}

/** `simulate:instructions` (instructions only), `simulate:cache`, `simulate:branch`, `simulate:cache,branch`. */
export function simulationChoice(what: string): SimulationChoice {
  const parts = what.split(',').map((x) => x.trim());
  const known = ['instructions', 'cache', 'branch'];
  const bad = parts.find((x) => !known.includes(x));
  if (bad !== undefined)
    throw new UsageError(
      `--counters simulate:${what}: '${bad}' is not one of instructions, cache, branch (e.g. simulate:instructions)`,
    );
  return { cache: parts.includes('cache'), branch: parts.includes('branch') };
}
