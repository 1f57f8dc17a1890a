// Comparing whole result documents (`cyclebench compare`, `--baseline NAME`) and the
// in-file baselines of one document (`.baseline()` in a group). Each pair goes through the
// assumption checks first (assumptions.ts), then the statistics (verdict.ts).

import type { AnalysisDetail, BenchmarkResult, ResultDocument, Statistic } from '../results/schema.js';
import { spreadChoseCount } from '../analysis/more-processes.js';
import {
  compareChecksums,
  compareEnvironments,
  hasProblems,
  problemValues,
  sideProblem,
  withBenchmarkFacts,
  type EnvironmentCheck,
  type EnvironmentProblems,
} from './assumptions.js';
import { displayName, matchBenchmarks } from './match.js';
import { sideNotes } from './notes.js';
import type { CompareSettings, Comparison } from './types.js';
import { verdictForForks } from './verdict.js';
import { adjustVerdicts } from './suite-level.js';
import { DEFAULT_TARGET_CI } from '../defaults.js';
import { instructionsVerdict } from './instructions.js';
import { type EnvChange, settingsChanged } from '../env/diff.js';

export interface DocumentCompareOptions extends CompareSettings {
  /** Relative CI half-width target for the sample-size advice (default 1 %). */
  target?: number;
  /** Run Grubbs' test on per-process values (default false). */
  grubbs?: boolean;
  /** A changed environment is a caveat on each row, not a reason for 'incomparable' (default false). */
  allowEnvironmentChange?: boolean;
  /** Compare instructions per operation instead of time (instructions.ts). */
  instructions?: boolean;
  /**
   * Judge each row's faster/slower at its own level (default false: at a family-wise level, by
   * Holm's procedure over every tested row; suite-level.ts adjustVerdicts).
   */
  perRow?: boolean;
}

export interface DocumentComparison {
  comparisons: Comparison[];
  /** Each row judged at its own level (true), or faster/slower held to a family-wise level by Holm (false). */
  perRow: boolean;
  onlyBase: string[];
  onlyContender: string[];
  duplicates: string[];
  environment: EnvironmentCheck;
}

function statisticOf(base: BenchmarkResult, contender: BenchmarkResult, s: DocumentCompareOptions): Statistic {
  if (s.statistic) return s.statistic;
  const a = base.headline?.statistic;
  return a && a === contender.headline?.statistic ? a : 'mean';
}

/**
 * The planned process count of a benchmark whose run added processes because the planned ones
 * disagreed (a two-stage sample: their half-width was above the threshold); undefined when none
 * were added or they only replaced slow ones (src/api/more-processes.ts: that count follows the
 * yardsticks, not the first stage's spread).
 */
function plannedOf(b: BenchmarkResult): number | undefined {
  const added = b.details?.find((d) => d.code === 'processes-added');
  if (!added || !spreadChoseCount(added.values)) return undefined;
  return added.values.planned;
}

const NO_PROBLEMS: EnvironmentProblems = { differences: [], changedDuring: [] };

