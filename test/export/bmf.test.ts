// The Bencher Metric Format export (src/export/bmf.ts) of synthetic documents: the schema written
// from Bencher's documentation, every number from the document, interval ends in their place.
import { describe, expect, it } from 'vitest';
import { toBmf, throughput } from '../../src/export/bmf.js';
import { errorsOf, validateBmf } from './schemas.js';
import { bench, pairedOutcome, runDocument, simulatedDocument, statResult } from './fixtures.js';
import { syntheticDocument } from '../helpers/synthetic-results.js';

function valid(x: unknown): void {
  expect(validateBmf(x), errorsOf(validateBmf)).toBe(true);
}

describe('BMF of a run', () => {
  const doc = runDocument();
  const bmf = toBmf(doc);

  it('validates against the schema from Bencher’s documentation', () => valid(bmf));

  it('keys each benchmark "group/name [args]" and leaves out the failed one and the one without figures', () => {
    expect(Object.keys(bmf)).toEqual(['good/sum 100', 'good/sum $n [n=200]']);
  });

  it('latency is the headline with its interval; throughput is 1e9 / latency with the ends swapped', () => {
    for (const b of doc.benchmarks.slice(0, 2)) {
      const h = b.headline!;
      const m = bmf[b.group === 'good' && b.args.n ? 'good/sum $n [n=200]' : 'good/sum 100'];
      expect(m.latency).toEqual({ value: h.point, lower_value: h.ciLow, upper_value: h.ciHigh });
      expect(m.throughput.value).toBeCloseTo(1e9 / h.point, 9);
      expect(m.throughput.lower_value).toBeCloseTo(1e9 / h.ciHigh, 9);
      expect(m.throughput.upper_value).toBeCloseTo(1e9 / h.ciLow, 9);
      expect(m.throughput.lower_value!).toBeLessThan(m.throughput.value);
      expect(m.throughput.upper_value!).toBeGreaterThan(m.throughput.value);
    }
  });

  it('counters per op and allocated bytes are their own measures', () => {
    const m = bmf['good/sum $n [n=200]'];
    expect(m['hw-instructions']).toEqual({ value: 812.5, lower_value: 810, upper_value: 815 });
    expect(m['hw-cycles']).toEqual({ value: 400.5 });
    expect(m['allocated-bytes']).toEqual({ value: 64, lower_value: 60, upper_value: 72 });
    expect(bmf['good/sum 100']['allocated-bytes']).toBeUndefined();
  });

  it('an optimized-away benchmark sends no latency or throughput (its time is not a speed), in BMF and for github-action-benchmark', async () => {
    const { toGithubBenchmark } = await import('../../src/export/github-benchmark.js');
    const away = runDocument();
    away.benchmarks[0]!.flags = [...away.benchmarks[0]!.flags, 'optimized-away'];
    const m = toBmf(away);
    valid(m);
    expect(Object.keys(m)).toEqual(['good/sum $n [n=200]']);
    const names = toGithubBenchmark(away).map((e: { name: string }) => e.name);
    expect(names).not.toContain('good/sum 100');
    expect(names).toContain('good/sum $n [n=200]');
    // Nor its counts per op: task-clock per op is the empty loop's time by another name.
    away.benchmarks[0]!.counters = { perOp: [{ event: 'task-clock', perOp: 0.11, ciLow: 0.1, ciHigh: 0.12 }] };
    expect(Object.keys(toBmf(away))).toEqual(['good/sum $n [n=200]']);
  });

  it('a count per op below zero (a fit around nothing) is sent as 0, as the terminal shows it', () => {
    const doc = runDocument();
    doc.benchmarks[0]!.counters = {
      perOp: [{ event: 'page-faults', perOp: -0.0021, ciLow: -0.009, ciHigh: 0.004 }],
    };
    expect(toBmf(doc)['good/sum 100']['hw-page-faults']).toEqual({ value: 0, lower_value: 0, upper_value: 0.004 });
  });

  it('simulated instructions are `instructions`, other simulated counts keep their event name', () => {
    const sim = toBmf(simulatedDocument());
    valid(sim);
    expect(sim).toEqual({ sim: { instructions: { value: 1234 }, 'sim-d1-misses': { value: 0.5 } } });
  });

  it('a latency bound at or below zero leaves that throughput end open; a non-finite figure is not written', () => {
    expect(throughput(10, 0, 20)).toEqual({ value: 1e8, lower_value: 5e7 });
    expect(throughput(0, 0, 1)).toBeNull();
    const odd = toBmf(
      syntheticDocument([{ ...bench('nan', 1), headline: { ...bench('nan', 1).headline!, point: NaN } }]),
    );
    expect(odd).toEqual({});
    valid(odd);
  });

  it('two benchmarks of one name in two files get two entries', () => {
    const two = toBmf(
      syntheticDocument([bench('x', 1, { file: 'a.bench.ts' }), bench('x', 2, { file: 'b.bench.ts' })]),
    );
    expect(Object.keys(two)).toEqual(['x', 'x (b.bench.ts)']);
    expect(two['x (b.bench.ts)'].latency.value).toBe(2);
  });

  it('a name over 1024 UTF-8 bytes is cut to fit Bencher’s limit, keeping names apart and numbers whole', () => {
    const long = 'é'.repeat(600);
    const bmf = toBmf(syntheticDocument([bench(`${long}a`, 1), bench(`${long}b`, 2), bench('short', 3)]));
    valid(bmf);
    const keys = Object.keys(bmf);
    expect(keys).toHaveLength(3);
    for (const k of keys) expect(Buffer.byteLength(k)).toBeLessThanOrEqual(1024);
    expect(keys[0]).toMatch(/^é+…$/);
    expect(keys[1]).toBe(`${keys[0]} #2`);
    expect(keys.map((k) => bmf[k].latency.value)).toEqual([1, 2, 3]);
    expect(keys[2]).toBe('short');
  });

  it('the schema can fail: a missing value, a NaN written as null, an unknown field', () => {
    expect(validateBmf({ a: { latency: { lower_value: 1 } } })).toBe(false);
    expect(validateBmf(JSON.parse(JSON.stringify({ a: { latency: { value: NaN } } })))).toBe(false);
    expect(validateBmf({ a: { latency: { value: 1, ci: 2 } } })).toBe(false);
    expect(validateBmf({ a: { ['m'.repeat(65)]: { value: 1 } } })).toBe(false);
  });

  it('the schema holds Bencher’s key rules: lengths in UTF-8 bytes, no space around a measure name', () => {
    expect(validateBmf({ ['é'.repeat(512)]: { latency: { value: 1 } } })).toBe(true);
    expect(validateBmf({ ['é'.repeat(513)]: { latency: { value: 1 } } })).toBe(false);
    expect(validateBmf({ a: { ['µ'.repeat(32)]: { value: 1 } } })).toBe(true);
    expect(validateBmf({ a: { ['µ'.repeat(33)]: { value: 1 } } })).toBe(false);
    expect(validateBmf({ a: { 'Final Bytes': { value: 1 } } })).toBe(true);
    expect(validateBmf({ a: { ' latency': { value: 1 } } })).toBe(false);
    expect(validateBmf({ a: { 'latency\n': { value: 1 } } })).toBe(false);
  });
});

