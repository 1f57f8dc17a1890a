import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READABLE_SCHEMA_VERSIONS, ResultFileError, readResultFile } from '../../src/results/read.js';
import { SCHEMA_VERSION } from '../../src/results/schema.js';
import { syntheticBenchmark, syntheticDocument, syntheticForks } from '../helpers/synthetic-results.js';

const dir = mkdtempSync(join(tmpdir(), 'cb-read-'));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe('reading result files', () => {
  it('reads a current document', () => {
    const p = file(
      'ok.json',
      JSON.stringify({ schemaVersion: SCHEMA_VERSION, tool: { name: 'cyclebench', version: '0' }, benchmarks: [] }),
    );
    expect(readResultFile(p).benchmarks).toEqual([]);
    expect(READABLE_SCHEMA_VERSIONS).toContain(SCHEMA_VERSION);
  });

  it("a version-4 file's slowState reads as hostState, the factor kept", () => {
    const forks = syntheticForks(3, 3, { cost: 100 });
    const d = syntheticDocument([syntheticBenchmark('b', forks)]);
    const old = JSON.parse(JSON.stringify({ ...d, schemaVersion: 4 })) as { benchmarks: { forks: object[] }[] };
    old.benchmarks[0].forks[1] = { ...old.benchmarks[0].forks[1], slowState: 0.8 };
    const read = readResultFile(file('v4.json', JSON.stringify(old)));
    expect(read.benchmarks[0].forks.map((f) => f.hostState)).toEqual([undefined, 0.8, undefined]);
    expect(read.benchmarks[0].forks[1]).not.toHaveProperty('slowState');
  });

  it('gives one clear line for each kind of bad file', () => {
    expect(() => readResultFile(join(dir, 'missing.json'))).toThrow(/missing\.json: no such file/);
    expect(() => readResultFile(file('bad.json', '{nope'))).toThrow(/not valid JSON/);
    expect(() => readResultFile(file('arr.json', '[]'))).toThrow(/not a cyclebench result document/);
    expect(() => readResultFile(file('other.json', '{"schemaVersion":1,"tool":{"name":"x"}}'))).toThrow(
      /not a cyclebench result document/,
    );
    expect(() =>
      readResultFile(file('future.json', '{"schemaVersion":99,"tool":{"name":"cyclebench"},"benchmarks":[]}')),
    ).toThrow(/schema version 99 is not supported \(written by a newer cyclebench/);
    expect(() =>
      readResultFile(file('nob.json', `{"schemaVersion":${SCHEMA_VERSION},"tool":{"name":"cyclebench"}}`)),
    ).toThrow(ResultFileError);
  });
});

describe('malformed documents are refused in one line (adversarial cases)', () => {
  const head = { schemaVersion: SCHEMA_VERSION, tool: { name: 'cyclebench', version: '0' } };
  it('compare/report on a valid header with a malformed body (benchmarks: [null, 3, "x"])', () => {
    const p = file('body.json', JSON.stringify({ ...head, benchmarks: [null, 3, 'x'] }));
    expect(() => readResultFile(p)).toThrow(/body\.json: malformed result document: benchmarks\[0\] must be object$/);
  });
  it('a benchmark whose headline is not numbers', () => {
    const b = { name: 'a', forks: [], flags: [], headline: { statistic: 'slope', point: 'x', ciLow: 1, ciHigh: 2 } };
    const p = file('headline.json', JSON.stringify({ ...head, benchmarks: [b] }));
    expect(() => readResultFile(p)).toThrow(/benchmarks\[0\]\.headline/);
  });
  it('a stat file given to compare says what it is', () => {
    const p = file('stat.json', JSON.stringify({ schema: 'cyclebench-stat/1', command: 'true', metrics: {} }));
    expect(() => readResultFile(p)).toThrow(/cyclebench stat --json` file, not a run result/);
  });
});
