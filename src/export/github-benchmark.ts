// github-action-benchmark's `customSmallerIsBetter` input (docs/ci.md, "github-action-benchmark").
// Per its README ("Examples" of custom benchmarks): a JSON array of objects with `name` (string),
// `unit` (string) and `value` (number), and optional `range` and `extra` (strings, shown in the
// chart's tooltip). The action compares `value` with the previous commit's; every value written
// here is one where smaller is better.
//
// Per benchmark of a run: its headline ns per op (or, simulated, its instructions per op), the
// interval in `range`, and in `extra` the verdict cyclebench reached and its flags; a second entry
// for allocated bytes per op when measured. Per benchmark of a paired run: the ratio this tree /
// the other, its interval, verdict and pairs. Per `stat` command: mean wall time, its 95 % interval,
// and the verdict against the first command. Failed benchmarks are left out; non-finite numbers
// are never written.
import { aaOutcome } from '../compare/aa-outcome.js';
import { displayName, matchKey } from '../compare/match.js';
import type { Comparison } from '../compare/types.js';
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import type { StatResult } from '../stat/types.js';
import { DEFAULT_CONFIDENCE } from '../defaults.js';
import { type ExportSource, isPaired, isStat, type PairedLike, uniqueName, checkSource } from './source.js';

/** A run compared with a saved baseline (`run --baseline NAME`): its verdicts go into `extra` too. */
export interface ExportOptions {
  baseline?: { name: string; comparisons: readonly Comparison[] };
}

export interface GithubBenchmarkEntry {
  name: string;
  unit: string;
  value: number;
  range?: string;
  extra?: string;
}

/**
 * Six significant digits: the tooltip's text, not a figure to compute with (the `value` is exact).
 * Six resolve 0.001 % of the value, far below any interval this tool reports.
 */
export function short(x: number): string {
  return String(Number(x.toPrecision(6)));
}

/** "95 % CI [lo, hi]", or undefined when a bound is not a finite number. */
export function rangeText(
  low: number | null | undefined,
  high: number | null | undefined,
  confidence: number,
): string | undefined {
  if (low == null || high == null || !Number.isFinite(low) || !Number.isFinite(high)) return undefined;
  return `${short(confidence * 100)} % CI [${short(low)}, ${short(high)}]`;
}

function entry(
  name: string,
  unit: string,
  value: number,
  range?: string,
  extra: string[] = [],
): GithubBenchmarkEntry | null {
  if (!Number.isFinite(value)) return null;
  return { name, unit, value, ...(range ? { range } : {}), ...(extra.length ? { extra: extra.join('\n') } : {}) };
}

const ratioText = (r: { point: number; ciLow: number; ciHigh: number } | null) =>
  r ? ` (ratio ${short(r.point)} [${short(r.ciLow)}, ${short(r.ciHigh)}])` : '';

/** The lines of `extra` for a benchmark of a run: verdicts, flags, processes, the method. */
function runExtra(b: BenchmarkResult, options: ExportOptions): string[] {
  const lines: string[] = [];
  const base = options.baseline;
  const c = base?.comparisons.find((x) => matchKey(x) === matchKey(b));
  // Counted under Valgrind, slower and faster mean more and fewer instructions, not times.
  const word = (v: string) =>
    !b.flags.includes('simulated')
      ? v
      : v === 'slower'
        ? 'more instructions'
        : v === 'faster'
          ? 'fewer instructions'
          : v;
  if (base && c) lines.push(`verdict: ${word(c.verdict)} against saved baseline '${base.name}'${ratioText(c.ratio)}`);
  const rel = b.relative;
  if (rel) lines.push(`verdict: ${word(rel.verdict)} against ${rel.baseline}${ratioText(rel.ratio)}`);
  if (b.aa) lines.push(`A/A check: ${aaOutcome(b.aa)} (${b.aa.verdict})`);
  lines.push(`flags: ${b.flags.length ? b.flags.join(', ') : 'none'}`);
  lines.push(`processes: ${b.forks.length}`);
  if (b.simulation) lines.push(`V8 tiers while counted: ${b.simulation.tiers.join(', ')}`);
  if (b.headline) lines.push(`statistic: ${b.headline.statistic}; ${b.headline.method}`);
  return lines;
}

