// The CSV file (`--csv FILE`): one row per benchmark, a FIXED set of columns in a fixed
// order (a column never appears or disappears with the data, so scripts can rely on it),
// full-precision numbers in ns, RFC 4180 quoting and CRLF line ends.
import { COUNTER_EVENTS, SIMULATED_EVENT_NAMES } from '../platform/types.js';
import { csvField } from '../text/escape.js';
import { benchmarkLines } from './details.js';
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';

type Cell = string | number | boolean | null | undefined;

/** Fixed latency columns, whatever the document's ladder holds (src/analysis/defaults.ts LATENCY_QUANTILES). */
const LATENCY_RUNGS: readonly [string, number][] = [
  ['p50', 0.5],
  ['p90', 0.9],
  ['p99', 0.99],
  ['p99_9', 0.999],
  ['p99_99', 0.9999],
];

const COLUMNS: readonly [string, (b: BenchmarkResult) => Cell][] = [
  ['group', (b) => b.group],
  ['name', (b) => b.name],
  ['args', (b) => (Object.keys(b.args ?? {}).length ? JSON.stringify(b.args) : '')],
  ['baseline', (b) => b.baseline],
  ['file', (b) => b.file],
  ['statistic', (b) => b.headline?.statistic],
  ['point_ns', (b) => b.headline?.point],
  ['ci_low_ns', (b) => b.headline?.ciLow],
  ['ci_high_ns', (b) => b.headline?.ciHigh],
  ['confidence', (b) => b.headline?.confidence],
  ['ci_method', (b) => b.headline?.method],
  ['slope_ns', (b) => b.estimates?.slope],
  ['intercept_ns', (b) => b.estimates?.intercept],
  ['r2', (b) => b.estimates?.r2],
  ['min_ns', (b) => b.estimates?.min],
  ['median_ns', (b) => b.estimates?.median],
  ['mean_ns', (b) => b.estimates?.mean],
  ['p25_ns', (b) => b.estimates?.p25],
  ['p75_ns', (b) => b.estimates?.p75],
  ['p99_ns', (b) => b.estimates?.p99],
  ['mad_ns', (b) => b.estimates?.mad],
  ['stddev_ns', (b) => b.estimates?.stddev],
  ['between_process_cv', (b) => b.estimates?.betweenProcessCv],
  ['within_process_cv', (b) => b.estimates?.withinProcessCv],
  ['forks', (b) => b.forks.length],
  ['batches', (b) => b.forks.reduce((a, f) => a + f.batches.length, 0)],
  ['iterations', (b) => b.forks.reduce((a, f) => a + f.batches.reduce((s, x) => s + x.iterations, 0), 0)],
  // Counted under Valgrind (--counters simulate): sim_instructions_per_op, ….
  ...[...COUNTER_EVENTS, ...SIMULATED_EVENT_NAMES].map((ev): [string, (b: BenchmarkResult) => Cell] => [
    `${ev.replace(/-/g, '_')}_per_op`,
    (b) => b.counters?.perOp.find((c) => c.event === ev)?.perOp,
  ]),
  ['ipc', (b) => b.counters?.ipc],
  ['flags', (b) => b.flags.join(';')],
  ['warnings', (b) => benchmarkLines(b).warnings.join(' | ')],
  ['error', (b) => (b.error ? `${b.error.kind}: ${b.error.message}` : '')],
  // Latency mode (empty for benchmarks measured without it): per-call ns, overhead subtracted.
  ['latency_calls', (b) => b.latency?.count],
  ['latency_min_ns', (b) => b.latency?.min],
  ...LATENCY_RUNGS.map(([label, q]): [string, (b: BenchmarkResult) => Cell] => [
    `latency_${label}_ns`,
    (b) => b.latency?.ladder.find((r) => r.quantile === q)?.ns,
  ]),
  ['latency_max_ns', (b) => b.latency?.max],
  ['latency_mean_ns', (b) => b.latency?.mean],
  ['latency_overhead_ns', (b) => b.latency?.overheadNs],
  // Input distributions (.inputs()): pool size, and the size measure's median and p99.
  ['inputs_count', (b) => b.forks.find((f) => f.inputs)?.inputs?.count],
  ['inputs_size_of', (b) => b.forks.find((f) => f.inputs)?.inputs?.sizeOf],
  ['inputs_size_p50', (b) => b.forks.find((f) => f.inputs)?.inputs?.size?.p50],
  ['inputs_size_p99', (b) => b.forks.find((f) => f.inputs)?.inputs?.size?.p99],
  // Memory per operation (--memory): heap bytes allocated per call, median over processes.
  ['alloc_bytes_per_op', (b) => b.memory?.bytesPerOp],
];

export const CSV_COLUMNS: readonly string[] = COLUMNS.map(([name]) => name);

export function renderCsv(doc: ResultDocument): string {
  const lines = [
    CSV_COLUMNS.map(csvField).join(','),
    ...doc.benchmarks.map((b) => COLUMNS.map(([, get]) => csvField(get(b))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
