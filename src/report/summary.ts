// The default terminal output of a run: one table that fits the terminal's width (groups as
// its first column, columns from src/report/summary-columns.ts), then one line per finding
// that needs attention (worded for action by src/report/findings.ts; a failure's line wraps to
// the width; benchmarks with the same line share it), then how many details --verbose would
// add. The full detail is terminal.ts (--verbose); --quiet prints the table alone.
import type { BenchmarkResult, Finding, ResultDocument } from '../results/schema.js';
import { wrapLine } from '../text/format.js';
import { terminalSafe, truncateName, truncateNames } from '../text/terminal-safe.js';
import { benchmarkLines, comparisonReason, latencyNotes } from './details.js';
import { findingGroupText, findingText, topFinding } from './findings.js';
import { formatNs } from './format.js';
import { type Column, simulatedColumns, timeColumns } from './summary-columns.js';
import { simulatedRun } from './terminal.js';

export interface SummaryOptions {
  /** Terminal width in columns (default 80). */
  columns?: number;
  /** The table only: no attention lines, no count of hidden details. */
  quiet?: boolean;
  /** How the reader asks for every detail (default the command line's `--verbose`). */
  verboseHint?: string;
}

const GAP = 2;
const MIN_NAME = 12;
/** Names and groups longer than these are cut while optional columns still fit. */
const MAX_NAME = 40;
const MAX_GROUP = 20;
/** The group column gives way first, down to this width, before the names are cut. */
const MIN_GROUP = 8;

function width(s: string): number {
  return [...s].length;
}

function columnWidth(c: Column, list: BenchmarkResult[]): number {
  return Math.max(width(c.header), ...list.map((b) => width(c.cell(b))));
}

/**
 * The one table: a group column when there are several groups (its name on the group's first
 * row only), the name column, the required columns, then optional ones while they fit.
 */
