// The HTML report's first chart: every benchmark's time per iteration with its confidence
// interval, one row each, grouped, on a logarithmic axis (a suite spans nanoseconds to
// milliseconds), the baseline of each group marked and every other row's ratio to it written
// beside it. It is what a reader came for, so the page opens on it.
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import { truncateName } from '../text/terminal-safe.js';
import { relativeCell, simulatedRun } from './terminal.js';
import type { ComparisonRow } from './comparisons.js';
import { formatHalfWidth, formatNs, relHalfWidth } from './format.js';
import { spacedName } from './samples.js';
import { escapeHtml, type Frame, px, svgOpen } from './svg.js';

/** Longest benchmark label drawn in the chart; the full name is in the row's tooltip. */
const LABEL_CHARS = 40;
const ROW_H = 22;

interface Row {
  kind: 'group' | 'benchmark';
  label: string;
  b?: BenchmarkResult;
}

function rowsOf(doc: ResultDocument): Row[] {
  const rows: Row[] = [];
  const groups = new Map<string | null, BenchmarkResult[]>();
  for (const b of doc.benchmarks) {
    const key = b.group ?? null;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(b);
  }
  const named = [...groups.keys()].some((g) => g !== null);
  for (const [group, members] of groups) {
    if (named) rows.push({ kind: 'group', label: group ?? '(no group)' });
    for (const b of members) rows.push({ kind: 'benchmark', label: b.name, b });
  }
  return rows;
}

function usable(b: BenchmarkResult): boolean {
  const h = b.headline;
  return !b.error && h !== null && h.point > 0 && Number.isFinite(h.point) && !b.flags.includes('optimized-away');
}

/** Decades of ns covering every finite point and interval (at least one decade, at most 12). */
function logDomain(bs: BenchmarkResult[]): [number, number] {
  // Finite values only: one Infinity would make the decade loop of summaryChart endless.
  const values = bs
    .flatMap((b) => [b.headline!.point, b.headline!.ciLow, b.headline!.ciHigh])
    .filter((v) => v > 0 && Number.isFinite(v));
  if (values.length === 0) return [0, 1];
  let lo = Math.floor(Math.log10(Math.min(...values)));
  let hi = Math.ceil(Math.log10(Math.max(...values)));
  if (hi <= lo) hi = lo + 1;
  if (hi - lo > 12) lo = hi - 12;
  return [lo, hi];
}

function rowText(b: BenchmarkResult, c: ComparisonRow | undefined): string {
  if (b.error) return `not measured (${b.error.kind})`;
  if (b.flags.includes('optimized-away')) return 'optimized away';
  const h = b.headline;
  if (!h) return 'no estimate';
  const ci = formatHalfWidth(relHalfWidth(h.point, h.ciLow, h.ciHigh));
  if (b.baseline) return `${formatNs(h.point)} ${ci} · baseline`;
  // The comparison's own ratio and verdict (the one the Verdict section words), not a division of
  // two headlines: none when the comparison could not be made (an optimized-away baseline).
  const usable = c && c.verdict !== 'incomparable' && c.ratio !== null && c.ciLow !== null && c.ciHigh !== null;
  const relative = usable
    ? {
        baseline: c.baseline,
        verdict: c.verdict,
        ratio: { point: c.ratio!, ciLow: c.ciLow!, ciHigh: c.ciHigh! },
        pValue: null,
      }
    : undefined;
  const ratio = relative ? ` · ${relativeCell({ ...b, relative }, false, '(too few processes)')} vs baseline` : '';
  return `${formatNs(h.point)} ${ci}${ratio}`;
}

/** The summary chart, or '' when the document has no benchmark. */
export function summaryChart(doc: ResultDocument, comparisons: readonly ComparisonRow[] = []): string {
  // A run counted under Valgrind has no times to chart; its counts are in each benchmark's section.
  if (doc.benchmarks.length === 0 || simulatedRun(doc.benchmarks)) return '';
  const rows = rowsOf(doc);
  const f: Frame = { width: 1180, height: 0, left: 300, right: 260, top: 10, bottom: 40 };
  f.height = f.top + f.bottom + ROW_H * rows.length;
  const [d0, d1] = logDomain(doc.benchmarks.filter(usable));
  const x = (ns: number) => f.left + ((Math.log10(ns) - d0) / (d1 - d0)) * (f.width - f.left - f.right);
  const y0 = f.height - f.bottom;
  const parts = [svgOpen('summary', 'time per iteration of every benchmark with its confidence interval', f)];
  for (let d = d0; d <= d1; d++) {
    const gx = x(10 ** d);
    parts.push(
      `<path d="M${px(gx)} ${px(f.top)}V${px(y0)}" stroke="#e4e4e4"/>` +
        `<text x="${px(gx)}" y="${px(y0 + 15)}" text-anchor="middle">${escapeHtml(formatNs(10 ** d))}</text>`,
    );
  }
  parts.push(
    `<text x="${px((f.left + f.width - f.right) / 2)}" y="${px(f.height - 6)}" text-anchor="middle" class="label">` +
      'time per iteration (log scale), point and confidence interval</text>',
  );
  rows.forEach((r, i) => {
    const cy = f.top + ROW_H * (i + 0.5);
    if (r.kind === 'group') {
      parts.push(
        `<text x="8" y="${px(cy + 4)}" class="group" font-weight="bold">${escapeHtml(truncateName(r.label))}</text>`,
      );
      return;
    }
    const b = r.b!;
    const label = truncateName(r.label, LABEL_CHARS) + (b.baseline ? ' ◆' : '');
    parts.push(
      `<g class="row${b.baseline ? ' baseline' : ''}"><title>${escapeHtml(spacedName(b))}</title>` +
        `<text x="${px(f.left - 10)}" y="${px(cy + 4)}" text-anchor="end">${escapeHtml(label)}</text>`,
    );
    if (usable(b)) {
      const h = b.headline!;
      const lo = Math.max(h.ciLow, 10 ** d0);
      const fill = b.baseline ? '#333' : '#0072B2';
      parts.push(
        `<path d="M${px(x(lo))} ${px(cy)}H${px(x(Math.max(h.ciHigh, lo)))}" stroke="${fill}" stroke-width="2"/>` +
          (b.baseline
            ? `<rect x="${px(x(h.point) - 5)}" y="${px(cy - 5)}" width="10" height="10" fill="${fill}" ` +
              `transform="rotate(45 ${px(x(h.point))} ${px(cy)})"/>`
            : `<circle cx="${px(x(h.point))}" cy="${px(cy)}" r="4.5" fill="${fill}"/>`),
      );
    }
    parts.push(
      `<text x="${px(f.width - f.right + 10)}" y="${px(cy + 4)}">${escapeHtml(
        rowText(
          b,
          comparisons.find((c) => c.group === b.group && c.name === b.name),
        ),
      )}</text></g>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
