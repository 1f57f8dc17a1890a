// The default terminal output of a run: one table that fits the terminal's width, then at
// most one line per benchmark that needs attention (its most severe finding, worded for
// action by src/report/findings.ts), then how many details --verbose would add. The full
// detail is terminal.ts (--verbose); --quiet prints the table alone.
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import { terminalSafe } from '../text/terminal-safe.js';
import { benchmarkLines, comparisonReason, latencyNotes } from './details.js';
import { findingGroupText, findingMarker, findingText, topFinding } from './findings.js';
import { formatBytes, formatNs, formatOps, formatPct, relHalfWidth, sig } from './format.js';
import { COUNTER_COLUMN, counterCell } from './terminal.js';

export interface SummaryOptions {
  /** Terminal width in columns (default 80). */
  columns?: number;
  /** The table only: no attention lines, no count of hidden details. */
  quiet?: boolean;
}

interface Column {
  header: string;
  cell: (b: BenchmarkResult) => string;
  left?: boolean;
}

const GAP = 2;
const MIN_NAME = 12;
const measured = (b: BenchmarkResult): boolean => !b.error && b.headline !== null;
const away = (b: BenchmarkResult): boolean => b.flags.includes('optimized-away');

function width(s: string): number {
  return [...s].length;
}

function fit(s: string, w: number): string {
  return width(s) <= w ? s : `${[...s].slice(0, Math.max(0, w - 1)).join('')}…`;
}

/** "0.72× faster", and its CI when there is room. */
function verdictCell(b: BenchmarkResult, withCi: boolean): string {
  const r = b.relative;
  if (!r) return b.baseline ? 'baseline' : '';
  if (r.verdict === 'incomparable' || !r.ratio) return 'incomparable';
  if (r.verdict === 'too-few') return `${r.ratio.point.toFixed(2)}× too few`;
  const word = r.verdict === 'no-difference' ? 'same' : r.verdict;
  const ci = withCi ? ` [${r.ratio.ciLow.toFixed(2)}, ${r.ratio.ciHigh.toFixed(2)}]` : '';
  return `${r.ratio.point.toFixed(2)}× ${word}${ci}`;
}

/** A counter carries data when some benchmark counts at least half an event per operation. */
function counterColumns(list: BenchmarkResult[]): Column[] {
  // task-clock per op is CPU time per op: it repeats time/iter, so only --verbose shows it.
  const events = [...new Set(list.flatMap((b) => b.counters?.perOp.map((c) => c.event) ?? []))].filter(
    (e) => e in COUNTER_COLUMN && e !== 'task-clock',
  );
  const value = (b: BenchmarkResult, e: string) => b.counters?.perOp.find((c) => c.event === e)?.perOp;
  return events
    .filter((e) => list.some((b) => (value(b, e) ?? 0) >= 0.5))
    .map((e) => ({
      header: COUNTER_COLUMN[e],
      cell: (b) => (value(b, e) === undefined ? '—' : counterCell(value(b, e)!)),
    }));
}

function columnsFor(list: BenchmarkResult[]): { required: Column[]; optional: Column[]; wideVerdict?: Column } {
  const ok = (f: (b: BenchmarkResult) => string) => (b: BenchmarkResult) => (measured(b) ? f(b) : '');
  const required: Column[] = [
    { header: 'time/iter', cell: (b) => (b.error ? 'failed' : away(b) ? '< 1 cycle' : formatNs(b.headline?.point)) },
    {
      header: '± CI',
      cell: ok((b) =>
        away(b) ? '—' : `±${formatPct(relHalfWidth(b.headline!.point, b.headline!.ciLow, b.headline!.ciHigh))}`,
      ),
    },
    { header: '', cell: (b) => findingMarker(b.findings ?? []), left: true },
  ];
  const hasRelative = list.some((b) => b.relative);
  if (hasRelative) required.push({ header: 'vs baseline', cell: (b) => verdictCell(b, false) });
  const optional: Column[] = [
    { header: 'ops/s', cell: ok((b) => (away(b) ? '—' : formatOps(b.headline!.point))) },
    ...(list.some((b) => b.memory) ? [{ header: 'alloc/op', cell: ok((b) => formatBytes(b.memory?.bytesPerOp)) }] : []),
    { header: 'median', cell: ok((b) => formatNs(b.estimates?.median)) },
    { header: 'min', cell: ok((b) => formatNs(b.estimates?.min)) },
    { header: 'p99', cell: ok((b) => formatNs(b.estimates?.p99)) },
    {
      header: 'proc CV',
      cell: ok((b) => (b.estimates?.betweenProcessCv == null ? '—' : formatPct(b.estimates.betweenProcessCv))),
    },
    { header: 'R²', cell: ok((b) => (b.estimates ? sig(b.estimates.r2, 3) : '—')) },
    ...counterColumns(list),
  ];
  const wideVerdict = hasRelative
    ? { header: 'vs baseline', cell: (b: BenchmarkResult) => verdictCell(b, true) }
    : undefined;
  return { required, optional, wideVerdict };
}

