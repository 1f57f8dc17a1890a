// Comparisons against the baseline as the reporters show them. Reporters never compute a
// verdict: verdicts come from src/compare — `comparisonsFor` calls its
// `relativeToBaseline` and maps each row to the small shape below; `adaptComparison` takes
// rows from elsewhere (a saved JSON of `cyclebench compare`). A report rendered without
// comparisons (null) says so instead of inventing a verdict.
import { baselineOf as baselineAmong, relativeToBaseline } from '../compare/documents.js';
import { type CompareSettings, DEFAULT_COMPARE_SETTINGS } from '../compare/types.js';
import type { BenchmarkResult, RelativeResult, ResultDocument, Verdict } from '../results/schema.js';
import { parseDetail } from '../results/read-details.js';
import { comparisonReason } from './details.js';

export interface ComparisonRow {
  group: string | null;
  /** The contender's name. */
  name: string;
  baseline: string;
  /** Contender time / baseline time (> 1 = slower), with its CI. */
  ratio: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  verdict: Verdict;
  /** Why (the test used, or the assumption that broke). */
  reason?: string;
}

const VERDICTS: readonly Verdict[] = ['faster', 'slower', 'no-difference', 'cannot-tell', 'too-few', 'incomparable'];

/**
 * The `.baseline()` a benchmark is compared with (of its group, with the same parameters, or the
 * group's only baseline: src/compare's rule), if the document has one; null for a baseline itself.
 */
export function baselineOf(doc: ResultDocument, b: BenchmarkResult): BenchmarkResult | null {
  return baselineAmong(b, doc.benchmarks) ?? null;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Adapts one row of src/compare's output, whatever its exact field names; null if unusable. */
export function adaptComparison(raw: unknown): ComparisonRow | null {
  if (raw === null || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const verdictText = String(r.verdict ?? r.outcome ?? '')
    .replace(/[ _]/g, '-')
    .replace(/^no-significant-difference$/, 'no-difference');
  const verdict = VERDICTS.find((v) => v === verdictText);
  if (!verdict) return null;
  const ratioObj = typeof r.ratio === 'object' && r.ratio !== null ? (r.ratio as Record<string, unknown>) : null;
  const contender = (r.contender ?? r.benchmark ?? null) as Record<string, unknown> | string | null;
  const base = (r.baseline ?? null) as Record<string, unknown> | string | null;
  // A reason as data is worded only when it is a well-formed detail (checked as a result file's are).
  const because = parseDetail(r.because);
  const nameOf = (x: typeof contender): string =>
    typeof x === 'string' ? x : x && typeof x.name === 'string' ? x.name : '';
  return {
    group:
      (r.group as string | null | undefined) ??
      (typeof contender === 'object' && contender ? ((contender.group as string | null) ?? null) : null),
    name: typeof r.name === 'string' ? r.name : nameOf(contender),
    baseline: typeof r.baselineName === 'string' ? r.baselineName : nameOf(base),
    ratio: num(ratioObj ? (ratioObj.point ?? ratioObj.value) : r.ratio),
    ciLow: num(ratioObj ? (ratioObj.ciLow ?? ratioObj.low) : r.ciLow),
    ciHigh: num(ratioObj ? (ratioObj.ciHigh ?? ratioObj.high) : r.ciHigh),
    verdict,
    reason: because
      ? comparisonReason({ because })
      : typeof r.reason === 'string'
        ? r.reason
        : typeof r.test === 'string'
          ? r.test
          : undefined,
  };
}

/** Settings of the in-file comparison: the run's own confidence and seed, src/compare's defaults otherwise. */
export function compareSettingsFor(doc: ResultDocument): CompareSettings {
  const o = doc.options ?? {};
  return {
    ...DEFAULT_COMPARE_SETTINGS,
    ...(typeof o.confidence === 'number' ? { confidence: o.confidence } : {}),
    ...(typeof o.seed === 'number' ? { seed: o.seed } : {}),
  };
}

/**
 * Verdicts of every contender against its group baseline. A document that carries them (each
 * benchmark's `relative`) is shown with its own: the verdicts the run printed, judged with its
 * noise threshold, statistic and counts (simulated instructions under Valgrind), which the document's
 * options do not all record. One without them gets src/compare's `relativeToBaseline`.
 */
export function comparisonsFor(doc: ResultDocument): ComparisonRow[] {
  const stored = doc.benchmarks.filter((b) => b.relative);
  if (stored.length > 0) return stored.map((b) => comparisonRow(b.group, b.name, b.relative!.baseline, b.relative!));
  return relativeToBaseline(doc, compareSettingsFor(doc)).map(({ baseline, comparison: c }) =>
    comparisonRow(c.group, c.name, baseline, c, c.method),
  );
}

/** One row from a verdict against a baseline named "group/name" (the row already carries the group). */
function comparisonRow(
  group: string | null,
  name: string,
  baseline: string,
  c: Pick<RelativeResult, 'verdict' | 'ratio' | 'because' | 'reason'>,
  fallbackReason?: string,
): ComparisonRow {
  const reason = comparisonReason(c) ?? fallbackReason;
  return {
    group,
    name,
    baseline: group && baseline.startsWith(`${group}/`) ? baseline.slice(group.length + 1) : baseline,
    ratio: c.ratio?.point ?? null,
    ciLow: c.ratio?.ciLow ?? null,
    ciHigh: c.ratio?.ciHigh ?? null,
    verdict: c.verdict,
    ...(reason !== undefined ? { reason } : {}),
  };
}
