// Parameter sweeps: benchmarks that share a name and differ in one numeric argument
// (from `.args()` / `.range()`) shown as a table n → time and, on request, with a
// complexity fit (src/statistics/complexity.ts, Google Benchmark's method).
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import { fitComplexity, type ComplexityFit } from '../statistics/complexity.js';
import { type Block, writeBlocks } from './blocks.js';
import { formatNs, formatPct, sig } from './format.js';
import { spacedName } from './samples.js';
import { terminalSafe } from '../text/terminal-safe.js';

export interface SweepPoint {
  n: number;
  benchmark: BenchmarkResult;
  point: number;
  ciLow: number;
  ciHigh: number;
}

export interface Sweep {
  group: string | null;
  /** The name with the swept value replaced by `$arg`, e.g. "sort [n=$n]". */
  template: string;
  arg: string;
  points: SweepPoint[];
}

/** A fit needs more points than parameters to mean anything; Google Benchmark allows 2, we ask for 3. */
export const MIN_POINTS_FOR_FIT = 3;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The name with the value of `arg` replaced by `$arg` where it stands alone (not inside "sha1"). */
export function nameTemplate(name: string, arg: string, value: number): string {
  return name.replace(new RegExp(`(?<![\\w.])${escapeRegExp(String(value))}(?![\\w.])`, 'g'), `$${arg}`);
}

export function findSweeps(doc: ResultDocument): Sweep[] {
  const byKey = new Map<string, Sweep>();
  for (const b of doc.benchmarks) {
    if (b.error || !b.headline || b.flags.includes('optimized-away')) continue;
    for (const [arg, value] of Object.entries(b.args ?? {})) {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      const others = Object.entries(b.args)
        .filter(([k]) => k !== arg)
        .sort(([x], [y]) => x.localeCompare(y));
      const template = nameTemplate(b.name, arg, value);
      const key = JSON.stringify([b.group, b.file, arg, template, others]);
      const sweep = byKey.get(key) ?? { group: b.group, template, arg, points: [] };
      sweep.points.push({
        n: value,
        benchmark: b,
        point: b.headline.point,
        ciLow: b.headline.ciLow,
        ciHigh: b.headline.ciHigh,
      });
      byKey.set(key, sweep);
    }
  }
  return [...byKey.values()]
    .filter((s) => new Set(s.points.map((p) => p.n)).size >= 2)
    .map((s) => ({ ...s, points: [...s.points].sort((a, b) => a.n - b.n) }));
}

/** The fit of a sweep, or null with too few points or values a model cannot take (n < 1). */
export function sweepFit(s: Sweep): ComplexityFit | null {
  if (s.points.length < MIN_POINTS_FOR_FIT || s.points.some((p) => p.n < 1)) return null;
  return fitComplexity(
    s.points.map((p) => p.n),
    s.points.map((p) => p.point),
  );
}

export function describeFit(fit: ComplexityFit, arg: string): string {
  const model = fit.best.model.replace(/\bn\b/g, arg);
  const others = fit.models
    .filter((m) => m !== fit.best)
    .map((m) => `${m.model.replace(/\bn\b/g, arg)} ${formatPct(m.relativeRms)}`)
    .join(', ');
  const f = fit.best.model === 'O(1)' ? '' : `·${fit.best.model.slice(2, -1).replace(/\bn\b/g, arg)}`;
  return (
    `best fit ${model}: time ≈ ${sig(fit.best.coefficient)} ns${f}, relative RMS ` +
    `error ${formatPct(fit.best.relativeRms)} (others: ${others}). Method: least ` +
    `squares of time = a·f(${arg}) per model, lowest relative RMS wins (Google ` +
    `Benchmark's complexity fit).`
  );
}

/** Blocks for the honest report and Markdown: one table per sweep, the fit when asked for. */
export function sweepBlocks(doc: ResultDocument, withFit: boolean): Block[] {
  const out: Block[] = [];
  for (const s of findSweeps(doc)) {
    const title = spacedName({ group: s.group, name: s.template });
    out.push({ kind: 'para', text: `Sweep over ${s.arg}: ${title}` });
    out.push({
      kind: 'table',
      header: [s.arg, 'time/iter', 'CI', `time/${s.arg}`],
      rows: s.points.map((p) => [
        String(p.n),
        formatNs(p.point),
        `${formatNs(p.ciLow)} – ${formatNs(p.ciHigh)}`,
        p.n > 0 ? formatNs(p.point / p.n) : '—',
      ]),
    });
    if (withFit) {
      const fit = sweepFit(s);
      out.push({
        kind: 'para',
        text: fit
          ? describeFit(fit, s.arg)
          : `No complexity fit: ${s.points.length} points, at least ${MIN_POINTS_FOR_FIT} ` +
            `with ${s.arg} ≥ 1 are needed.`,
      });
    }
  }
  return out;
}

/** Sweep tables as plain text for the terminal (empty when the run has no sweep). */
export function renderSweeps(doc: ResultDocument, withFit = false): string {
  const blocks = sweepBlocks(terminalSafe(doc), withFit);
  return blocks.length ? `\n${writeBlocks(blocks, 'text')}` : '';
}