function columnWidth(c: Column, list: BenchmarkResult[]): number {
  return Math.max(width(c.header), ...list.map((b) => width(c.cell(b))));
}

/** The one table: the name column, the required columns, then optional ones while they fit. */
function renderTable(doc: ResultDocument, columns: number): string[] {
  const list = doc.benchmarks;
  const groups = new Set(list.map((b) => b.group ?? ''));
  const { required, optional, wideVerdict } = columnsFor(list);
  const nameWidth = Math.max(width('benchmark'), ...list.map((b) => width(b.name) + (groups.size > 1 ? 2 : 0)));
  const used = (cols: Column[]) => cols.reduce((s, c) => s + GAP + columnWidth(c, list), 0);
  let chosen = [...required];
  if (wideVerdict && Math.min(nameWidth, 40) + used(chosen) - used([required.at(-1)!]) + used([wideVerdict]) <= columns)
    chosen[chosen.length - 1] = wideVerdict;
  for (const c of optional) {
    if (Math.min(nameWidth, 40) + used([...chosen, c]) > columns) break;
    chosen.splice(chosen.length - (wideVerdict ? 1 : 0), 0, c);
  }
  const nameW = Math.min(nameWidth, Math.max(MIN_NAME, columns - used(chosen)));
  const widths = chosen.map((c) => columnWidth(c, list));
  const line = (name: string, cells: string[]) =>
    [
      fit(name, nameW).padEnd(nameW),
      ...cells.map((s, i) => (chosen[i].left ? s.padEnd(widths[i]) : s.padStart(widths[i]))),
    ]
      .join(' '.repeat(GAP))
      .trimEnd();
  const out = [
    line(
      'benchmark',
      chosen.map((c) => c.header),
    ),
    [nameW, ...widths].map((w) => '─'.repeat(w)).join('  '),
  ];
  let group: string | null | undefined;
  for (const b of list) {
    if (groups.size > 1 && b.group !== group) {
      group = b.group;
      out.push(fit(b.group ?? '(no group)', columns));
    }
    out.push(
      line(
        groups.size > 1 ? `  ${b.name}` : b.name,
        chosen.map((c) => c.cell(b)),
      ),
    );
  }
  return out;
}

/** One line per latency-mode benchmark: the ladder's main rungs. */
function latencyLines(doc: ResultDocument, columns: number): string[] {
  return doc.benchmarks
    .filter((b) => !b.error && b.latency)
    .map((b) => {
      const l = b.latency!;
      const line = (labels: string[]) =>
        `${b.name}: latency ${l.ladder
          .filter((r) => labels.includes(r.label))
          .map((r) => `${r.label} ${formatNs(r.ns)}`)
          .join(', ')}, max ${formatNs(l.max)}`;
      const long = line(['p50', 'p99', 'p99.9']);
      return width(long) <= columns ? long : line(['p50', 'p99']);
    });
}

/** How many lines --verbose adds: the run's notes, every warning, note, error and verdict reason. */
export function hiddenDetails(doc: ResultDocument): number {
  let n = doc.warnings.length;
  for (const b of doc.benchmarks) {
    n += (b.error ? 1 : 0) + (b.relative && comparisonReason(b.relative) ? 1 : 0) + latencyNotes(b).length;
    const lines = benchmarkLines(b);
    if (!b.error) n += lines.warnings.length + lines.notes.length;
  }
  return n;
}

/** Benchmarks sharing one finding code get one line when there are this many or more. */
const GROUP_AT = 3;

/** One line per benchmark that needs attention; a code shared by GROUP_AT or more benchmarks is one line. */
function attentionLines(doc: ResultDocument, columns: number): string[] {
  const tops = doc.benchmarks.flatMap((b) => {
    const top = topFinding(b.findings ?? []);
    return top && top.severity !== 'info' ? [{ b, top }] : [];
  });
  const byCode = new Map<string, typeof tops>();
  for (const t of tops) byCode.set(t.top.code, [...(byCode.get(t.top.code) ?? []), t]);
  const lines: string[] = [];
  const grouped = new Set<string>();
  for (const { b, top } of tops) {
    const same = byCode.get(top.code)!;
    // Each failure has its own message: never grouped.
    if (same.length < GROUP_AT || top.severity === 'error')
      lines.push(`${b.name}: ${findingText(top, columns - width(b.name) - 2)}`);
    else if (!grouped.has(top.code)) {
      grouped.add(top.code);
      lines.push(findingGroupText(same.map((t) => t.top)));
    }
  }
  return lines;
}

export function renderSummary(input: ResultDocument, options: SummaryOptions = {}): string {
  const doc = terminalSafe(input);
  const columns = Math.max(40, options.columns ?? 80);
  const out = ['', ...renderTable(doc, columns)];
  if (!options.quiet) {
    const latency = latencyLines(doc, columns);
    const attention = attentionLines(doc, columns);
    if (latency.length || attention.length) out.push('', ...latency, ...attention);
    const hidden = hiddenDetails(doc);
    if (hidden > 0) out.push(`${hidden} details hidden: --verbose`);
  }
  return `${out.map((l) => fit(l, columns)).join('\n')}\n`;
}