describe('BMF of a paired run and of stat', () => {
  it('a paired run: the ratio this/other with its interval; failed and unmeasured rows left out', () => {
    const bmf = toBmf(pairedOutcome());
    valid(bmf);
    expect(bmf).toEqual({
      'g/faster one': { ratio: { value: 0.8, lower_value: 0.75, upper_value: 0.86 } },
      'g/same': { ratio: { value: 1.001, lower_value: 0.995, upper_value: 1.007 } },
    });
  });

  it('stat: wall time as latency in ns, every other metric under its name, the ratio against command 1', () => {
    const bmf = toBmf(statResult());
    valid(bmf);
    expect(bmf['node a.js'].latency).toEqual({ value: 50e6, lower_value: 48e6, upper_value: 52e6 });
    expect(bmf['node a.js']['max-rss']).toEqual({ value: 40_000, lower_value: 39_000, upper_value: 41_000 });
    expect(bmf['node a.js'].ratio).toBeUndefined();
    expect(bmf['node b.js'].ratio).toEqual({ value: 1.2, lower_value: 1.15, upper_value: 1.25 });
  });

  it('stat: a command with no successful run is left out; the same command twice gets two entries', () => {
    const r = statResult();
    r.commands[1] = { ...r.commands[0] };
    r.commands.push({ ...r.commands[0], runCount: 0 });
    expect(Object.keys(toBmf(r))).toEqual(['node a.js', 'node a.js (command 2)']);
  });
});