/** One pair; `incomparable` names already broken assumptions (the environments). */
export function compareBenchmarks(
  base: BenchmarkResult,
  contender: BenchmarkResult,
  s: DocumentCompareOptions,
  incomparable: EnvironmentProblems = NO_PROBLEMS,
): Comparison {
  // An optimized-away loop's time is not a speed, and is not shown as one beside the verdict.
  const time = (b: BenchmarkResult) => (b.flags.includes('optimized-away') ? null : (b.headline?.point ?? null));
  const head = {
    name: base.name,
    group: base.group,
    args: base.args,
    confidence: s.confidence,
    baseNs: time(base),
    contenderNs: time(contender),
  };
  if (s.instructions)
    return {
      ...head,
      baseNs: null,
      contenderNs: null,
      notHeadline: 'instructions',
      ...instructionsRow(base, contender, s, incomparable),
    };
  const allow = s.allowEnvironmentChange === true;
  const baseProblem = sideProblem(base, 'baseline', allow);
  const problem = baseProblem ?? sideProblem(contender, 'contender', allow);
  if (problem) {
    const cause = baseProblem ? 'baseline' : 'contender';
    return { ...head, verdict: 'incomparable', ratio: null, pValue: null, because: problem, details: [], cause };
  }
  const statistic = statisticOf(base, contender, s);
  const checksum = compareChecksums(base, contender);
  let v;
  try {
    v = verdictForForks(base.forks, contender.forks, {
      ...s,
      statistic,
      planned: [plannedOf(base), plannedOf(contender)],
    });
  } catch (e) {
    return {
      ...head,
      verdict: 'incomparable',
      ratio: null,
      pValue: null,
      because: { code: 'cannot-estimate', severity: 'warning', values: { message: (e as Error).message } },
      details: [],
      cause: 'estimate',
    };
  }
  const o = { target: s.target ?? DEFAULT_TARGET_CI, confidence: s.confidence, grubbs: s.grubbs ?? false };
  const details = [...sideNotes(base, 'baseline', statistic, o), ...sideNotes(contender, 'contender', statistic, o)];
  if (checksum.differs) details.unshift(checksum.note!);
  else if (checksum.note) details.push(checksum.note);
  if (v.leftOut) details.push(v.leftOut);
  if (v.minimumDetectable !== null)
    details.push({ code: 'detectable', severity: 'info', values: { minimumDetectable: v.minimumDetectable } });
  const { statistic: compared, leftOut: _l, sides, ...result } = v;
  // The times beside the ratio are the values it divides, so that contender / baseline reads the
  // ratio even where the compared statistic is not a side's headline (a slope against a mean).
  const headlines = [base.headline?.statistic, contender.headline?.statistic];
  const shown = {
    ...head,
    baseNs: sides[0],
    contenderNs: sides[1],
    ...(headlines.some((h) => h !== compared) ? { notHeadline: compared } : {}),
  };
  if (hasProblems(incomparable))
    return {
      ...shown,
      ...result,
      verdict: 'incomparable',
      because: environmentDiffers(incomparable),
      details,
      cause: 'environment',
    };
  return { ...shown, ...result, details };
}

export function compareDocuments(
  base: ResultDocument,
  contender: ResultDocument,
  s: DocumentCompareOptions,
): DocumentComparison {
  const environment = compareEnvironments(base.environment, contender.environment);
  // Settings changed during a run (governor, clocksource, boost, frequency, throttling) make its
  // times incomparable; a load rise alone does not (src/env/diff.ts: the engine's preemption and
  // slow-process handling are made for it, and the interval carries what is left). Neither moves
  // simulated instruction counts.
  const changed = (d: ResultDocument) =>
    !s.instructions && settingsChanged((d.environment as { changes?: EnvChange[] })?.changes ?? []);
  const broken: EnvironmentProblems = {
    differences: environment.differences,
    changedDuring: [changed(base) ? 'baseline' : null, changed(contender) ? 'contender' : null].filter(
      (x): x is string => x !== null,
    ),
  };
  const m = matchBenchmarks(base.benchmarks, contender.benchmarks);
  const v8 = (d: ResultDocument) => (d.environment as { node?: { v8?: string } } | undefined)?.node?.v8;
  const runs = { ...s, separateRuns: true, otherEngine: v8(base) !== v8(contender) };
  const rows = m.pairs.map((p) => {
    const pair = withBenchmarkFacts(broken, p.base, p.contender);
    if (!s.allowEnvironmentChange || !hasProblems(pair)) return compareBenchmarks(p.base, p.contender, runs, pair);
    const c = compareBenchmarks(p.base, p.contender, runs);
    const allowed: AnalysisDetail = { code: 'environment-allowed', severity: 'info', values: problemValues(pair) };
    return { ...c, details: [allowed, ...c.details] };
  });
  return {
    comparisons: s.perRow ? rows : adjustVerdicts(rows, levelOf(s)),
    perRow: s.perRow === true,
    onlyBase: m.onlyBase.map(displayName),
    onlyContender: m.onlyContender.map(displayName),
    duplicates: m.duplicates,
    environment,
  };
}