function renderTable(doc: ResultDocument, columns: number): string[] {
  const list = doc.benchmarks;
  const { required, optional, wideVerdict } = simulatedRun(list) ? simulatedColumns(list) : timeColumns(list);
  const grouped = new Set(list.map((b) => b.group ?? '')).size > 1;
  const groupCells = list.map((b, i) =>
    // '—' for benchmarks outside any group: short enough never to be cut at MIN_GROUP.
    !grouped || (i > 0 && list[i - 1].group === b.group) ? '' : (b.group ?? '—'),
  );
  const groupWidth = grouped ? Math.max(width('group'), ...groupCells.map(width)) : 0;
  const nameWidth = Math.max(width('benchmark'), ...list.map((b) => width(b.name)));
  const lead = (g: number, n: number) => (grouped ? g + GAP : 0) + n;
  const reserve = lead(Math.min(groupWidth, MAX_GROUP), Math.min(nameWidth, MAX_NAME));
  const used = (cols: Column[]) => cols.reduce((s, c) => s + GAP + columnWidth(c, list), 0);
  const chosen = [...required];
  if (wideVerdict && reserve + used(chosen) - used([required.at(-1)!]) + used([wideVerdict]) <= columns)
    chosen[chosen.length - 1] = wideVerdict;
  for (const c of optional) {
    if (reserve + used([...chosen, c]) > columns) break;
    chosen.splice(chosen.length - (wideVerdict ? 1 : 0), 0, c);
  }
  const room = columns - used(chosen);
  const groupW = grouped ? Math.max(Math.min(groupWidth, MIN_GROUP), Math.min(groupWidth, room - GAP - nameWidth)) : 0;
  const nameW = Math.min(nameWidth, Math.max(MIN_NAME, room - lead(groupW, 0)));
  const widths = chosen.map((c) => columnWidth(c, list));
  const line = (group: string, name: string, cells: string[]) =>
    [
      ...(grouped ? [truncateName(group, groupW).padEnd(groupW)] : []),
      truncateName(name, nameW).padEnd(nameW),
      ...cells.map((s, i) => (chosen[i].left ? s.padEnd(widths[i]) : s.padStart(widths[i]))),
    ]
      .join(' '.repeat(GAP))
      .trimEnd();
  const rule = [...(grouped ? [groupW] : []), nameW, ...widths].map((w) => '─'.repeat(w)).join(' '.repeat(GAP));
  const header = line(
    'group',
    'benchmark',
    chosen.map((c) => c.header),
  );
  // Names that one cut would print alike each show where they differ.
  const names = truncateNames(
    list.map((b) => b.name),
    nameW,
  );
  return [
    header,
    rule,
    ...list.map((b, i) =>
      line(
        groupCells[i],
        names[i],
        chosen.map((c) => c.cell(b)),
      ),
    ),
  ];
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

/** A benchmark's attention line: its most severe finding; for a simulated count, else its first warning. */
interface Attention {
  b: BenchmarkResult;
  top?: Finding;
  text: (room: number) => string;
}

function attentionOf(b: BenchmarkResult): Attention | undefined {
  const top = topFinding(b.findings ?? []);
  if (top && top.severity !== 'info') return { b, top, text: (room) => findingText(top, room) };
  // A count under Valgrind has no time findings; what it warns about (an unoptimized kernel) is a detail.
  const warning = b.flags.includes('simulated') && !b.error ? benchmarkLines(b).warnings[0] : undefined;
  return warning === undefined ? undefined : { b, text: () => warning };
}

/**
 * One line per benchmark that needs attention. Lines with the same words are one line naming the
 * benchmarks (or counting them when the names do not fit); noisy benchmarks are one line with the
 * range of their intervals. Failures each keep their own line.
 */
function attentionLines(doc: ResultDocument, columns: number): string[] {
  const items = doc.benchmarks.map(attentionOf).filter((a): a is Attention => a !== undefined);
  const key = (a: Attention) =>
    a.top?.severity === 'error' ? a.top.benchmark : a.top?.code === 'noisy' ? 'noisy' : a.text(Infinity);
  const byKey = new Map<string, Attention[]>();
  for (const a of items) byKey.set(key(a), [...(byKey.get(key(a)) ?? []), a]);
  const lines: string[] = [];
  for (const same of byKey.values()) {
    const names = same.map((a) => a.b.name).join(', ');
    const one = same[0];
    if (same.length === 1 && one.top?.severity === 'error') {
      // A failure's message is its only account: wrapped to the width, never cut.
      lines.push(...wrapLine(`${names}: ${one.text(Infinity)}`, columns, '  ').split('\n'));
    } else if (same.length === 1) {
      // A long name is shortened so that the short wording of the finding fits; a finding too long
      // for that (a failure's message) leaves the name half the line.
      const room = columns - 2 - width(one.text(0));
      const name = truncateName(names, room >= MIN_NAME ? room : Math.floor(columns / 2));
      lines.push(`${name}: ${one.text(columns - width(name) - 2)}`);
    } else if (one.top?.code !== 'noisy' && width(names) + 2 + width(one.text(Infinity)) <= columns)
      lines.push(`${names}: ${one.text(Infinity)}`);
    else if (one.top) lines.push(findingGroupText(same.map((a) => a.top!)));
    else lines.push(`${one.text(Infinity)} (${same.length} benchmarks)`);
  }
  return lines;
}

/** Under the table of a run counted under Valgrind: what "sim" means. */
const SIMULATED_LEGEND = [
  "sim: counted on Valgrind's simulated CPU (callgrind), not timed; time under Valgrind is not shown",
  "sim: counted on Valgrind's simulated CPU, not timed",
];

export function renderSummary(input: ResultDocument, options: SummaryOptions = {}): string {
  const doc = terminalSafe(input);
  const columns = Math.max(40, options.columns ?? 80);
  const out = ['', ...renderTable(doc, columns)];
  if (simulatedRun(doc.benchmarks)) out.push(SIMULATED_LEGEND.find((l) => width(l) <= columns) ?? SIMULATED_LEGEND[1]);
  if (!options.quiet) {
    const latency = latencyLines(doc, columns);
    const attention = attentionLines(doc, columns);
    if (latency.length || attention.length) out.push('', ...latency, ...attention);
    const hidden = hiddenDetails(doc);
    if (hidden > 0) out.push(`${hidden} details hidden: ${options.verboseHint ?? '--verbose'}`);
  }
  return `${out.map((l) => cutEnd(l, columns)).join('\n')}\n`;
}

/** A whole line wider than the terminal loses its end: its columns before the cut stay where they are. */
function cutEnd(line: string, w: number): string {
  return width(line) <= w ? line : `${[...line].slice(0, Math.max(0, w - 1)).join('')}…`;
}
