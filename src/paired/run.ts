// A paired run: the same benchmark files from two trees, one benchmark at a time, its
// processes in pairs (A then B, then B then A, alternating) so a slow episode of a shared
// machine hits both versions of a pair. Benchmarks are matched by group, name and args;
// one-side-only ones are listed, not measured. Pairs stop at a look of the sequential
// design once the verdict is settled (src/paired/analysis.ts).
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { processStatistic } from '../analysis/fork-fit.js';
import { manualStatistic } from '../analysis/manual.js';
import type { ResolvedConditions } from '../orchestrator/conditions.js';
import type { ProgressPlan } from '../orchestrator/progress-plan.js';
import { listFile, runFork } from '../orchestrator/fork.js';
import { throwIfRefused } from '../orchestrator/list-files.js';
import { fullName } from '../text/format.js';
import type { Platform } from '../platform/types.js';
import type { BenchmarkResult, ForkResult, Statistic } from '../results/schema.js';
import type { BenchmarkDescriptor as Descriptor, WorkerRunOptions } from '../ipc/protocol.js';
import { type Now, pairedShareMs, type RunBudget, stepsFit } from '../orchestrator/budget.js';
import {
  analysePairs,
  isLook,
  needsMorePairs,
  pairLogRatios,
  suiteSettings,
  type PairedAnalysis,
  type PairedSettings,
} from './analysis.js';
import { counterpart, OtherTreeError, type OtherTree } from './other-tree.js';
import type { ProfileDifference } from '../profile/differential.js';
import { profileChangedRows } from './profile.js';
import type { ProfileRequest } from '../orchestrator/profile.js';
import type { NodeLaunch } from '../orchestrator/worker-process.js';
import { addPairV8, keptV8, type PairedV8 } from './v8.js';

export interface PairedRunOptions {
  files: string[];
  filter?: RegExp;
  tree: Pick<OtherTree, 'currentRoot' | 'root' | 'label'>;
  /** The name of this side (default 'this tree'); the other side's is the tree's label. */
  currentLabel?: string;
  /** The Node binary and extra flags of each side's processes (src/paired/sides.ts). */
  launch?: { current?: NodeLaunch; against?: NodeLaunch };
  measure: WorkerRunOptions;
  conditions: ResolvedConditions;
  statistic: Statistic | 'auto';
  seed: number;
  timeoutMs: number;
  settings: PairedSettings;
  /** A gate over the suite: alpha is divided among the matched benchmarks (analysis.ts suiteSettings). */
  suiteLevel?: boolean;
  signal?: AbortSignal;
  /** Told every benchmark's most pairs before the first starts, then each pair begun and finished. */
  progress?: ProgressPlan;
  /** After the pairs: both sides of each benchmark that changed profiled (src/paired/profile.ts). */
  profile?: ProfileRequest;
  /** The run's wall-time budget (src/orchestrator/budget.ts): pairs beyond a benchmark's first look fit in its share. */
  budget?: RunBudget;
}

export interface PairedRow {
  name: string;
  group: string | null;
  args: Record<string, unknown>;
  /** Per pair: the headline of the other tree's process (a) and of this tree's (b), ns per op. */
  pairs: { a: number; b: number; aFirst: boolean }[];
  analysis: PairedAnalysis | null;
  /** A process that failed ends the benchmark: its message (side named). */
  error?: string;
  /** With `profile`, for a slower or faster verdict: both sides' profiles and what changed most. */
  profile?: ProfileDifference;
  /** Each side's V8 record per pair (src/paired/v8.ts); absent with --no-v8-status and in older files. */
  v8?: PairedV8;
  /** Set when the budget stopped this benchmark before its verdict settled: its share of the budget, ms. */
  /** Stopped by --budget: this benchmark's share of it, and what was left of it when the benchmark began. */
  budget?: { shareMs: number; leftMs?: number };
}

export interface PairedOutcome {
  /** The other side's name. */
  against: string;
  /** This side's name, when it is not 'this tree' (a side that is a Node binary or flags). */
  current?: string;
  rows: PairedRow[];
  /** Full names of benchmarks found in one tree only. */
  onlyCurrent: string[];
  onlyAgainst: string[];
  /** Matched benchmarks an interruption left unmeasured. */
  notRun?: string[];
  /** Files that could not be listed, one line each. */
  loadErrors: string[];
  interrupted: boolean;
  settings: PairedSettings;
  /** The run's wall-time budget, ms, when it had one. */
  budgetMs?: number;
}

