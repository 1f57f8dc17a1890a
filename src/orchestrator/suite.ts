// The orchestrator: list the benchmarks of each file in a worker, schedule (benchmark,
// fork) jobs round-robin, run each job in a fresh worker process (fork.ts; the next one
// started while the current one runs, ahead.ts), and return each benchmark's raw processes
// (src/api/finish-run.ts turns them into rows). Whether a benchmark gets more processes is the
// caller's answer (SuiteOptions.moreProcesses): the orchestrator runs processes, it analyses none.
// Failures stay local: a file that does not load, a kernel that
// throws, a worker that crashes or hangs becomes an error row and the rest completes.
// An abort (Ctrl-C) stops the current worker and returns everything measured so far.
import { basename } from 'node:path';
import { escapeControls, truncateName } from '../text/terminal-safe.js';
import type { Platform } from '../platform/types.js';
import type { BenchmarkResult, ForkResult } from '../results/schema.js';
import type { DetailValues } from '../results/detail-values.js';
import type { Check } from '../results/checks.js';
import type { BenchmarkDescriptor as Descriptor } from '../ipc/protocol.js';
import { interleavedArms, roundRobin } from './schedule.js';
import { type ForkOptions, startFork, runFork } from './fork.js';
import { type ListedFiles, listFiles, RefusedFileError } from './list-files.js';
import { fullName } from '../text/format.js';
import { AheadWorker } from './ahead.js';
import { simulationLanes } from '../simulation/launch.js';
import type { ProgressPlan } from './progress-plan.js';
import { processesThatFit, type RunBudget } from './budget.js';
import { profileOne, type ProfileRequest } from './profile.js';
import type { ProfileSummary } from '../profile/summary.js';

export interface SuiteOptions {
  files: string[];
  filter?: RegExp;
  forks: number;
  /** At most this many processes per benchmark: more than `forks` when the planned ones disagree. */
  maxForks?: number;
  /** How many processes to add to a benchmark after its planned ones; without it none are added. */
  moreProcesses?: MoreProcesses;
  /** The run's wall-time budget: the added processes are cut to what fits in what is left of it (budget.ts). */
  budget?: RunBudget;
  /** What every process of the run is started with: conditions, measurement, time limit, abort signal. */
  fork: ForkOptions;
  /** A/A check: measure every benchmark as two interleaved arms of `forks` processes each. */
  aa?: boolean;
  /** Told every benchmark's most processes before the first starts, then each process begun and finished. */
  progress?: ProgressPlan;
  /** Told each warning found before measuring (duplicate names), as soon as the files are listed. */
  onWarning?: (line: string) => void;
  /** One more, unmeasured, process per benchmark under V8's sampling profiler (src/orchestrator/profile.ts). */
  profile?: ProfileRequest;
  /** The files' listings when the caller listed them first (list-files.ts); else they are listed here. */
  listed?: ListedFiles;
}

/**
 * The answer for one benchmark after its planned processes, given every benchmark of the run
 * (`run`: the run's reference speed, its baseline): how many to add (at most `max` in all), the
 * relative CI half-width of its planned processes, and how many of them ran in another state and are
 * replaced; `settled` when a disagreement added none because the comparison with its baseline was
 * already answered; or null for none.
 */
export type MoreProcesses = (
  entry: MeasuredEntry,
  max: number,
  run: readonly MeasuredEntry[],
) => { count: number; halfWidth: number; replaced: number; settled?: Settled } | null;

/** A comparison with the baseline that the planned processes already answered (src/api/more-processes.ts). */
export type Settled = Omit<DetailValues['processes-settled'], 'halfWidth' | 'above'>;

export { RefusedFileError };

export interface SuiteOutcome {
  /** A row per file that did not load. */
  loadErrors: BenchmarkResult[];
  /** Each selected benchmark's processes as measured: src/api/finish-run.ts analyses them into rows. */
  entries: MeasuredEntry[];
  interrupted: boolean;
  notes: string[];
  /** Benchmarks the files defined, before --filter. */
  listed: number;
  /** Warnings found before measuring (also given to onWarning). */
  warnings: string[];
  /** Assertions the files made about their benchmarks (judged by the caller, after measuring). */
  checks: Check[];
}

