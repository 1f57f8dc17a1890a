// A paired report's HTML for what explains its verdicts: per benchmark whose sides were profiled
// (src/paired/profile.ts), a differential bar view of the functions whose self time per operation
// changed most, each function's two sides as two bars on one scale with the change beside them,
// and the same figures as a table; the lines naming a V8 state that differs between the sides
// (src/paired/v8.ts) and each benchmark's tier table, its processes in the order they ran. Plain
// SVG with no script and no outside reference (the page's Content-Security-Policy is
// default-src 'none'), so the report opens offline. Function and file names come from the bench
// files and go through escapeHtml.
import { v8TableHtml } from '../report/html-explain.js';
import { escapeHtml as esc, px } from '../report/svg.js';
import { formatNs } from '../text/format.js';
import type { FunctionChange, ProfileDifference } from '../profile/differential.js';
import { rowName } from './render.js';
import type { PairedRow } from './run.js';
import { pairedV8Clause } from './v8.js';

/** Layout of the view, px. */
export const DIFF_LAYOUT = { width: 760, label: 300, bars: 300, row: 26, bar: 9, top: 24 } as const;
export const OTHER_COLOUR = '#999999';
/** This side's bar: orange where its time grew, green where it shrank (the report's verdict colours). */
export const MORE_COLOUR = '#D55E00';
export const LESS_COLOUR = '#009E73';

const signed = (ns: number) => `${ns < 0 ? '−' : '+'}${formatNs(Math.abs(ns))}`;
const LABEL_CHARS = 44;
const short = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

interface Names {
  other: string;
  current: string;
}

function label(c: FunctionChange): string {
  return c.script ? `${c.name}  ${c.script}` : c.name;
}

/** The differential bars of one benchmark's changes. */
function bars(changes: readonly FunctionChange[], names: Names, title: string): string {
  const L = DIFF_LAYOUT;
  const max = Math.max(...changes.flatMap((c) => [c.otherNs, c.thisNs]));
  const w = (ns: number) => (max > 0 ? (ns / max) * L.bars : 0);
  const height = L.top + changes.length * L.row + 6;
  const x0 = L.label;
  const legend =
    `<g class="legend"><rect x="${x0}" y="4" width="10" height="10" fill="${OTHER_COLOUR}"/>` +
    `<text x="${x0 + 14}" y="13">${esc(names.other)}</text>` +
    `<rect x="${x0 + 160}" y="4" width="10" height="10" fill="${MORE_COLOUR}"/>` +
    `<text x="${x0 + 174}" y="13">${esc(names.current)} (green where less)</text></g>`;
  const rows = changes.map((c, i) => {
    const y = L.top + i * L.row;
    const colour = c.thisNs > c.otherNs ? MORE_COLOUR : LESS_COLOUR;
    return (
      `<g data-function="${esc(c.name)}" data-other-ns="${c.otherNs}" data-this-ns="${c.thisNs}">` +
      `<title>${esc(`${label(c)}: ${formatNs(c.otherNs)} → ${formatNs(c.thisNs)} per op`)}</title>` +
      `<text x="${x0 - 8}" y="${y + L.bar + 3}" text-anchor="end">${esc(short(label(c)))}</text>` +
      `<rect class="other" x="${x0}" y="${y}" width="${px(w(c.otherNs))}" height="${L.bar}" fill="${OTHER_COLOUR}"/>` +
      `<rect class="this" x="${x0}" y="${y + L.bar + 1}" width="${px(w(c.thisNs))}" height="${L.bar}" fill="${colour}"/>` +
      `<text x="${x0 + L.bars + 8}" y="${y + L.bar + 3}">${esc(`${signed(c.thisNs - c.otherNs)}/op`)}</text></g>`
    );
  });
  return (
    `<svg class="plot" data-plot="differential" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${L.width} ${height}" ` +
    `width="${L.width}" height="${height}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>` +
    `<path d="M${x0} ${L.top - 4}V${height - 4}" stroke="#555"/>${legend}${rows.join('')}</svg>`
  );
}

function table(changes: readonly FunctionChange[], names: Names): string {
  const head = ['function', 'file', names.other, names.current, 'change/op'];
  const body = changes.map((c) =>
    [c.name, c.script, formatNs(c.otherNs), formatNs(c.thisNs), signed(c.thisNs - c.otherNs)]
      .map((x) => `<td>${esc(x)}</td>`)
      .join(''),
  );
  return (
    `<table data-table="changes"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${body.map((r) => `<tr>${r}</tr>`).join('')}</tbody></table>`
  );
}

function rowView(r: PairedRow, p: ProfileDifference, names: Names): string {
  const title = `${rowName(r)} (${r.analysis?.verdict ?? '?'}): what changed`;
  const missing = [p.other, p.current]
    .filter((s) => s.file === null || s.error)
    .map((s) => `<p class="error">no profile: ${esc(s.error ?? 'unknown reason')}</p>`)
    .join('');
  const files = [p.other.file, p.current.file].filter(Boolean).join(', ');
  const view = p.changes.length
    ? bars(p.changes, names, title) + table(p.changes, names)
    : '<p>no function changed</p>';
  return (
    `<section class="differential" data-benchmark="${esc(rowName(r))}"><h3>${esc(title)}</h3>${missing}` +
    `${view}${files ? `<p>profiles: ${esc(files)}</p>` : ''}</section>`
  );
}

/** Per benchmark with V8 records: its processes' tiers and deoptimizations, pair by pair. */
function tierTables(rows: readonly PairedRow[], names: Names): string {
  return rows
    .filter((r) => r.v8)
    .map((r) => {
      const processes = r.pairs.flatMap((p, i) => {
        const sides = [
          { name: `${i + 1}, ${names.other}`, v8: r.v8!.other[i] },
          { name: `${i + 1}, ${names.current}`, v8: r.v8!.current[i] },
        ];
        return (p.aFirst ? sides : sides.reverse()).flatMap((s) => (s.v8 ? [{ ...s, v8: s.v8, last: '' }] : []));
      });
      return `<section class="tiers" data-benchmark="${esc(rowName(r))}"><h3>${esc(rowName(r))}</h3>${v8TableHtml(processes, 'pair, side')}</section>`;
    })
    .join('');
}

/** The "What changed" section and the V8 lines and tables of a paired report; '' when it has none. */
export function explainHtml(rows: readonly PairedRow[], names: Names, trees: boolean): string {
  const v8 = rows
    .map((r) => [r, pairedV8Clause(r.v8, trees)] as const)
    .filter(([, l]) => l)
    .map(([r, l]) => `<li>${esc(`${rowName(r)}: ${l}`)}</li>`);
  const profiled = rows.filter((r) => r.profile).map((r) => rowView(r, r.profile!, names));
  const parts: string[] = [];
  const tiers = tierTables(rows, names);
  if (v8.length || tiers) parts.push(`<h2>V8</h2>${v8.length ? `<ul data-list="v8">${v8.join('')}</ul>` : ''}${tiers}`);
  if (profiled.length)
    parts.push(
      '<h2>What changed</h2><p>Self time per operation of the functions whose time changed most: each ' +
        "function's share of an unmeasured profile (inlining off) times its side's median time per " +
        'operation; a pointer to where the change is, not a measurement of it.</p>',
      ...profiled,
    );
  return parts.join('\n');
}
