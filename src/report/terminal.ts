// The terminal report: one table per group, then flags, warnings and errors. It only
// formats a ResultDocument; it never measures (habit 7).
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import {
  formatBytes,
  formatHalfWidth,
  formatNs,
  formatOps,
  formatPct,
  formatR2,
  formatRatio,
  fullName,
  relHalfWidth,
  sig,
  table,
  trimmedPercent,
} from './format.js';
import { renderLatency } from './latency.js';
import { awayCell, benchmarkLines, comparisonReason, explainedFlags } from './details.js';
import { escapeControls, terminalSafe, truncateName } from '../text/terminal-safe.js';

const STATISTIC_LABEL: Record<string, string> = {
  slope: 'slope (robust fit of batch time on iterations: time per iteration, fixed overhead removed)',
  min: 'minimum per-iteration time',
  median: 'median per-iteration time',
  mean: 'mean per-iteration time',
};

export function renderTerminal(input: ResultDocument): string {
  const doc = terminalSafe(input);
  const out: string[] = [];
  const groups = new Map<string, BenchmarkResult[]>();
  for (const b of doc.benchmarks) {
    const key = b.group ?? '';
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  for (const [group, list] of groups) {
    if (group) out.push(`\n■ ${group}`);
    else if (groups.size > 1) out.push('\n■ (no group)');
    else out.push('');
    out.push(renderGroup(list));
  }
  out.push(...headlineLines(doc.benchmarks));
  const latency = renderLatency(doc);
  if (latency) out.push(latency);
  const notes = renderNotes(doc);
  if (notes) out.push(notes);
  return `${out.join('\n')}\n`;
}

/** How the headlines were made: one line when every benchmark's method is the same, else one per method. */
function headlineLines(benchmarks: readonly BenchmarkResult[]): string[] {
  const byMethod = new Map<string, { h: NonNullable<BenchmarkResult['headline']>; names: string[] }>();
  for (const b of benchmarks) {
    if (!b.headline) continue;
    const key = `${b.headline.statistic}|${b.headline.confidence}|${b.headline.method}`;
    const entry = byMethod.get(key) ?? { h: b.headline, names: [] };
    entry.names.push(escapeControls(truncateName(fullName(b.group, b.name))));
    byMethod.set(key, entry);
  }
  const line = ({ h }: { h: NonNullable<BenchmarkResult['headline']> }) =>
    `${STATISTIC_LABEL[h.statistic] ?? h.statistic}, ±${trimmedPercent(h.confidence, 2, false)} CI by ${h.method}.`;
  const entries = [...byMethod.values()];
  if (entries.length === 0) return [];
  if (entries.length === 1) return [`\nHeadline: ${line(entries[0])}`];
  return ['\nHeadlines:', ...entries.map((e) => `  ${e.names.join(', ')}: ${line(e)}`)];
}

function renderGroup(list: BenchmarkResult[]): string {
  const counterEvents = [...new Set(list.flatMap((b) => b.counters?.perOp.map((c) => c.event) ?? []))].filter(
    (e) => e in COUNTER_COLUMN,
  );
  counterEvents.sort((a, b) => Number(b === 'sim-instructions') - Number(a === 'sim-instructions'));
  const hasRelative = list.some((b) => b.relative);
  // Heap bytes allocated per call, measured only when asked for (--memory).
  const hasMemory = list.some((b) => b.memory);
  const header = [
    'benchmark',
    'time/iter',
    '± CI',
    'min',
    'median',
    'p99',
    'ops/s',
    'proc CV',
    'R²',
    ...counterEvents.map((e) => COUNTER_COLUMN[e]),
    ...(hasMemory ? ['alloc/op'] : []),
    ...(hasRelative ? ['vs baseline'] : []),
    'flags',
  ];
  const rows = list.map((b) => {
    if (b.error)
      return [
        b.name,
        'error',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        ...counterEvents.map(() => ''),
        ...(hasMemory ? [''] : []),
        ...(hasRelative ? [''] : []),
        b.error.kind,
      ];
    const h = b.headline;
    const e = b.estimates;
    const away = b.flags.includes('optimized-away');
    const perOp = new Map(b.counters?.perOp.map((c) => [c.event, c.perOp]) ?? []);
    return [
      b.baseline ? `${b.name} (baseline)` : b.name,
      away ? awayCell(b) : formatNs(h?.point),
      h && !away ? formatHalfWidth(relHalfWidth(h.point, h.ciLow, h.ciHigh)) : '—',
      formatNs(e?.min),
      formatNs(e?.median),
      formatNs(e?.p99),
      away ? '—' : formatOps(h?.point),
      e?.betweenProcessCv == null ? '—' : formatPct(e.betweenProcessCv),
      e ? formatR2(e.r2) : '—',
      ...counterEvents.map((ev) => (perOp.has(ev) ? counterCell(perOp.get(ev) as number) : '—')),
      ...(hasMemory ? [formatBytes(b.memory?.bytesPerOp)] : []),
      ...(hasRelative ? [relativeCell(b)] : []),
      b.flags.filter((f) => f !== 'in-process').join(',') || '',
    ];
  });
  // Counted under Valgrind: no time (time/iter to R²), the simulated counts lead.
  if (simulatedRun(list)) return table(...dropColumns([header, ...rows], 1, 8));
  return table(header, rows);
}

/** Counted under Valgrind: some benchmark carries the `simulated` flag and none has a time. */
export function simulatedRun(list: readonly BenchmarkResult[]): boolean {
  return list.some((b) => b.flags.includes('simulated')) && list.every((b) => b.headline === null);
}

function dropColumns(rows: string[][], from: number, count: number): [string[], string[][]] {
  const kept = rows.map((r) => r.filter((_, i) => i < from || i >= from + count));
  return [kept[0], kept.slice(1)];
}

// Per-operation counter columns. Context switches and migrations are contamination, shown
// through flags and warnings rather than as a per-op rate.
export const COUNTER_COLUMN: Record<string, string> = {
  cycles: 'cycles/op',
  instructions: 'instr/op',
  'cache-references': 'cache-ref/op',
  'cache-misses': 'cache-miss/op',
  branches: 'branch/op',
  'branch-misses': 'br-miss/op',
  'task-clock': 'cpu-ns/op',
  'page-faults': 'faults/op',
  // Simulated by Valgrind (`--counters simulate`): labelled as such in every column.
  'sim-instructions': 'sim instr/op',
  'sim-I1-misses': 'sim I1 miss/op',
  'sim-D1-misses': 'sim D1 miss/op',
  'sim-LL-misses': 'sim LL miss/op',
  'sim-branches': 'sim branch/op',
  'sim-branch-mispredicts': 'sim br-miss/op',
};

/** A count per operation cannot be negative; a slope a hair below zero is noise around 0. */
export function counterCell(v: number): string {
  return v <= 0 ? '0' : sig(v, 3);
}

/** The verdict in a cell: a count under Valgrind compares instructions, so "more"/"fewer", not slower/faster. */
export function verdictWord(b: BenchmarkResult): string {
  const v = b.relative?.verdict;
  if (v === 'no-difference') return 'same';
  if (v === 'cannot-tell') return 'cannot tell';
  if (!b.flags.includes('simulated')) return v ?? '';
  return v === 'slower' ? 'more' : v === 'faster' ? 'fewer' : (v ?? '');
}

/**
 * "1.23× slower [1.20, 1.26]": contender/baseline ratio (of time, or of simulated instructions)
 * with its CI (left out when WITH_CI is false); TOO_FEW follows a ratio without a verdict.
 */
export function relativeCell(b: BenchmarkResult, withCi = true, tooFew = '(too few processes for a verdict)'): string {
  const r = b.relative;
  if (!r) return b.baseline ? 'baseline' : '';
  if (r.verdict === 'too-few') return r.ratio ? `${formatRatio(r.ratio.point)}× ${tooFew}` : 'too few';
  if (r.verdict === 'incomparable' || !r.ratio) return 'incomparable';
  const word = verdictWord(b);
  const f = ratioFormat(r.ratio);
  const ci = withCi ? ` [${f(r.ratio.ciLow)}, ${f(r.ratio.ciHigh)}]` : '';
  return `${f(r.ratio.point)}× ${word}${ci}`;
}

/**
 * formatRatio, with as many decimals (up to four) as an interval that excludes 1 needs for its
 * bounds not to print as 1: a 0.3 % difference in instructions reads "1.003× more [1.002,
 * 1.004]", not "1.00× more [1.00, 1.00]".
 */
export function ratioFormat(ratio: { ciLow: number; ciHigh: number }): (x: number) => string {
  const excludesOne = ratio.ciLow > 1 || ratio.ciHigh < 1;
  for (const decimals of [2, 3, 4]) {
    const f = (x: number) => (decimals === 2 || Math.abs(x) < 0.1 ? formatRatio(x) : x.toFixed(decimals));
    const one = f(1);
    if (!excludesOne || (f(ratio.ciLow) !== one && f(ratio.ciHigh) !== one)) return f;
  }
  return (x: number) => x.toFixed(4);
}

function renderNotes(doc: ResultDocument): string {
  const lines: string[] = [];
  for (const w of doc.warnings) lines.push(`note: ${w}`);
  for (const b of doc.benchmarks) {
    if (b.error) {
      lines.push(`error: ${b.error.message}`);
      continue;
    }
    const { warnings, notes } = benchmarkLines(b);
    // The analysis's own optimized-away detail says what was seen; files without one get the generic line.
    if (b.flags.includes('optimized-away') && !explainedFlags(b).has('optimized-away')) {
      const what = 'less than one cycle of work per iteration — probably optimized away; this is not a speed.';
      lines.push(`warning: ${b.name}: ${what}`);
    }
    for (const w of warnings) lines.push(`warning: ${b.name}: ${w}`);
    for (const n of notes) lines.push(`info: ${b.name}: ${n}`);
    const reason = b.relative && comparisonReason(b.relative);
    if (reason) lines.push(`vs baseline: ${b.name}: ${b.relative!.verdict}: ${reason}`);
  }
  return lines.length ? `\n${lines.join('\n')}` : '';
}