export interface RelativeRow {
  baseline: string;
  comparison: Comparison;
}

/**
 * In-file baselines: for each group with a `.baseline()` benchmark, every other benchmark of
 * the group (with the same args, when the baseline has args) against it. One document, one
 * environment: only errors, contamination and checksums can make a row incomparable.
 */
export function relativeToBaseline(doc: ResultDocument, s: DocumentCompareOptions): RelativeRow[] {
  const rows: RelativeRow[] = [];
  const byGroup = new Map<string | null, BenchmarkResult[]>();
  for (const b of doc.benchmarks) byGroup.set(b.group, [...(byGroup.get(b.group) ?? []), b]);
  for (const list of byGroup.values()) {
    for (const other of list) {
      const base = baselineOf(other, list);
      if (!base) continue;
      const c = compareBenchmarks(base, other, { ...s, sameRun: true });
      rows.push({
        baseline: displayName(base),
        comparison: { ...c, name: other.name, group: other.group, args: other.args },
      });
    }
  }
  // A run with several comparisons prints them all at once, as `compare` does its rows: held to a
  // family-wise level by Holm, so unchanged alternatives get a faster/slower row at most
  // 1 - confidence of the time however many there are (test/compare/in-file-family.test.ts).
  if (s.perRow) return rows;
  const adjusted = adjustVerdicts(
    rows.map((r) => r.comparison),
    levelOf(s),
    true,
  );
  return rows.map((r, i) => ({ ...r, comparison: adjusted[i]! }));
}

/** 1 - confidence as written: 1 - 0.95 is 0.050000000000000044 in doubles. */
const levelOf = (s: DocumentCompareOptions): number => Math.round((1 - s.confidence) * 1e9) / 1e9;

/** What pairs a benchmark with its group's `.baseline()`: its group, its parameters, the mark. */
export interface BaselineKey {
  group: string | null;
  args?: Record<string, unknown> | null;
  baseline: boolean;
}

/**
 * The `.baseline()` a benchmark is compared with, among `all`: of its group, with the same
 * parameters, or the group's only baseline; undefined for a baseline itself or a group without one.
 */
export function baselineOf<T extends BaselineKey>(b: T, all: readonly T[]): T | undefined {
  if (b.baseline) return undefined;
  const key = (x: BaselineKey) => JSON.stringify(Object.entries(x.args ?? {}).sort());
  const baselines = all.filter((x) => x.baseline && x.group === b.group);
  return baselines.find((x) => key(x) === key(b)) ?? (baselines.length === 1 ? baselines[0] : undefined);
}

/** The instructions row: errors and a changed environment still make it incomparable. */
function instructionsRow(
  base: BenchmarkResult,
  contender: BenchmarkResult,
  s: DocumentCompareOptions,
  incomparable: EnvironmentProblems,
): Omit<Comparison, 'name' | 'group' | 'args' | 'baseNs' | 'contenderNs'> {
  for (const [b, side] of [
    [base, 'baseline'],
    [contender, 'contender'],
  ] as const)
    if (b.error || b.forks.length === 0)
      return {
        ...NONE(s),
        because: { code: 'side-unmeasured', severity: 'warning', values: { side, message: b.error?.message ?? null } },
        cause: side,
      };
  const v = instructionsVerdict(base, contender, s);
  if (hasProblems(incomparable))
    return { ...v, verdict: 'incomparable', because: environmentDiffers(incomparable), cause: 'environment' };
  return v;
}

const NONE = (s: DocumentCompareOptions) => ({
  verdict: 'incomparable' as const,
  ratio: null,
  pValue: null,
  confidence: s.confidence,
  details: [] as AnalysisDetail[],
});

const environmentDiffers = (problems: EnvironmentProblems): AnalysisDetail => ({
  code: 'environment-differs',
  severity: 'warning',
  values: problemValues(problems),
});
