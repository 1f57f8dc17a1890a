// Memory per operation (memory: true): heap bytes allocated per call, read after the timed
// batches with what garbage collection freed added back. Real allocation, no timing asserted.
import { beforeEach, describe, expect, it } from 'vitest';
import { bench, run } from '../../src/index.js';
import { resetRegistry } from '../../src/api/registry.js';
import { parseResultDocument } from '../../src/results/read.js';
import { renderCsv } from '../../src/report/csv.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { AllocationMeter } from '../../src/engine/heap-allocated.js';
import { createJsPlatform } from '../../src/platform/js.js';

const tiny = { warmupBudgetNs: 20e6, warmupMinNs: 5e6, timeBudgetNs: 40e6, targetLargestBatchNs: 1e6, print: false };

beforeEach(() => resetRegistry());

describe('memory per operation', () => {
  it('a kernel that allocates one 1,000-element array reports about its size per call', async () => {
    bench('array', () => () => new Array(1000).fill(0));
    bench('no allocation', () => () => 1);
    const result = await run({ ...tiny, memory: true, platform: createJsPlatform('test') });
    const [array, none] = result.benchmarks;
    // The array is 1,000 8-byte slots (8,000 B: Node's V8 has no pointer compression) plus a
    // 16-byte FixedArray header and a 32-byte JSArray: 8,048 B. Measured 8,055–8,062 B; the
    // band allows 3 % above for allocation the loop's feedback or a GC's bookkeeping adds and
    // nothing below the 8,000 B of elements (less would mean allocations were missed: a
    // collection not added back, or the array optimized away).
    expect(array.memory?.bytesPerOp).toBeGreaterThanOrEqual(8000);
    expect(array.memory?.bytesPerOp).toBeLessThanOrEqual(8048 * 1.03);
    expect(none.memory?.bytesPerOp).toBeLessThan(8);
    expect(array.forks[0].memory?.batches.length).toBeGreaterThanOrEqual(10);
    // The JSON carries it and passes the schema; the table and the CSV show it.
    const doc = parseResultDocument(JSON.parse(JSON.stringify(result.document)));
    expect(doc.benchmarks[0].memory?.bytesPerOp).toBe(array.memory?.bytesPerOp);
    expect(renderTerminal(result.document!)).toMatch(/alloc\/op[\s\S]*(7\.[89]\d|8\.0\d) KiB/);
    expect(renderCsv(result.document!)).toMatch(/alloc_bytes_per_op/);
    expect(renderMarkdown(result.document!)).toMatch(/alloc\/op[\s\S]*(7\.[89]\d|8\.0\d) KiB/);
  });

  it('adds back what garbage collections freed: 160 MB of arrays read right across many collections', () => {
    const meter = new AllocationMeter();
    const keep: number[][] = [];
    meter.start();
    for (let i = 0; i < 20_000; i++) keep[i & 7] = new Array(1000).fill(0);
    const reading = meter.stop();
    // 20,000 × 8 KB cannot fit the young generation (16–64 MB): it was collected many times.
    expect(reading.collections).toBeGreaterThan(1);
    // Without the freed bytes added back the reading would be a small fraction of this.
    expect(reading.bytes / 20_000).toBeGreaterThanOrEqual(8000);
    // Seen per array: up to 8,195 bytes on Node 20, 24 and 26, up to 8,321 on Node 22 (docs/node-versions.md).
    expect(reading.bytes / 20_000).toBeLessThanOrEqual(8048 * 1.04);
    expect(keep.length).toBe(8);
  });

  it('is not measured, nor shown, unless asked for', async () => {
    bench('array', () => () => new Array(10).fill(0));
    const result = await run({ ...tiny, platform: createJsPlatform('test') });
    expect(result.benchmarks[0].memory).toBeUndefined();
    expect(renderTerminal(result.document!)).not.toMatch(/alloc\/op/);
  });

  it('does not count fresh inputs made by .setupEach(), only what the kernel allocates', async () => {
    bench('sum fresh', () => (a: number[]) => a.reduce((s, x) => s + x, 0)).setupEach(() =>
      Array.from({ length: 1000 }, (_, i) => i),
    );
    const result = await run({ ...tiny, memory: true, platform: createJsPlatform('test') });
    expect(result.benchmarks[0].error).toBeUndefined();
    expect(result.benchmarks[0].memory?.bytesPerOp).toBeLessThan(64);
  });
});