function fromResults(doc: ResultDocument, options: ExportOptions): GithubBenchmarkEntry[] {
  // Counter intervals are at the run's confidence (src/analysis/counters.ts).
  const level = typeof doc.options.confidence === 'number' ? doc.options.confidence : DEFAULT_CONFIDENCE;
  const out: GithubBenchmarkEntry[] = [];
  const names = new Set<string>();
  const add = (e: GithubBenchmarkEntry | null) => {
    if (!e) return;
    out.push(e);
    names.add(e.name);
  };
  for (const b of doc.benchmarks) {
    if (b.error) continue;
    const name = uniqueName(names, displayName(b), b.file);
    const extra = runExtra(b, options);
    // Optimized away: its time is not a speed (the report shows no ops/s), so none is charted.
    const h = b.flags.includes('optimized-away') ? null : b.headline;
    const sim = b.counters?.perOp.find((c) => c.event === 'sim-instructions');
    if (h) add(entry(name, 'ns/op', h.point, rangeText(h.ciLow, h.ciHigh, h.confidence), extra));
    else if (sim)
      add(entry(name, 'instructions/op (simulated)', sim.perOp, rangeText(sim.ciLow, sim.ciHigh, level), extra));
    if (b.memory) {
      const m = b.memory;
      const range = `processes [${short(m.min)}, ${short(m.max)}]`;
      add(
        entry(uniqueName(names, `${name} (allocated)`, null), 'B/op', m.bytesPerOp, range, [
          `${m.forks} processes; ${m.method}`,
        ]),
      );
    }
  }
  return out;
}

function fromPaired(doc: PairedLike): GithubBenchmarkEntry[] {
  const out: GithubBenchmarkEntry[] = [];
  const names = new Set<string>();
  for (const r of doc.rows) {
    const a = r.analysis;
    if (r.error || !a?.ratio) continue;
    const name = uniqueName(names, displayName(r), null);
    const extra = [
      `verdict: ${a.verdict} (against ${doc.against}, noise threshold ${short(doc.settings.threshold * 100)} %)`,
      `pairs: ${r.pairs.length}`,
      ...(a.reason ? [a.reason] : []),
    ];
    const e = entry(
      name,
      'ratio this/other',
      a.ratio.point,
      rangeText(a.ratio.ciLow, a.ratio.ciHigh, a.confidence),
      extra,
    );
    if (!e) continue;
    out.push(e);
    names.add(name);
  }
  return out;
}

function fromStat(result: StatResult): GithubBenchmarkEntry[] {
  const out: GithubBenchmarkEntry[] = [];
  const names = new Set<string>();
  result.commands.forEach((c, i) => {
    const wall = c.metrics['wall-time'];
    if (!wall || c.runCount === 0) return;
    const vs = result.comparisons.find((x) => x.contender === i && x.baseline === 0 && x.metric === 'wall-time');
    const extra = [
      ...(vs ? [`verdict: ${vs.verdict} against command 1 (${vs.reason})`] : []),
      // Measured runs only, as the text report counts them: a failed warm-up run is in neither figure.
      `runs: ${c.runCount}; failed: ${c.failures.filter((f) => !f.warmup).length}`,
    ];
    const name = uniqueName(names, c.command, `command ${i + 1}`);
    const e = entry(name, 'ms', wall.mean, rangeText(wall.ci95[0], wall.ci95[1], 0.95), extra);
    if (!e) return;
    out.push(e);
    names.add(name);
  });
  return out;
}

/**
 * The `customSmallerIsBetter` entries of a result document, a paired run, or a `stat` result;
 * `options.baseline`: a run's comparison with a saved baseline, whose verdicts go into `extra`.
 */
export function toGithubBenchmark(source: ExportSource, options: ExportOptions = {}): GithubBenchmarkEntry[] {
  checkSource('toGithubBenchmark', source);
  if (isStat(source)) return fromStat(source);
  if (isPaired(source)) return fromPaired(source);
  return fromResults(source, options);
}

/** The file text: the array, two-space indented, with a final newline. */
export function githubBenchmarkText(source: ExportSource, options: ExportOptions = {}): string {
  return `${JSON.stringify(toGithubBenchmark(source, options), null, 2)}\n`;
}
