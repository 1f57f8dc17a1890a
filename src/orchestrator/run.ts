// `cyclebench run` without the output: resolve the conditions, record the environment
// before and after, run the suite in worker processes and return what they measured, raw
// (src/api/finish-run.ts makes the result document; src/report/ prints and writes it).
// Ctrl-C stops the current worker; what was measured until then is analysed and returned
// (a second Ctrl-C exits at once).
import type { WorkerRunOptions } from '../ipc/protocol.js';
import { resolve } from 'node:path';
import { TIME_BUDGET_NS } from '../engine/defaults.js';
import { RunBudget } from './budget.js';
import { diffEnvironment, settingsChanged } from '../env/diff.js';
import { collectEnvironment } from '../env/environment.js';
import { readMachineFacts } from '../env/facts.js';
import { loadPlatform } from '../platform/load.js';
import type { Platform } from '../platform/types.js';
import type { DocumentContent } from '../results/document.js';
import type { BenchmarkResult, Statistic } from '../results/schema.js';
import { type ConditionRequest, conditionsRecord, resolveConditions } from './conditions.js';
import { ProgressLine } from './progress.js';
import { ProgressPlan } from './progress-plan.js';
import { interruptedLine, onStopSignals, type StopSignal } from './stop-signals.js';
import { type MeasuredEntry, type MoreProcesses, runSuite } from './suite.js';
import { listFiles } from './list-files.js';
import { mlockShortfall } from './mlock-outcome.js';
import type { Check } from '../results/checks.js';
import {
  DEFAULT_CONFIDENCE,
  DEFAULT_FORKS,
  DEFAULT_SEED,
  DEFAULT_STATISTIC,
  DEFAULT_TARGET_CI,
  DEFAULT_TIMEOUT_MS,
} from '../defaults.js';
import type { SimulationChoice } from '../simulation/events.js';
import type { NodeLaunch } from './worker-process.js';
import {
  DEFAULT_SIMULATION,
  requireSimulation,
  SIMULATED_FORKS,
  SIMULATED_MEASURE,
  SIMULATED_TIMEOUT_MS,
} from '../simulation/launch.js';

/** What each measuring process is asked to do, from a run's options (a paired run's too). */
export function measureOf(
  opts: Pick<
    RunOptions,
    | 'timeBudgetNs'
    | 'largestBatchNs'
    | 'warmupBudgetNs'
    | 'targetCi'
    | 'counters'
    | 'seed'
    | 'latency'
    | 'memory'
    | 'v8Status'
  >,
): WorkerRunOptions {
  return {
    timeBudgetNs: opts.timeBudgetNs,
    // --batch-ms bounds every batch, allocating or not.
    ...(opts.largestBatchNs
      ? { targetLargestBatchNs: opts.largestBatchNs, allocatingLargestBatchNs: opts.largestBatchNs }
      : {}),
    ...(opts.warmupBudgetNs ? { warmupBudgetNs: opts.warmupBudgetNs } : {}),
    targetCi: opts.targetCi,
    counters: opts.counters,
    seed: opts.seed,
    ...(opts.latency ? { latency: true } : {}),
    ...(opts.memory ? { memory: true } : {}),
    ...(opts.v8Status === false ? { v8Status: false } : {}),
  };
}

/** Where the orchestrator tells what happens while it runs: warnings, notes, the progress line. */
export interface LogStream {
  write(s: string): unknown;
  isTTY?: boolean;
}

/** What a run does; the process conditions (CPU, ASLR, locking, pinning, FIFO, prestart) are ConditionRequest's. */
export interface RunOptions extends ConditionRequest {
  files: string[];
  filter?: RegExp;
  forks: number;
  /** At most this many processes per benchmark, when the planned ones disagree (more-processes.ts). */
  maxForks?: number;
  /** The run's wall-time budget, ms: what it adds beyond the planned processes (or first looks) fits in it (budget.ts). */
  budgetMs?: number;
  timeBudgetNs: number;
  /** Target duration of the largest batch of a round, ns, for every kernel (by default 1 ms, or
   *  5 ms for a kernel that collected garbage during warmup: src/engine/defaults.ts). */
  largestBatchNs?: number;
  /** Most warm-up time per benchmark per process, ns (by default 500 ms; a steady kernel stops from
   *  100 ms, or 400 ms when it collects garbage, never past this budget: src/engine/defaults.ts). */
  warmupBudgetNs?: number;
  targetCi: number;
  statistic: Statistic | 'auto';
  confidence: number;
  seed: number;
  timeoutMs: number;
  counters: boolean;
  /** Simulated counters: every worker runs under Valgrind's callgrind (true: cache and branch simulation on). */
  simulate?: boolean | SimulationChoice;
  /** A/A check: every benchmark measured as two interleaved arms. */
  aa?: boolean;
  /** Noise threshold of verdicts (default 1 %). */
  threshold?: number;
  /** Latency mode for every selected benchmark: time each call, report a percentile ladder. */
  latency?: boolean;
  /** Heap bytes allocated per operation, read after the timed batches (src/engine/memory.ts). */
  memory?: boolean;
  /** false: measured processes do not read V8's tiers and deoptimizations (src/worker/v8-watch.ts; default true). */
  v8Status?: boolean;
  /** The question the run answers: recorded in the document and shown by the report. */
  hypothesis?: string;
  /** A directory (absolute, or relative to the working directory) for one CPU profile per benchmark, taken in
   *  one more process per benchmark that is never measured (src/orchestrator/profile.ts). */
  profile?: string;
  progress: boolean;
  /** The command line, recorded so the report can say how to reproduce the run. */
  argv: string[];
  /** Every worker's Node binary and extra flags, checked (src/paired/sides.ts resolveLaunch); by default the
   *  Node running cyclebench, no extra flags. Recorded in the environment: a comparison checks both. */
  launch?: WorkerLaunch;
}

