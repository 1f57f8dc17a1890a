// node:bench's NDJSON: cyclebench reads what `node --bench --bench-reporter=json` wrote (Node
// 26.12.1, three runs of one file concatenated: test/fixtures/compat/node-bench/three-runs.ndjson),
// writes a run's document in the same format, and reads its own output back to the same numbers.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isNodeBenchNdjson, nodeBenchDocument } from '../../src/analysis/node-bench-read.js';
import { nodeBenchRecords, nodeBenchText, recordLine, summarizeRates } from '../../src/export/node-bench-ndjson.js';
import { readResultFile } from '../../src/results/read.js';
import { spawnCli } from '../helpers/cli-process.js';
import { fixture } from '../helpers/compat.js';

const NODE_OUTPUT = readFileSync(fixture('compat/node-bench/three-runs.ndjson'), 'utf8');
const records = NODE_OUTPUT.trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { type: string; data: Record<string, any> });
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-nodebench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("reading node:bench's NDJSON", () => {
  it('makes one benchmark per benchId and one process per run, analysed as manual samples', () => {
    expect(isNodeBenchNdjson(NODE_OUTPUT)).toBe(true);
    expect(isNodeBenchNdjson('{"tool":{"name":"cyclebench"}}')).toBe(false);
    const doc = nodeBenchDocument(NODE_OUTPUT);
    expect(doc.benchmarks.map((b) => [b.group, b.name, b.args])).toEqual([
      ['math', 'sqrt [n=1000]', { n: 1000 }],
      ['math', 'recorded', {}],
    ]);
    const [sqrt, recorded] = doc.benchmarks;
    expect(sqrt.forks).toHaveLength(3);
    const completes = records.filter((r) => r.type === 'bench:complete' && r.data.name === 'sqrt');
    // Each process's batches are that run's samples, exactly.
    sqrt.forks.forEach((f, i) =>
      expect(f.batches.map((b) => [b.iterations, b.ns])).toEqual(
        completes[i].data.samples.map((s: any) => [s.operations, Number(s.duration_ns)]),
      ),
    );
    expect(sqrt.headline!.statistic).toBe('mean');
    // record({ operations: 10, duration_ns: 5000n }) every time: 500 ns an operation, exactly.
    expect(recorded.headline!.point).toBe(500);
    expect(recorded.headline!.ciHigh).toBe(500);
  });

  it('is what compare reads from a file; a broken line is one line naming it', () => {
    const good = join(dir, 'node.ndjson');
    writeFileSync(good, NODE_OUTPUT);
    expect(readResultFile(good).benchmarks).toHaveLength(2);
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(bad, `${NODE_OUTPUT.split('\n')[0]}\n{oops\n`);
    expect(() => readResultFile(bad)).toThrow(`${bad}: node:bench NDJSON: line 2 is not JSON`);
  });
});

describe("writing node:bench's NDJSON", () => {
  it('summarises rates as node:bench does (mean, median, min, max, population stddev, CV, t interval)', () => {
    for (const r of records.filter((x) => x.type === 'bench:complete')) {
      const mine = summarizeRates(r.data.samples.map((s: any) => s.rate)) as Record<string, any>;
      const theirs = r.data.summary;
      for (const k of ['mean', 'median', 'min', 'max', 'stddev', 'coefficientOfVariation'])
        expect(mine[k]).toBeCloseTo(theirs[k], 6);
      // Node computes the interval from a 5-figure histogram of the rates: equal to ~1e-4 of the mean.
      for (const k of ['lower', 'upper'])
        expect(Math.abs(mine.confidenceInterval[k] - theirs.confidenceInterval[k])).toBeLessThan(1e-4 * theirs.mean);
    }
  });

  it('writes records node:bench readers take, and reads back to the same headlines', () => {
    const doc = nodeBenchDocument(NODE_OUTPUT);
    const out = nodeBenchRecords(doc);
    expect(out.map((r) => r.type)).toEqual([
      ...['sqrt', 'recorded'].flatMap((_, b) =>
        [0, 1, 2].flatMap(() => [
          'bench:start',
          ...Array.from({ length: b === 0 ? 5 : 4 }, () => 'bench:sample'),
          'bench:complete',
        ]),
      ),
      'bench:summary',
    ]);
    const text = nodeBenchText(doc);
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .every((l) => JSON.parse(l).type.startsWith('bench:')),
    ).toBe(true);
    // BigInt durations as decimal strings, as node:bench's json reporter writes them.
    expect(text).toMatch(/"duration_ns":"\d+"/);
    const back = nodeBenchDocument(text);
    expect(back.benchmarks.map((b) => [b.group, b.name, b.headline!.point])).toEqual(
      doc.benchmarks.map((b) => [b.group, b.name, b.headline!.point]),
    );
  });

  it("an optimized-away benchmark's time is written as no headline, with its flag", () => {
    const doc = nodeBenchDocument(NODE_OUTPUT);
    doc.benchmarks[0].flags.push('optimized-away');
    const complete = nodeBenchRecords(doc).filter((r) => r.type === 'bench:complete');
    const data = (r: (typeof complete)[number]) => r.data as { cyclebench: { headline: unknown; flags?: string[] } };
    expect(data(complete[0]).cyclebench).toMatchObject({ headline: null, flags: ['optimized-away'] });
    expect(data(complete.at(-1)!).cyclebench.headline).not.toBeNull();
  });

  it('encodes bigint, non-finite numbers and errors as node:bench does', () => {
    const line = recordLine({ type: 'bench:x', data: { d: 12n, n: NaN, e: new RangeError('bad') } });
    const parsed = JSON.parse(line);
    expect(parsed.data.d).toBe('12');
    expect(parsed.data.n).toBeNull();
    expect(parsed.data.e).toMatchObject({ name: 'RangeError', message: 'bad' });
  });
});

describe('run --node-bench FILE', () => {
  it('names a file: - is a usage error before anything runs, and a paired run refuses it', async () => {
    const file = fixture('compat/node-bench/url.bench.mjs');
    const dash = await spawnCli(['run', file, '--node-bench', '-']);
    expect([dash.status, dash.stderr.split('\n')[0]]).toEqual([
      2,
      'cyclebench run: --node-bench writes a file: name one (- is not standard output here)',
    ]);
    const paired = await spawnCli(['run', file, '--against-flags=--jitless', '--node-bench', join(dir, 'p.ndjson')]);
    expect(paired.status).toBe(2);
    expect(paired.stderr).toMatch(/--node-bench is not available with --against/);
  });
});