/** One benchmark's processes as the workers returned them. */
export interface MeasuredEntry {
  descriptor: Descriptor;
  forks: ForkResult[];
  /** With --aa: the fork indexes of each arm. */
  arms: [number[], number[]];
  error?: BenchmarkResult['error'];
  warnings: string[];
  /**
   * Set when more processes were run: `replaced` > 0 for planned ones in another state, else because
   * the planned ones disagreed (src/api/more-processes.ts).
   */
  added?: { planned: number; halfWidth: number; count: number; replaced: number };
  /** Set when the budget ran fewer added processes than were asked for (`wanted` beyond the planned). */
  budgetCut?: { planned: number; halfWidth: number; wanted: number; added: number; budgetS: number; replaced: number };
  profile?: ProfileSummary;
  /** Set when the planned processes disagreed but their comparison with the baseline was already answered. */
  settled?: Settled & { halfWidth: number };
}

export async function runSuite(platform: Platform, opts: SuiteOptions): Promise<SuiteOutcome> {
  const entries: MeasuredEntry[] = [];
  const loadErrors: BenchmarkResult[] = [];
  let listedCount = 0;
  const checks: Check[] = [];
  // A file written for a tool cyclebench refuses stops the run in listFiles, before anything is measured.
  const { signal, simulate, node } = opts.fork;
  const { files, interrupted: listingInterrupted } =
    opts.listed ?? (await listFiles(platform, opts.files, signal, node));
  for (const { file, listing: listed } of files) {
    if ('error' in listed) {
      // The worker's message already starts "could not load /abs/path: "; say it once, by base name.
      const cause = listed.error.replace(`could not load ${file}: `, '');
      loadErrors.push(errorRow(file, `could not load ${basename(file)}: ${cause}`, 'load'));
      continue;
    }
    listedCount += listed.benchmarks.length;
    checks.push(...(listed.checks ?? []));
    for (const d of listed.benchmarks) {
      if (opts.filter && !opts.filter.test(fullName(d.group, d.title))) continue;
      entries.push({ descriptor: d, forks: [], arms: [[], []], warnings: [] });
    }
  }

  if (entries.length === 0 && loadErrors.length === 0 && !signal?.aborted)
    throw new NothingToRunError(nothingToRun(opts, listedCount));
  const warnings = duplicateNames(entries.map((e) => e.descriptor));
  for (const w of warnings) opts.onWarning?.(w);

  // With --aa each benchmark runs as two arms, interleaved fork by fork; arm a of round f
  // gets fork index 2f + a so every process has its own index (and plan seed).
  const jobs = opts.aa
    ? interleavedArms(entries, opts.forks).map((j) => ({
        benchmark: j.benchmark.benchmark,
        forkIndex: 2 * j.forkIndex + j.benchmark.arm,
        arm: j.benchmark.arm as 0 | 1,
      }))
    : roundRobin(entries, opts.forks).map((j) => ({ ...j, arm: 0 as const }));
  // Benchmarks whose planned processes disagree get more processes (more-processes.ts), added
  // round-robin like the planned ones, up to `max` each: the progress line's total counts that maximum.
  const max = opts.maxForks ?? opts.forks;
  const more = opts.moreProcesses;
  const mayAdd = max > opts.forks && !opts.aa && !simulate && more !== undefined;
  const planned = opts.forks * (opts.aa ? 2 : 1);
  for (const e of entries) opts.progress?.plan(e, mayAdd ? max : planned, !mayAdd, planned);
  const budget = opts.budget;
  // Time each benchmark's processes took, read on the budget's clock.
  const spent = new Map<MeasuredEntry, number>();
  const timing = budget && {
    now: budget.now,
    took: (e: MeasuredEntry, ms: number) => spent.set(e, (spent.get(e) ?? 0) + ms),
  };
  let interrupted =
    listingInterrupted ||
    (signal?.aborted ?? false) ||
    (await runJobs(platform, jobs, opts.fork, opts.progress, timing));
  if (!interrupted && mayAdd && more) {
    let added = entries.filter((e) => !e.error && addProcessesFor(e, more, max, entries) > 0);
    if (budget) {
      // Each benchmark's own time per process (a slow one is not sized at the run's mean): every
      // benchmark that asks has run and timed its planned processes.
      added = cutToBudget(added, budget, (e) => (spent.get(e) ?? 0) / Math.max(1, e.forks.length));
    }
    for (const e of entries) if (!e.error) opts.progress?.settle(e, opts.forks + (e.added?.count ?? 0));
    const extra = roundRobin(added, Math.max(0, ...added.map((e) => e.added!.count)))
      .filter((j) => j.forkIndex < j.benchmark.added!.count)
      .map((j) => ({ ...j, forkIndex: opts.forks + j.forkIndex, arm: 0 as const }));
    interrupted = await runJobs(platform, extra, opts.fork, opts.progress);
  }
  // Profiles come after every measured process, so a profiled process never runs between two measured ones.
  for (const [index, e] of entries.entries()) {
    if (!opts.profile || interrupted || e.error) continue;
    if (signal?.aborted) interrupted = true;
    const forkIndex = opts.forks * (opts.aa ? 2 : 1) + (e.added?.count ?? 0);
    if (!interrupted) opts.progress?.aside(`profiling ${fullName(e.descriptor.group, e.descriptor.title)}`);
    const p = interrupted
      ? 'interrupted'
      : await profileOne(platform, { descriptor: e.descriptor, index, forkIndex }, opts.fork, opts.profile);
    if (p === 'interrupted') interrupted = true;
    else e.profile = p;
  }

  return {
    loadErrors,
    entries,
    interrupted,
    notes: opts.fork.conditions.notes,
    listed: listedCount,
    warnings,
    checks,
  };
}

