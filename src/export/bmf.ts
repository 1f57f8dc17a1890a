// Bencher Metric Format (BMF): the JSON `bencher run --adapter json` reads (docs/ci.md, "Bencher").
// Per bencher.dev/docs/reference/bencher-metric-format: an object keyed by benchmark name (1 to 1024
// UTF-8 bytes), each an object keyed by measure slug or name (1 to 64 bytes), each a
// metric { value, lower_value?, upper_value? } of numbers. Bencher's built-in measures are
// `latency` (nanoseconds) and `throughput` (operations per second); any other slug creates a measure.
//
// What goes in (docs/ci.md, "What the exports carry"): per benchmark, `latency` (the headline and its
// interval), `throughput` (1e9 / latency, so the interval's ends swap), `instructions` (simulated
// per op), `allocated-bytes` (per op; bounds: the lowest and highest process), every other counter
// per op (`hw-<event>` measured, `sim-…` simulated), and for a paired run `ratio` (this tree / the
// other, with its interval). A benchmark that failed is left out: no number is better than a
// made-up one. A number that is not finite is never written (JSON has no NaN).
import { displayName } from '../compare/match.js';
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import type { StatResult } from '../stat/types.js';
import { type ExportSource, isPaired, isStat, type PairedLike, uniqueName, checkSource } from './source.js';

export interface BmfMetric {
  value: number;
  lower_value?: number;
  upper_value?: number;
}

/** Benchmark name → measure slug → metric. */
export type Bmf = Record<string, Record<string, BmfMetric>>;

const NS_PER_S = 1e9;
const NS_PER_MS = 1e6;

/** The metric, with each bound kept only when it is a finite number; null when the value is not. */
export function metric(value: number, low?: number | null, high?: number | null): BmfMetric | null {
  if (!Number.isFinite(value)) return null;
  const m: BmfMetric = { value };
  if (low !== undefined && low !== null && Number.isFinite(low)) m.lower_value = low;
  if (high !== undefined && high !== null && Number.isFinite(high)) m.upper_value = high;
  return m;
}

/** Operations per second from ns per op: the latency's upper bound gives the lower throughput bound. */
export function throughput(ns: number, nsLow: number, nsHigh: number): BmfMetric | null {
  if (!(ns > 0)) return null;
  // A latency bound at or below zero has no throughput; that end is left open.
  return metric(NS_PER_S / ns, nsHigh > 0 ? NS_PER_S / nsHigh : null, nsLow > 0 ? NS_PER_S / nsLow : null);
}

/** Measure slug of a counter event: simulated instructions are `instructions`, hardware ones `hw-…`. */
export function counterSlug(event: string): string {
  if (event === 'sim-instructions') return 'instructions';
  return (event.startsWith('sim-') ? event : `hw-${event}`).toLowerCase();
}

/**
 * Bencher refuses the whole file when one benchmark name is longer than 1024 UTF-8 bytes (its
 * BenchmarkName check, docs/ci.md "Bencher"). A longer name is cut at a character boundary and ends
 * in '…', leaving room for the count `uniqueName` may append when two cut names meet.
 */
export const MAX_NAME_BYTES = 1024;
const ROOM_FOR_COUNT = 16;

function cutName(name: string): string {
  const limit = MAX_NAME_BYTES - ROOM_FOR_COUNT - Buffer.byteLength('…');
  let bytes = 0;
  let cut = '';
  for (const ch of name) {
    bytes += Buffer.byteLength(ch);
    if (bytes > limit) break;
    cut += ch;
  }
  return `${cut}…`;
}

/** The entry's key: the name made unique, cut to Bencher's limit when it is longer. */
function keyOf(out: Bmf, name: string, where: string | null): string {
  const unique = uniqueName(out, name, where);
  return Buffer.byteLength(unique) <= MAX_NAME_BYTES ? unique : uniqueName(out, cutName(name), null);
}

function put(measures: Record<string, BmfMetric>, slug: string, m: BmfMetric | null): void {
  if (m) measures[slug] = m;
}

/** The measures of one benchmark of a result document (empty for one without figures). */
export function benchmarkMeasures(b: BenchmarkResult): Record<string, BmfMetric> {
  const measures: Record<string, BmfMetric> = {};
  // A benchmark whose work was optimized away has a time that is not a speed (the report shows no
  // ops/s for it): a tracker would chart the empty loop, so no latency or throughput is sent.
  const h = b.flags.includes('optimized-away') ? null : b.headline;
  if (h) {
    put(measures, 'latency', metric(h.point, h.ciLow, h.ciHigh));
    put(measures, 'throughput', throughput(h.point, h.ciLow, h.ciHigh));
  }
  // Counts per op of an optimized-away loop are the empty loop's too (task-clock is its time by
  // another name): none is sent. A count per op below zero is a fit's noise around nothing; it is
  // sent as 0, as the terminal shows it.
  const count = (x: number | undefined) => (x === undefined ? undefined : Math.max(0, x));
  if (!b.flags.includes('optimized-away'))
    for (const c of b.counters?.perOp ?? [])
      put(measures, counterSlug(c.event), metric(count(c.perOp)!, count(c.ciLow), count(c.ciHigh)));
  if (b.memory) put(measures, 'allocated-bytes', metric(b.memory.bytesPerOp, b.memory.min, b.memory.max));
  return measures;
}

function fromResults(doc: ResultDocument): Bmf {
  const out: Bmf = {};
  for (const b of doc.benchmarks) {
    if (b.error) continue;
    const measures = benchmarkMeasures(b);
    if (Object.keys(measures).length) out[keyOf(out, displayName(b), b.file)] = measures;
  }
  return out;
}

function fromPaired(doc: PairedLike): Bmf {
  const out: Bmf = {};
  for (const r of doc.rows) {
    const ratio = r.analysis?.ratio;
    if (r.error || !ratio) continue;
    const m = metric(ratio.point, ratio.ciLow, ratio.ciHigh);
    if (m) out[keyOf(out, displayName(r), null)] = { ratio: m };
  }
  return out;
}

/** Per command: `latency` from wall time (ns), every other metric under its own name, `ratio` against the first. */
function fromStat(result: StatResult): Bmf {
  const out: Bmf = {};
  result.commands.forEach((c, i) => {
    const measures: Record<string, BmfMetric> = {};
    const wall = c.metrics['wall-time'];
    if (wall)
      put(measures, 'latency', metric(wall.mean * NS_PER_MS, wall.ci95[0] * NS_PER_MS, wall.ci95[1] * NS_PER_MS));
    for (const [name, s] of Object.entries(c.metrics))
      if (name !== 'wall-time' && s) put(measures, name, metric(s.mean, s.ci95[0], s.ci95[1]));
    const vs = result.comparisons.find((x) => x.contender === i && x.baseline === 0 && x.metric === 'wall-time');
    if (vs?.ratio != null) put(measures, 'ratio', metric(vs.ratio, vs.ci95?.[0], vs.ci95?.[1]));
    if (c.runCount > 0 && Object.keys(measures).length) out[keyOf(out, c.command, `command ${i + 1}`)] = measures;
  });
  return out;
}

/**
 * The Bencher Metric Format of a result document (`run`), a paired run's document or outcome
 * (`run --against`), or a `stat` result.
 */
export function toBmf(source: ExportSource): Bmf {
  checkSource('toBmf', source);
  if (isStat(source)) return fromStat(source);
  if (isPaired(source)) return fromPaired(source);
  return fromResults(source);
}

/** The file text: the object, two-space indented, with a final newline. */
export function bmfText(source: ExportSource): string {
  return `${JSON.stringify(toBmf(source), null, 2)}\n`;
}