/** A Node binary and flags for the workers, with the binary's versions (read by running it). */
export interface WorkerLaunch extends NodeLaunch {
  version: string;
  v8: string;
}

/** Defaults shared by the CLI (`cyclebench run`) and the library (`runFiles`). */
export const DEFAULT_RUN_OPTIONS = {
  forks: DEFAULT_FORKS,
  timeBudgetNs: TIME_BUDGET_NS,
  targetCi: DEFAULT_TARGET_CI,
  statistic: DEFAULT_STATISTIC,
  confidence: DEFAULT_CONFIDENCE,
  seed: DEFAULT_SEED,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  counters: true,
  cpu: null,
  aslr: 'inherit',
  mlock: false,
} as const satisfies Partial<RunOptions>;

/** Defaults that differ under `simulate`: counts are deterministic and workers are slow (simulation/launch.ts). */
export const SIMULATED_RUN_DEFAULTS = {
  forks: SIMULATED_FORKS,
  timeoutMs: SIMULATED_TIMEOUT_MS,
} as const satisfies Partial<RunOptions>;

/** What the workers returned, with the run's command, options and environment (src/api/finish-run.ts makes the document). */
export interface MeasuredRun {
  /** The document's content but its rows. */
  envelope: Omit<DocumentContent, 'benchmarks'>;
  /** A row per file that did not load. */
  loadErrors: BenchmarkResult[];
  /** Each selected benchmark's processes as measured. */
  entries: MeasuredEntry[];
  /** The machine's settings changed during the run: every measured row is flagged 'environment-changed'. */
  environmentChanged: boolean;
  /** The checks the benchmark files declared, not yet judged. */
  checks: Check[];
  /** Set when the workers ran under Valgrind: comparisons are of instructions per op. */
  simulated?: { valgrind?: string };
  interrupted: boolean;
  /** The signal that stopped the run early (SIGINT, SIGTERM, SIGHUP), if one did. */
  stoppedBy?: StopSignal;
}

/**
 * Measures the run and returns what its workers returned; prints only warnings and the progress line
 * to `log`. With `moreProcesses`, a benchmark whose planned processes disagree gets more, up to `maxForks`.
 */