type Job = { benchmark: MeasuredEntry; forkIndex: number; arm: 0 | 1 };

/** Runs jobs in order, one fresh worker each; true when the run was interrupted. */
async function runJobs(
  platform: Platform,
  jobs: readonly Job[],
  fork: ForkOptions,
  progress: ProgressPlan | undefined,
  timing?: { now: () => number; took: (e: MeasuredEntry, ms: number) => void },
): Promise<boolean> {
  let next = 0;
  let interrupted = false;
  // The worker of the next job starts while this one runs, on CPUs this one does not measure on,
  // so its start-up is off the run's critical path. It runs only while this one loads and warms
  // up: this one has it stopped for its timed phases (the empty-loop floor, sampling and after),
  // because on a VM the other vCPU can be the same physical core, and even separate cores share
  // caches and memory bandwidth (docs/decisions.md).
  const cpus = fork.simulate ? null : fork.conditions.prestartCpus;
  const ahead = new AheadWorker<Job>(
    cpus && ((job) => startFork(platform, job.benchmark.descriptor, job.forkIndex, fork, cpus)),
  );
  // One job at a time, except under simulation: counts do not depend on the load, so workers run
  // side by side (simulation/launch.ts simulationLanes).
  const lane = async () => {
    while (next < jobs.length && !interrupted) {
      if (fork.signal?.aborted) return void (interrupted = true);
      const job = jobs[next++];
      const entry = job.benchmark;
      if (entry.error) continue; // a benchmark that failed once is not retried in its other forks
      progress?.begin(entry, fullName(entry.descriptor.group, entry.descriptor.title));
      const mine = ahead.take(job);
      const began = timing?.now();
      const running = runFork(platform, entry.descriptor, job.forkIndex, fork, {
        ...(mine ? { started: mine } : {}),
        ...(ahead.enabled ? { onMessage: ahead.onMessage } : {}),
      });
      ahead.startFor(jobs.slice(next).find((j) => !j.benchmark.error));
      const r = await running;
      ahead.pause(false);
      if ('interrupted' in r) return void (interrupted = true);
      if (timing && began !== undefined) timing.took(entry, timing.now() - began);
      progress?.finished(entry, 'error' in r);
      if ('error' in r) {
        entry.error = r.error;
        progress?.settle(entry);
      } else {
        entry.forks.push(r.fork);
        entry.arms[job.arm].push(r.fork.index);
      }
    }
  };
  // Ended however this process ends (a second Ctrl-C exits at once), not only by the finally.
  const endAhead = () => ahead.discard();
  process.on('exit', endAhead);
  try {
    await Promise.all(Array.from({ length: fork.simulate ? simulationLanes() : 1 }, lane));
  } finally {
    process.off('exit', endAhead);
    ahead.discard();
  }
  for (const e of new Set(jobs.map((j) => j.benchmark))) {
    e.forks.sort((a, b) => a.index - b.index);
    for (const arm of e.arms) arm.sort((a, b) => a - b);
  }
  return interrupted;
}

