// cyclebench's `node:bench/reporters` (mapped by resolve-hooks.ts like `node:bench`) and the
// BenchmarksStream that `run()` returns under `cyclebench run`. Nothing is measured while the
// file loads (cyclebench measures every benchmark in fresh processes afterwards), so the stream
// ends without records: `for await (… of run())` loops zero times, and `run().compose(spec)`
// or `.compose(json)` writes nothing. The numbers are cyclebench's report; `--node-bench FILE`
// writes them in node:bench's NDJSON (src/export/node-bench-ndjson.ts), which `json` below
// writes for any record stream. docs/migration.md.
import { Readable } from 'node:stream';
import { recordLine, type NodeBenchRecord } from '../export/node-bench-ndjson.js';

/** The object-mode stream run() returns: no records while cyclebench collects the file. */
export function benchmarksStream(): Readable {
  return Readable.from([] as NodeBenchRecord[], { objectMode: true });
}

/** node:bench's json reporter: every record as one NDJSON line. */
export async function* json(source: AsyncIterable<NodeBenchRecord>): AsyncGenerator<string> {
  for await (const record of source) yield recordLine(record);
}

/**
 * node:bench's spec reporter: one row per completed benchmark (samples, mean rate, its 95 %
 * interval, median rate); a header only once there is a row to show.
 */
export async function* spec(source: AsyncIterable<NodeBenchRecord>): AsyncGenerator<string> {
  let header = false;
  for await (const { type, data } of source) {
    if (type !== 'bench:complete') continue;
    if (!header) yield 'benchmark | samples | mean rate | 95% CI | median rate | warning\n';
    header = true;
    const s = (data.summary ?? {}) as {
      mean?: number;
      median?: number;
      confidenceInterval?: { lower: number; upper: number };
    };
    const n = Array.isArray(data.samples) ? data.samples.length : 0;
    const ci = s.confidenceInterval ? `${s.confidenceInterval.lower}..${s.confidenceInterval.upper}` : '-';
    yield `${String(data.name)} | ${n} | ${s.mean ?? '-'} | ${ci} | ${s.median ?? '-'} | ${data.error ? 'failed' : ''}\n`;
  }
}

export default { json, spec };