const key = (d: Descriptor) => `${fullName(d.group, d.title)}\u0000${JSON.stringify(d.args)}`;
const label = (d: Descriptor) =>
  Object.keys(d.args).length ? `${fullName(d.group, d.title)} ${JSON.stringify(d.args)}` : fullName(d.group, d.title);

export async function runPaired(platform: Platform, opts: PairedRunOptions): Promise<PairedOutcome> {
  const out: PairedOutcome = {
    against: opts.tree.label,
    ...(opts.currentLabel !== undefined ? { current: opts.currentLabel } : {}),
    rows: [],
    onlyCurrent: [],
    onlyAgainst: [],
    loadErrors: [],
    ...(opts.budget ? { budgetMs: opts.budget.totalMs } : {}),
    interrupted: false,
    settings: opts.settings,
  };
  const matched: [Descriptor, Descriptor][] = [];
  // Files are matched by their path from each tree's root. When neither any file nor its directory
  // is in the other tree, the run was started from the wrong directory or against the wrong tree,
  // and every benchmark would read "only in this tree" under a successful exit. (A file new in
  // this tree, in a directory the other tree has, is "only in this tree".)
  const others = opts.files.map((f) => counterpart(opts.tree, f));
  if (others.length > 0 && !others.some((f) => existsSync(f) || existsSync(dirname(f))))
    throw new OtherTreeError(
      `no benchmark file of this run, nor its directory, is in ${opts.tree.label}: looked for ${others[0]} ` +
        `(paths are matched from ${opts.tree.currentRoot}, the git top level or else the working directory)`,
    );
  for (const file of opts.files) {
    // A file the other tree does not have (a benchmark file the change adds) has no counterpart to
    // list: its benchmarks are "only in this tree", not a load error.
    const otherFile = counterpart(opts.tree, file);
    const sides = await Promise.all([
      listFile(platform, file, opts.signal, opts.launch?.current),
      existsSync(otherFile)
        ? listFile(platform, otherFile, opts.signal, opts.launch?.against)
        : Promise.resolve({ benchmarks: [] as Descriptor[] }),
    ]);
    if (sides.some((s) => 'interrupted' in s)) return { ...out, interrupted: true };
    // A file of this tree written for a tool cyclebench refuses ends the run in one line, as a plain run does.
    const [own] = sides;
    if (!('interrupted' in own)) throwIfRefused(file, own);
    const [cur, other] = sides.map((s, i) => {
      if ('error' in s) out.loadErrors.push(`${i === 0 ? thisSide(opts) : opts.tree.label}: ${s.error}`);
      return 'benchmarks' in s
        ? s.benchmarks.filter((d) => !opts.filter || opts.filter.test(fullName(d.group, d.title)))
        : [];
    });
    const byKey = new Map(other.map((d) => [key(d), d]));
    for (const d of cur) {
      const o = byKey.get(key(d));
      if (o) matched.push([o, d]);
      else out.onlyCurrent.push(label(d));
      byKey.delete(key(d));
    }
    out.onlyAgainst.push(...[...byKey.values()].map(label));
  }
  if (opts.suiteLevel) {
    opts = { ...opts, settings: suiteSettings(opts.settings, matched.length) };
    out.settings = opts.settings;
  }
  const stopped = (from: number, row?: PairedRow) => {
    const notRun = matched.slice(from).map(([, d]) => label(d));
    if (row) notRun.shift();
    return { ...out, interrupted: true, ...(notRun.length ? { notRun } : {}) };
  };
  const measured: { row: PairedRow; other: Descriptor; current: Descriptor }[] = [];
  const [firstLook, lastLook] = [opts.settings.looks[0], opts.settings.looks[opts.settings.looks.length - 1]];
  for (const [, b] of matched) opts.progress?.plan(b, lastLook, false, firstLook);
  const budget = opts.budget;
  // The run's pairs so far and their time: a benchmark's share sets aside the first looks of the
  // benchmarks after it at this mean time per pair.
  const run = { pairs: 0, ms: 0 };
  for (const [i, [a, b]] of matched.entries()) {
    if (opts.signal?.aborted) return stopped(i);
    const share: Share | null = budget
      ? {
          leftMs: budget.leftMs(),
          benchmarks: matched.length - i,
          started: budget.now(),
          now: budget.now,
          run: { ...run },
        }
      : null;
    const { row, interrupted } = await measurePairs(platform, a, b, opts, share);
    if (share) {
      run.pairs += row.pairs.length;
      run.ms += share.now() - share.started;
    }
    opts.progress?.settle(b, row.pairs.length);
    // An interrupted benchmark keeps the pairs it finished, analysed as far as they go.
    if (row.pairs.length > 0 || !interrupted) out.rows.push(row);
    if (interrupted) return stopped(i, row.pairs.length > 0 ? row : undefined);
    measured.push({ row, other: a, current: b });
  }
  // Profiles come after every pair, so a profiled process never runs between two measured ones.
  const profiling = (name: string) => opts.progress?.aside(`profiling ${name}`);
  if (opts.profile && (await profileChangedRows(platform, measured, opts, opts.profile, profiling)))
    return { ...out, interrupted: true };
  return out;
}

