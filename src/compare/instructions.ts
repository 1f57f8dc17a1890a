// `compare --statistic instructions`: the ratio of instructions per operation, contender/baseline,
// from each process's slope of instructions on iterations (simulated counts when the run had them,
// else hardware ones), with a Welch t-interval over processes on the log ratio (statistics/t-intervals.ts).
// Simulated counts agree between processes to the digit (docs/measurements.md), so the interval is
// tight and a 0.5 % change is a verdict; below 2 processes per side: too-few.
import { ols } from '../statistics/regression.js';
import { intervalPValue, ratioInterval } from '../statistics/t-intervals.js';
import type { AnalysisDetail, BenchmarkResult, ForkResult } from '../results/schema.js';
import type { CounterName } from '../platform/types.js';
import type { VerdictResult } from './types.js';
import { intervalAnswer, warningDetail } from '../analysis/compare.js';

/** The default --threshold for instructions: two processes agree within 0.1 %, so 0.2 % is beyond noise. */
export const INSTRUCTIONS_THRESHOLD = 0.002;

/**
 * A run counted under Valgrind (`run --counters simulate`): it has no times, only simulated counts,
 * so the one comparison it supports is of instructions.
 */
export function simulatedDocument(doc: { benchmarks: readonly BenchmarkResult[] }): boolean {
  const measured = doc.benchmarks.filter((b) => !b.error);
  return measured.length > 0 && measured.every((b) => b.flags.includes('simulated') && b.headline === null);
}

function eventOf(b: BenchmarkResult): CounterName | null {
  const has = (e: CounterName) => b.forks.some((f) => f.batches.some((x) => x.counters?.[e] !== undefined));
  if (has('sim-instructions')) return 'sim-instructions';
  return has('instructions') ? 'instructions' : null;
}

/** Instructions per op of one process: OLS slope over its batches (a batch without the count is skipped). */
export function processInstructions(f: ForkResult, event: CounterName): number {
  const pts = f.batches.filter((b) => b.counters?.[event] !== undefined && b.countersRunning !== 0);
  if (new Set(pts.map((b) => b.iterations)).size < 2) return NaN;
  return ols(
    pts.map((b) => b.iterations),
    pts.map((b) => b.counters![event]!),
  ).slope;
}

export function instructionsVerdict(
  base: BenchmarkResult,
  contender: BenchmarkResult,
  s: { confidence: number; threshold: number },
): VerdictResult & { details: AnalysisDetail[] } {
  const head = { ratio: null, pValue: null, confidence: s.confidence, details: [] as AnalysisDetail[] };
  const event = eventOf(base);
  if (event === null || event !== eventOf(contender))
    return { ...head, verdict: 'incomparable', because: warningDetail('no-common-count', {}) };
  const values = (b: BenchmarkResult) =>
    b.forks.map((f) => processInstructions(f, event)).filter((v) => Number.isFinite(v) && v > 0);
  const a = values(base);
  const c = values(contender);
  const label = event === 'sim-instructions' ? 'simulated instructions/op' : 'instructions/op';
  const mean = (v: number[]) => v.reduce((x, y) => x + y, 0) / v.length;
  const details: AnalysisDetail[] =
    a.length && c.length
      ? [{ code: 'instruction-counts', severity: 'info', values: { event, base: mean(a), contender: mean(c) } }]
      : [];
  const method = `Welch t-interval over per-process ${label} (log ratio)`;
  if (a.length < 2 || c.length < 2)
    return { ...head, details, method, verdict: 'too-few', because: warningDetail('too-few-counts', {}) };
  const r = ratioInterval(a, c, s.confidence);
  const ratio = { point: r.point, ciLow: r.ciLow, ciHigh: r.ciHigh };
  // The row's p-value is that of the test the interval inverts, as for time (verdict.ts).
  const p = Number.isFinite(r.df) ? intervalPValue(r, s.confidence) : NaN;
  const out = {
    ...head,
    details,
    method,
    ratio,
    pValue: Number.isFinite(p) ? p : null,
    ciPValue: Number.isFinite(p) ? p : null,
  };
  const units = Math.min(a.length, c.length);
  return { ...out, ...intervalAnswer(ratio, units, s.threshold, s.confidence, { confidence: null, pValue: null }) };
}
