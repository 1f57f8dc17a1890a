// The Markdown file (`--markdown FILE`, `report --format markdown`): the honest report in
// Markdown, followed by V8's tier table per benchmark (src/report/tier-rows.ts, as in the HTML)
// and the detailed estimates of every group (min, median, p99, MAD, ops/s, counters per op). Escaping of user text is done by blocks.ts.
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import { type Block, writeBlocks } from './blocks.js';
import { formatBytes, formatNs, formatOps } from './format.js';
import { reviewBlocks, type ReviewOptions } from './review.js';
import { tierBlocks } from './tier-rows.js';
import { awayCell } from './details.js';
import { counterCell } from './terminal.js';

function groupTable(list: BenchmarkResult[]): Block {
  const events = [...new Set(list.flatMap((b) => b.counters?.perOp.map((c) => c.event) ?? []))];
  const memory = list.some((b) => b.memory); // --memory
  const rows = list.map((b) => {
    const e = b.estimates;
    const perOp = new Map(b.counters?.perOp.map((c) => [c.event, c.perOp]) ?? []);
    if (b.error)
      return [b.name, `error (${b.error.kind})`, ...Array<string>(6 + events.length + (memory ? 1 : 0)).fill('')];
    const away = b.flags.includes('optimized-away');
    return [
      b.baseline ? `${b.name} (baseline)` : b.name,
      away ? awayCell(b) : formatNs(b.headline?.point),
      formatNs(e?.min),
      formatNs(e?.median),
      formatNs(e?.p99),
      formatNs(e?.mad),
      away ? '—' : formatOps(b.headline?.point),
      b.flags.join(', ') || '—',
      ...events.map((ev) => (perOp.has(ev) ? counterCell(perOp.get(ev) as number) : '—')),
      ...(memory ? [formatBytes(b.memory?.bytesPerOp)] : []),
    ];
  });
  return {
    kind: 'table',
    header: [
      'benchmark',
      'time/iter',
      'min',
      'median',
      'p99',
      'MAD',
      'ops/s',
      'flags',
      ...events.map((e) => `${e}/op`),
      ...(memory ? ['alloc/op'] : []),
    ],
    rows,
  };
}

export function markdownBlocks(doc: ResultDocument, opts: ReviewOptions = {}): Block[] {
  const groups = new Map<string, BenchmarkResult[]>();
  for (const b of doc.benchmarks)
    groups.set(b.group ?? '(no group)', [...(groups.get(b.group ?? '(no group)') ?? []), b]);
  const detail: Block[] = [{ kind: 'heading', text: 'Detailed estimates' }];
  for (const [name, list] of groups) detail.push({ kind: 'para', text: `Group: ${name}` }, groupTable(list));
  detail.push({
    kind: 'para',
    text:
      'Per-iteration statistics (min, median, p99, MAD) are over (batch time − ' +
      'intercept) / iterations; counters are per iteration.',
  });
  return [...reviewBlocks(doc, opts), ...tierBlocks(doc), ...detail];
}

export function renderMarkdown(doc: ResultDocument, opts: ReviewOptions = {}): string {
  return writeBlocks(markdownBlocks(doc, opts), 'markdown');
}