async function measurePairs(
  platform: Platform,
  a: Descriptor,
  b: Descriptor,
  opts: PairedRunOptions,
  share: Share | null,
): Promise<{ row: PairedRow; interrupted: boolean }> {
  const row: PairedRow = { name: b.title, group: b.group, args: b.args, pairs: [], analysis: null };
  const statistic: Statistic = opts.statistic === 'auto' ? 'slope' : opts.statistic;
  // A manually timed process has no slope: both of a pair then give their mean (analysis/manual.ts).
  const value = (f: ForkResult, pair: readonly ForkResult[]) => processStatistic(f, manualStatistic(pair, statistic));
  const max = opts.settings.looks[opts.settings.looks.length - 1];
  const v8: PairedV8 = { other: [], current: [] };
  const keepV8 = () => {
    const kept = keptV8(v8);
    if (kept) row.v8 = kept;
  };
  for (let i = 0; i < max; i++) {
    const aFirst = i % 2 === 0;
    const measured: Partial<Record<'a' | 'b', ForkResult>> = {};
    for (const side of aFirst ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      const named = side === 'a' ? opts.tree.label : thisSide(opts);
      opts.progress?.begin(b, `${label(b)}, ${named}`);
      // Both processes of a pair get the same fork index: the same plan seed and environment padding.
      const node = side === 'a' ? opts.launch?.against : opts.launch?.current;
      const r = await runFork(platform, side === 'a' ? a : b, i, node ? { ...opts, node } : opts);
      if ('interrupted' in r) {
        row.analysis = row.pairs.length
          ? analysePairs(pairLogRatios(row.pairs), opts.settings, row.pairs.length)
          : null;
        keepV8();
        return { row, interrupted: true };
      }
      if ('error' in r) {
        row.error = `${named}: ${errorLine(r.error)}`;
        row.analysis = row.pairs.length
          ? analysePairs(pairLogRatios(row.pairs), opts.settings, row.pairs.length)
          : null;
        keepV8();
        return { row, interrupted: false };
      }
      measured[side] = r.fork;
    }
    const pair = [measured.a!, measured.b!] as const;
    row.pairs.push({ a: value(pair[0], pair), b: value(pair[1], pair), aFirst });
    addPairV8(v8, pair[0].v8, pair[1].v8);
    opts.progress?.finished(b);
    if (!needsMorePairs(pairLogRatios(row.pairs), i + 1, opts.settings)) break;
    const stop = share && isLook(i + 1, opts.settings) ? budgetStop(i + 1, share, opts) : null;
    if (stop) {
      row.budget = stop;
      break;
    }
  }
  row.analysis = analysePairs(pairLogRatios(row.pairs), opts.settings, row.pairs.length);
  keepV8();
  return { row, interrupted: false };
}

/**
 * What a benchmark's share of the budget is decided from: what was left when it began, the
 * benchmarks still to run then (itself included), when it began on the budget's clock, and the
 * run's pairs and their time before it.
 */
type Share = { leftMs: number; benchmarks: number; started: number; now: Now; run: { pairs: number; ms: number } };

/**
 * At an unsettled look after `done` pairs: null when the pairs to the next look fit in this
 * benchmark's share (budget.ts pairedShareMs), else the share that stops it.
 */
function budgetStop(done: number, share: Share, opts: PairedRunOptions): { shareMs: number; leftMs: number } | null {
  const next = opts.settings.looks.find((n) => n > done);
  if (next === undefined) return null;
  const spentMs = share.now() - share.started;
  const shareMs = pairedShareMs({
    leftMs: share.leftMs,
    benchmarks: share.benchmarks,
    perPairMs: (share.run.ms + spentMs) / (share.run.pairs + done),
    firstLook: opts.settings.looks[0],
  });
  return stepsFit({ done, steps: next - done, spentMs, shareMs }) ? null : { shareMs, leftMs: share.leftMs };
}

const thisSide = (opts: PairedRunOptions) => opts.currentLabel ?? 'this tree';

function errorLine(e: NonNullable<BenchmarkResult['error']>): string {
  return e.message.split('\n')[0];
}
