// The columns of the default terminal table (src/report/summary.ts): the ones every row needs,
// the ones shown while the terminal has room, and the comparison column with its CI when it
// fits. A run counted under Valgrind (`run --counters simulate`) has no time (time under
// Valgrind is not the kernel's, docs/decisions.md): its table leads with the simulated
// instructions per operation instead, then the simulated cache and branch counts.
import type { BenchmarkResult } from '../results/schema.js';
import { awayCell, benchmarkLines } from './details.js';
import { findingMarker } from './findings.js';
import { formatBytes, formatHalfWidth, formatNs, formatOps, formatPct, formatR2, relHalfWidth } from './format.js';
import { COUNTER_COLUMN, counterCell, relativeCell } from './terminal.js';

export interface Column {
  header: string;
  cell: (b: BenchmarkResult) => string;
  left?: boolean;
}

export interface ColumnSet {
  required: Column[];
  optional: Column[];
  /** The comparison column with the ratio's CI, in place of the short one when it fits. */
  wideVerdict?: Column;
}

const measured = (b: BenchmarkResult): boolean => !b.error && b.headline !== null;
const away = (b: BenchmarkResult): boolean => b.flags.includes('optimized-away');
const failedCell = (b: BenchmarkResult): string => (b.error?.kind === 'interrupted' ? 'not run' : 'failed');
const ok = (f: (b: BenchmarkResult) => string) => (b: BenchmarkResult) => (measured(b) ? f(b) : '');

/** "0.72× faster", and its CI when there is room. */
const verdictCell = (b: BenchmarkResult, withCi: boolean): string => relativeCell(b, withCi, 'too few');

const perOp = (b: BenchmarkResult, e: string) => b.counters?.perOp.find((c) => c.event === e);

/** A counter carries data when some benchmark counts at least half an event per operation. */
function counterColumns(list: BenchmarkResult[], skip: readonly string[]): Column[] {
  const events = [...new Set(list.flatMap((b) => b.counters?.perOp.map((c) => c.event) ?? []))].filter(
    (e) => e in COUNTER_COLUMN && !skip.includes(e),
  );
  return events
    .filter((e) => list.some((b) => (perOp(b, e)?.perOp ?? 0) >= 0.5))
    .map((e) => ({
      header: COUNTER_COLUMN[e],
      cell: (b) => (b.error ? '' : perOp(b, e) === undefined ? '—' : counterCell(perOp(b, e)!.perOp)),
    }));
}

const markerColumn: Column = { header: '', cell: (b) => findingMarker(b.findings ?? []), left: true };

/** The columns of a timed run. */
export function timeColumns(list: BenchmarkResult[]): ColumnSet {
  const required: Column[] = [
    {
      header: 'time/iter',
      cell: (b) => (b.error ? failedCell(b) : away(b) ? awayCell(b) : formatNs(b.headline?.point)),
    },
    {
      header: '± CI',
      cell: ok((b) =>
        away(b) ? '—' : formatHalfWidth(relHalfWidth(b.headline!.point, b.headline!.ciLow, b.headline!.ciHigh)),
      ),
    },
    markerColumn,
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
    { header: 'R²', cell: ok((b) => (b.estimates ? formatR2(b.estimates.r2) : '—')) },
    // task-clock per op is CPU time per op: it repeats time/iter, so only --verbose shows it.
    ...counterColumns(list, ['task-clock']),
  ];
  const wideVerdict = hasRelative
    ? { header: 'vs baseline', cell: (b: BenchmarkResult) => verdictCell(b, true) }
    : undefined;
  return { required, optional, wideVerdict };
}

const SIM_HEADLINE = 'sim-instructions';

/** The columns of a run counted under Valgrind: simulated instructions per op first. */
export function simulatedColumns(list: BenchmarkResult[]): ColumnSet {
  const counted = (b: BenchmarkResult) => !b.error && perOp(b, SIM_HEADLINE) !== undefined;
  const required: Column[] = [
    {
      header: COUNTER_COLUMN[SIM_HEADLINE],
      cell: (b) => (b.error ? failedCell(b) : counted(b) ? counterCell(perOp(b, SIM_HEADLINE)!.perOp) : 'not counted'),
    },
    {
      header: '± CI',
      cell: (b) => {
        const c = perOp(b, SIM_HEADLINE);
        if (!counted(b) || c!.ciLow === undefined || c!.ciHigh === undefined) return '';
        return formatHalfWidth(relHalfWidth(c!.perOp, c!.ciLow, c!.ciHigh));
      },
    },
    {
      ...markerColumn,
      // A kernel counted unoptimized or before its count settled needs a look as much as a finding does.
      cell: (b) => markerColumn.cell(b) || (benchmarkLines(b).warnings.length > 0 ? '!' : ''),
    },
  ];
  const hasRelative = list.some((b) => b.relative);
  if (hasRelative) required.push({ header: 'vs baseline', cell: (b) => verdictCell(b, false) });
  const wideVerdict = hasRelative
    ? { header: 'vs baseline', cell: (b: BenchmarkResult) => verdictCell(b, true) }
    : undefined;
  return { required, optional: counterColumns(list, [SIM_HEADLINE]), wideVerdict };
}