/** How many processes to add to a benchmark whose planned processes disagree (0 if they agree); records it. */
function addProcessesFor(e: MeasuredEntry, more: MoreProcesses, max: number, run: readonly MeasuredEntry[]): number {
  const add = more(e, max, run);
  if (add?.settled) e.settled = { ...add.settled, halfWidth: add.halfWidth };
  if (!add || add.count <= 0) return 0;
  e.added = { planned: e.forks.length, halfWidth: add.halfWidth, count: add.count, replaced: add.replaced };
  return add.count;
}

/**
 * The benchmarks that asked for more processes, with their counts cut to what fits in what is left of `budget` at
 * `perProcessMs` of each (budget.ts processesThatFit; replacements of slow processes, then the widest interval first); a benchmark cut
 * records it (`budgetCut`), and one left with none is dropped from the list.
 */
function cutToBudget(
  asked: MeasuredEntry[],
  budget: RunBudget,
  perProcessMs: (e: MeasuredEntry) => number,
): MeasuredEntry[] {
  // Replacements first: a benchmark whose planned processes ran in another state has a headline from that
  // state until they are replaced; one whose processes disagree has an honest, wide interval.
  const order = [...asked].sort(
    (a, b) => Number(b.added!.replaced > 0) - Number(a.added!.replaced > 0) || b.added!.halfWidth - a.added!.halfWidth,
  );
  const given = processesThatFit(
    order.map((e) => e.added!.count),
    budget.leftMs(),
    order.map(perProcessMs),
  );
  for (const [i, e] of order.entries()) {
    const a = e.added!;
    if (given[i] >= a.count) continue;
    e.budgetCut = {
      planned: a.planned,
      halfWidth: a.halfWidth,
      wanted: a.count,
      added: given[i],
      budgetS: budget.totalMs / 1000,
      replaced: a.replaced,
    };
    if (given[i] > 0) e.added = { ...a, count: given[i] };
    else delete e.added;
  }
  return asked.filter((e) => e.added !== undefined);
}

/** Nothing was selected: an empty bench file, or a filter that matches no benchmark. */
export class NothingToRunError extends Error {
  override name = 'NothingToRunError';
}

function nothingToRun(opts: SuiteOptions, listed: number): string {
  const files = opts.files.length === 1 ? basename(opts.files[0]) : `${opts.files.length} files`;
  if (listed === 0) return `no benchmarks in ${files}: a bench file registers them with bench(name, fn)`;
  const source = opts.filter?.source;
  const what = `${listed} benchmark(s) in ${files}`;
  return `filter /${source}/ matched none of the ${what} (it is tested against "group/name")`;
}

/** One line per full name used by more than one benchmark: their results cannot be told apart. */
function duplicateNames(ds: Descriptor[]): string[] {
  const counts = new Map<string, number>();
  for (const d of ds) counts.set(fullName(d.group, d.title), (counts.get(fullName(d.group, d.title)) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n > 1)
    .map(
      ([name, n]) =>
        `${n} benchmarks are named "${escapeControls(truncateName(name))}": rename them, or compare and report ` +
        'cannot tell them apart',
    );
}

function errorRow(file: string, message: string, kind: 'load'): BenchmarkResult {
  return {
    name: basename(file),
    group: null,
    args: {},
    baseline: false,
    file,
    headline: null,
    estimates: null,
    forks: [],
    flags: [],
    warnings: [],
    error: { message, kind },
  };
}