export async function runBenchmarks(
  opts: RunOptions,
  log: LogStream,
  platform: Platform = loadPlatform(),
  moreProcesses?: MoreProcesses,
): Promise<MeasuredRun> {
  // The budget counts from here: listing the files is part of the run's wall time.
  const budget = opts.budgetMs === undefined ? undefined : new RunBudget(opts.budgetMs);
  if (opts.timeoutMs < opts.timeBudgetNs / 1e6)
    log.write(
      `cyclebench: warning: --timeout ${opts.timeoutMs / 1000} s is shorter than ` +
        `--time ${opts.timeBudgetNs / 1e9} s: ` +
        'workers will be killed before they finish sampling\n',
    );
  if (platform.kind === 'js') log.write(`cyclebench: using the pure-JS platform: ${platform.fallbackReason}\n`);
  const choice = opts.simulate === true ? DEFAULT_SIMULATION : opts.simulate || undefined;
  const simulation = choice ? requireSimulation(platform.simulation.capability(), choice) : undefined;

  const node = opts.launch && { execPath: opts.launch.execPath, flags: opts.launch.flags };
  const abort = new AbortController();
  // The progress line starts before the files are listed, so that a piped run says it is preparing.
  const progress = new ProgressPlan('processes');
  if (budget) progress.bound(budget);
  const line = new ProgressLine(log, opts.progress, progress);
  const stop = onStopSignals((signal) => {
    // Cleared first: the message would otherwise be written after the line, which stays on screen.
    line.clear();
    log.write(interruptedLine(signal, 'the results so far'));
    abort.abort();
  });
  // The files are listed first: a file cyclebench refuses ends the run here, before the CPU is
  // picked (a 200 ms watch) and the environment read (list-files.ts).
  let listed, conditions, before;
  try {
    listed = await listFiles(platform, opts.files, abort.signal, node);
    // Simulated workers run side by side and are not pinned unless asked: their counts do not depend on the CPU.
    const cpu = opts.simulate && opts.cpu === null ? false : opts.cpu;
    conditions = resolveConditions(
      {
        cpu,
        aslr: opts.aslr,
        mlock: opts.mlock,
        pin: opts.pin,
        fifo: opts.fifo,
        prestart: opts.prestart !== false && !opts.simulate,
      },
      platform,
    );
    for (const n of conditions.notes) log.write(`cyclebench: ${n}\n`);
    before = collectEnvironment(platform);
  } catch (e) {
    line.end();
    stop.off();
    throw e;
  }

  let outcome;
  try {
    outcome = await runSuite(platform, {
      files: opts.files,
      listed,
      filter: opts.filter,
      forks: opts.forks,
      ...(opts.maxForks !== undefined ? { maxForks: opts.maxForks } : {}),
      ...(moreProcesses ? { moreProcesses } : {}),
      ...(budget ? { budget } : {}),
      fork: {
        measure: { ...measureOf(opts), ...(choice ? SIMULATED_MEASURE : {}) },
        simulate: simulation,
        conditions,
        seed: opts.seed,
        timeoutMs: opts.timeoutMs,
        ...(node ? { node } : {}),
        signal: abort.signal,
      },
      aa: opts.aa,
      ...(opts.profile !== undefined ? { profile: { dir: resolve(opts.profile) } } : {}),
      progress,
      onWarning: (text) => {
        line.clear();
        log.write(`cyclebench: warning: ${text}\n`);
      },
    });
  } finally {
    line.end();
    stop.off();
  }

  // After the run only the machine facts are re-read (the platform's capabilities do not change).
  const after = readMachineFacts();
  const changes = diffEnvironment(before, after);
  const mlockLine = conditions.mlock ? mlockShortfall(outcome.entries) : null;
  if (mlockLine) log.write(`cyclebench: warning: ${mlockLine}\n`);
  const warnings = [
    ...conditions.notes,
    ...(mlockLine ? [mlockLine] : []),
    ...outcome.warnings,
    ...changes.map((c) => c.warning),
  ];
  if (platform.kind === 'js') warnings.push(`pure-JS platform: ${platform.fallbackReason}`);
  if (outcome.interrupted) warnings.push('the run was interrupted: results are partial');
  const envelope = {
    command: ['cyclebench', ...opts.argv],
    options: {
      forks: opts.forks,
      ...(opts.maxForks !== undefined && opts.maxForks > opts.forks ? { maxForks: opts.maxForks } : {}),
      ...(opts.budgetMs !== undefined ? { budgetMs: opts.budgetMs } : {}),
      timeBudgetNs: opts.timeBudgetNs,
      ...(opts.warmupBudgetNs ? { warmupBudgetNs: opts.warmupBudgetNs } : {}),
      targetCi: opts.targetCi,
      statistic: opts.statistic,
      confidence: opts.confidence,
      seed: opts.seed,
      counters: opts.counters,
      filter: opts.filter?.source ?? null,
      ...(opts.latency ? { latency: true } : {}),
      ...(opts.memory ? { memory: true } : {}),
      ...(opts.v8Status === false ? { v8Status: false } : {}),
      ...(opts.hypothesis ? { hypothesis: opts.hypothesis } : {}),
      ...(simulation ? { simulate: simulation } : {}),
    },
    environment: {
      ...before,
      // The workers' Node, which the recorded versions must describe (the orchestrator's may differ).
      ...(opts.launch ? { node: { ...before.node, version: opts.launch.version, v8: opts.launch.v8 } } : {}),
      conditions: {
        ...conditionsRecord(conditions),
        ...(mlockLine ? { mlock: false } : {}),
        // Flags change what the code does (heap sizes, tiers): a comparison checks them as it checks the Node version.
        nodeFlags: opts.launch?.flags ?? [],
        nodeBinary: opts.launch && opts.launch.execPath !== process.execPath ? opts.launch.execPath : null,
      },
      after,
      changes,
    },
    warnings,
  };
  const stoppedBy = stop.received() ?? undefined;
  return {
    envelope,
    loadErrors: outcome.loadErrors,
    entries: outcome.entries,
    // Frequency and clock changes move time, not simulated counts: a simulated result keeps the warning only.
    // A load rise is competition the engine handles (diff.ts): a warning, not a changed environment.
    environmentChanged: settingsChanged(changes) && !simulation,
    checks: outcome.checks,
    ...(simulation ? { simulated: { valgrind: simulation.valgrind } } : {}),
    interrupted: outcome.interrupted,
    ...(stoppedBy ? { stoppedBy } : {}),
  };
}
