// Latency mode and input distributions in every report: the per-call ladder (p50 … p99.99,
// max) with the analysis's notes on the timer, and the inputs a benchmark drew from. Only
// formats what the document holds (habit 7); sections appear only when there is
// something to show, so documents without latency or inputs render as before.
import type { BenchmarkResult, InputSummary, ResultDocument } from '../results/schema.js';
import type { Block } from './blocks.js';
import { formatNs, sig, table } from './format.js';
import { latencyNotes } from './details.js';
import { spacedName } from './samples.js';

const withLatency = (doc: ResultDocument): BenchmarkResult[] => doc.benchmarks.filter((b) => !b.error && b.latency);

function ladderHeader(doc: ResultDocument): string[] {
  const labels = withLatency(doc)[0]?.latency?.ladder.map((r) => r.label) ?? [];
  return ['benchmark', 'calls', 'min', ...labels, 'max', 'mean', 'overhead'];
}

function ladderRow(b: BenchmarkResult, name: string): string[] {
  const l = b.latency!;
  return [
    name,
    String(l.count),
    formatNs(l.min),
    ...l.ladder.map((r) => formatNs(r.ns)),
    formatNs(l.max),
    formatNs(l.mean),
    formatNs(l.overheadNs),
  ];
}

export const LATENCY_METHOD =
  'Latency mode: after warmup and the batches above, each call was timed on its ' +
  'own (clock read before and after every call), up to a call limit or the time ' +
  'budget. The timer overhead, calibrated in the same process on empty calls ' +
  'through the same loop, is subtracted from every call (values below it count as ' +
  '0). Percentiles are pooled over processes from HdrHistograms (3 significant ' +
  'digits); each is the upper edge of its bucket.';

/** The terminal section printed after the tables (no trailing newline); empty without latency results. */
export function renderLatency(doc: ResultDocument): string {
  const list = withLatency(doc);
  if (list.length === 0) return '';
  const rows = list.map((b) => ladderRow(b, b.baseline ? `${b.name} (baseline)` : b.name));
  const notes = list.flatMap((b) => latencyNotes(b).map((n) => `latency: ${b.name}: ${n}`));
  return [
    `\nLatency per call (timer overhead subtracted, pooled over processes):`,
    table(ladderHeader(doc), rows),
    ...notes,
  ].join('\n');
}

/** The honest report's latency section (method, ladder, notes); empty without latency results. */
export function latencyBlocks(doc: ResultDocument): Block[] {
  const list = withLatency(doc);
  if (list.length === 0) return [];
  return [
    { kind: 'para', text: LATENCY_METHOD },
    { kind: 'table', header: ladderHeader(doc), rows: list.map((b) => ladderRow(b, spacedName(b))) },
    { kind: 'list', items: list.flatMap((b) => latencyNotes(b).map((n) => `${spacedName(b)}: ${n}`)) },
  ];
}

const SIZE_WORD: Record<NonNullable<InputSummary['sizeOf']>, string> = {
  value: 'value',
  byteLength: 'bytes',
  length: 'length',
};

function sizeValue(x: number, how: NonNullable<InputSummary['sizeOf']>): string {
  if (how !== 'byteLength') return String(Number(sig(x, 4)));
  if (x >= 1024 * 1024) return `${sig(x / (1024 * 1024), 3)} MiB`;
  if (x >= 1024) return `${sig(x / 1024, 3)} KiB`;
  return `${Math.round(x)} B`;
}

/** "4096 inputs (generator, number); value min 1, p50 …, p99 …, max …, mean …". */
export function describeInputs(s: InputSummary): string {
  const head = `${s.count} input${s.count === 1 ? '' : 's'} (${s.source}, ${s.type})`;
  if (!s.sizeOf || !s.size) return `${head}; no common size to summarise`;
  const how = s.sizeOf;
  const z = s.size;
  return (
    `${head}; ${SIZE_WORD[how]} min ${sizeValue(z.min, how)}, ` +
    `p50 ${sizeValue(z.p50, how)}, p99 ${sizeValue(z.p99, how)}, ` +
    `max ${sizeValue(z.max, how)}, mean ${sizeValue(z.mean, how)}`
  );
}

/** The workload section's lines on input distributions; empty when no benchmark drew inputs. */
export function inputBlocks(doc: ResultDocument): Block[] {
  const items = doc.benchmarks.flatMap((b) => {
    const s = b.forks.find((f) => f.inputs)?.inputs;
    return s ? [`${spacedName(b)}: ${describeInputs(s)}`] : [];
  });
  if (items.length === 0) return [];
  return [
    {
      kind: 'para',
      text:
        'Inputs drawn per iteration (.inputs()): generated before timing into a pool ' +
        'that every fork builds alike (seeded), then passed to the kernel one per call ' +
        'in turn, cycling through the pool:',
    },
    { kind: 'list', items },
  ];
}
