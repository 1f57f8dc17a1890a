// Comparisons against the baseline as the reporters show them. Reporters never compute a
// verdict: the verdicts come from src/compare (issue 6, a colleague's module) through
// `loadComparisons`, which imports it only if it exists in this build and adapts its rows
// to the small shape below. Without it, reports say so instead of inventing a verdict.
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';

export type Verdict = 'faster' | 'slower' | 'no-difference' | 'incomparable';

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

const VERDICTS: readonly Verdict[] = ['faster', 'slower', 'no-difference', 'incomparable'];

/** The baseline of a benchmark's group, if the document has one (not the benchmark itself). */
export function baselineOf(doc: ResultDocument, b: BenchmarkResult): BenchmarkResult | null {
  const base = doc.benchmarks.find((x) => x.baseline && x.group === b.group) ?? null;
  return base === b ? null : base;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Adapts one row of src/compare's output, whatever its exact field names; null if unusable. */
export function adaptComparison(raw: unknown): ComparisonRow | null {
  if (raw === null || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const verdictText = String(r.verdict ?? r.outcome ?? '').replace(/[ _]/g, '-').replace(/^no-significant-difference$/, 'no-difference');
  const verdict = VERDICTS.find((v) => v === verdictText);
  if (!verdict) return null;
  const ratioObj = typeof r.ratio === 'object' && r.ratio !== null ? (r.ratio as Record<string, unknown>) : null;
  const contender = (r.contender ?? r.benchmark ?? null) as Record<string, unknown> | string | null;
  const base = (r.baseline ?? null) as Record<string, unknown> | string | null;
  const nameOf = (x: typeof contender): string => (typeof x === 'string' ? x : x && typeof x.name === 'string' ? x.name : '');
  return {
    group: (r.group as string | null | undefined) ?? (typeof contender === 'object' && contender ? ((contender.group as string | null) ?? null) : null),
    name: typeof r.name === 'string' ? r.name : nameOf(contender),
    baseline: typeof r.baselineName === 'string' ? r.baselineName : nameOf(base),
    ratio: num(ratioObj ? (ratioObj.point ?? ratioObj.value) : r.ratio),
    ciLow: num(ratioObj ? ratioObj.ciLow ?? ratioObj.low : r.ciLow),
    ciHigh: num(ratioObj ? ratioObj.ciHigh ?? ratioObj.high : r.ciHigh),
    verdict,
    reason: typeof r.reason === 'string' ? r.reason : typeof r.test === 'string' ? r.test : undefined,
  };
}

/**
 * Verdicts from src/compare's `relativeToBaseline(doc)` when that module is in this build;
 * null when it is not (reports then state that no verdict is available).
 */
export async function loadComparisons(doc: ResultDocument): Promise<ComparisonRow[] | null> {
  // A variable specifier: src/compare may not exist yet, and this must still type-check.
  const specifier = '../compare/index.js';
  let mod: Record<string, unknown>;
  try {
    mod = (await import(specifier)) as Record<string, unknown>;
  } catch (e) {
    // Only "the module is not there" means "no comparisons"; a broken module is a bug to surface.
    const code = (e as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url/.test(String((e as Error).message))) return null;
    throw e;
  }
  const fn = mod.relativeToBaseline;
  if (typeof fn !== 'function') return null;
  const out = await (fn as (d: ResultDocument) => unknown)(doc);
  const rows = Array.isArray(out) ? out : out && typeof out === 'object' && Array.isArray((out as { rows?: unknown }).rows) ? (out as { rows: unknown[] }).rows : [];
  return rows.map(adaptComparison).filter((x): x is ComparisonRow => x !== null);
}
