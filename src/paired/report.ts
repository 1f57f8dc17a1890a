// `cyclebench report` of a paired file (document.ts): the verdict table of run.ts's outcome,
// then per benchmark its pairs (order, both headlines, the ratio), the stopping rule and the
// environment, as terminal text, Markdown, self-contained HTML or CSV (one line per pair).
import { escapeHtml } from '../report/svg.js';
import { csvField, escapeMarkdown } from '../text/escape.js';
import { formatNs } from '../text/format.js';
import { escapeControls } from '../text/terminal-safe.js';
import type { PairedDocument } from './document.js';
import { cells, currentName, HEAD, renderPairedMarkdown, renderPairedText, rowName } from './render.js';
import type { PairedRow } from './run.js';
import { explainHtml } from './differential-html.js';

export type PairedReportFormat = 'text' | 'markdown' | 'html' | 'csv';

const ratioText = (p: PairedRow['pairs'][number]) => (p.a > 0 && p.b > 0 ? (p.b / p.a).toFixed(4) : '—');

/** Per pair: number, which side ran first, the other tree's and this tree's headline, the ratio. */
function pairRows(r: PairedRow): string[][] {
  return r.pairs.map((p, i) => [
    String(i + 1),
    p.aFirst ? 'other first' : 'this first',
    formatNs(p.a),
    formatNs(p.b),
    ratioText(p),
  ]);
}
const TREE_HEAD = ['pair', 'order', 'other tree', 'this tree', 'ratio'];
// Sides that are Node binaries or flags (src/paired/sides.ts) are named in the lines under the table.
const SIDE_HEAD = ['pair', 'order', 'other side', 'this side', 'ratio'];
const pairHead = (doc: PairedDocument) => (doc.current === undefined ? TREE_HEAD : SIDE_HEAD);

/** Environment in a few lines: when, which tool, Node, CPU, load before and after, pinning. */
function environmentLines(doc: PairedDocument): string[] {
  const env = doc.environment as {
    node?: { version?: string };
    cpu?: { model?: string | null; logicalCores?: number | null };
    kernel?: { load?: { one?: number; five?: number } | null };
    after?: { kernel?: { load?: { one?: number } | null } };
    conditions?: { cpus?: number[] | null };
    changes?: { warning: string }[];
  };
  const load = (l?: { one?: number } | null) => (typeof l?.one === 'number' ? l.one.toFixed(2) : '?');
  return [
    `written ${doc.createdAt ?? '?'} by cyclebench ${doc.tool.version ?? '?'}: ${(doc.command ?? []).join(' ')}`,
    `Node ${env.node?.version ?? '?'}, CPU ${env.cpu?.model ?? '?'} (${env.cpu?.logicalCores ?? '?'} logical), ` +
      `measuring on CPU ${env.conditions?.cpus?.join(',') ?? 'any'}`,
    `1-minute load ${load(env.kernel?.load)} at the start, ${load(env.after?.kernel?.load)} at the end`,
    ...sideLines(doc),
    ...(env.changes ?? []).map((c) => `changed during the run: ${c.warning}`),
  ].map(escapeControls);
}

/** Each side's Node binary, version and extra flags (documents from cyclebench-paired/2 on). */
function sideLines(doc: PairedDocument): string[] {
  if (!doc.sides) return [];
  return (['current', 'against'] as const).map((k) => {
    const s = doc.sides![k];
    const flags = s.flags.length ? s.flags.join(' ') : 'none';
    const side = k === 'current' ? 'this side' : 'other side';
    return `${side} (${s.label || s.tree}): Node ${s.node.version} (V8 ${s.node.v8}) ${s.node.path}, extra flags ${flags}`;
  });
}

function text(doc: PairedDocument, markdown: boolean): string {
  // A report is read in an editor or a wide terminal: 120 columns keep every column of the table.
  const out = [markdown ? renderPairedMarkdown(doc) : renderPairedText(doc, 120)];
  for (const r of doc.rows) {
    if (!r.pairs.length) continue;
    const rows = [pairHead(doc), ...pairRows(r)];
    if (markdown) {
      out.push(`#### ${escapeMarkdown(rowName(r))}: pairs\n`);
      out.push(
        rows.map((x, i) => `| ${x.join(' | ')} |${i === 0 ? `\n|${' --- |'.repeat(x.length)}` : ''}`).join('\n'),
      );
      out.push('');
    } else {
      const w = pairHead(doc).map((_, i) => Math.max(...rows.map((x) => x[i].length)));
      out.push(`${rowName(r)}: pairs`);
      out.push(
        rows
          .map((x) =>
            x
              .map((c, i) => c.padEnd(w[i]))
              .join('  ')
              .trimEnd(),
          )
          .join('\n'),
      );
    }
  }
  const env = environmentLines(doc);
  out.push(markdown ? `\n${env.map((l) => `- ${escapeMarkdown(l)}`).join('\n')}\n` : `\n${env.join('\n')}\n`);
  return out.join('\n');
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'";
const STYLE =
  'body{font:14px/1.45 system-ui,sans-serif;margin:16px 24px}table{border-collapse:collapse;margin:8px 0}' +
  'td,th{padding:2px 10px;border-bottom:1px solid #e4e4e4;text-align:right}td:first-child,th:first-child{text-align:left}';

function htmlTable(rows: string[][]): string {
  const [head, ...body] = rows;
  const tr = (r: string[], tag: string) => `<tr>${r.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  return `<table><thead>${tr(head, 'th')}</thead><tbody>${body.map((r) => tr(r, 'td')).join('')}</tbody></table>`;
}

function html(doc: PairedDocument): string {
  const title = `cyclebench: ${currentName(doc)} against ${doc.against}`;
  const parts = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>`,
    `<h1>${escapeHtml(title)}</h1>`,
    htmlTable([HEAD, ...doc.rows.map(cells)]),
    `<p>${escapeHtml(doc.rule.text)}</p>`,
    ...doc.rows
      .filter((r) => r.pairs.length)
      .map((r) => `<h2>${escapeHtml(rowName(r))}: pairs</h2>${htmlTable([pairHead(doc), ...pairRows(r)])}`),
    explainHtml(doc.rows, sideNames(doc), doc.current === undefined),
    `<h2>Environment</h2><ul>${environmentLines(doc)
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join('')}</ul>`,
    '</main></body></html>\n',
  ];
  return parts.join('\n');
}

/** The sides' names in the differential view: the other side's label and this side's. */
function sideNames(doc: PairedDocument): { other: string; current: string } {
  return { other: doc.against, current: currentName(doc) };
}

function csv(doc: PairedDocument): string {
  const lines = [['benchmark', 'pair', 'first', 'other_ns', 'this_ns', 'ratio', 'verdict'].join(',')];
  for (const r of doc.rows)
    r.pairs.forEach((p, i) =>
      lines.push(
        [rowName(r), i + 1, p.aFirst ? 'other' : 'this', p.a, p.b, ratioText(p), r.analysis?.verdict ?? '']
          .map((c) => csvField(typeof c === 'number' && !Number.isFinite(c) ? '' : c))
          .join(','),
      ),
    );
  return `${lines.join('\n')}\n`;
}

export function renderPairedReport(doc: PairedDocument, format: PairedReportFormat): string {
  if (format === 'html') return html(doc);
  if (format === 'csv') return csv(doc);
  return text(doc, format === 'markdown');
}
