// `cyclebench run --latency / --report / --hypothesis` and `.inputs()` end to end: real
// worker processes on a fixture. Structure only, never speed.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeFromCompressedBase64 } from 'hdr-histogram-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Ran, spawnCli } from '../helpers/cli-process.js';

const FILE = join(__dirname, '../fixtures/cli/latency.bench.ts');
const QUICK = ['--forks', '1', '--time', '0.1', '--verbose', '--no-pin'];

const cli = (args: string[]) => spawnCli(args);

describe('cyclebench run --latency', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cb-lat-'));
  const out = join(dir, 'out.json');
  const hypothesis = 'a 64-element sum stays under 1 µs at p99';
  let r: Ran;
  beforeAll(async () => {
    r = await cli(['run', FILE, ...QUICK, '--latency', '--hypothesis', hypothesis, '--json', out]);
  });

  it('times every call of every benchmark and stores a compact histogram per fork', async () => {
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.status).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc.options).toMatchObject({ latency: true, hypothesis });
    expect(doc.benchmarks).toHaveLength(2);
    for (const b of doc.benchmarks) {
      expect(b.headline.point).toBeGreaterThan(0); // batches still give the headline
      const rec = b.forks[0].latency;
      expect(rec.calls).toBeGreaterThan(0);
      expect(rec.calls).toBeLessThanOrEqual(1_000_000);
      expect(['calls', 'time-budget']).toContain(rec.stop);
      expect(rec.overheadTicks).toBeGreaterThanOrEqual(0);
      expect(rec.tickNs).toBeGreaterThan(0);
      expect(decodeFromCompressedBase64(rec.histogram).totalCount).toBe(rec.calls);
      expect(b.latency.count).toBe(rec.calls);
      expect(b.latency.ladder.map((x: { label: string }) => x.label)).toEqual(['p50', 'p90', 'p99', 'p99.9', 'p99.99']);
      const values = [b.latency.min, ...b.latency.ladder.map((x: { ns: number }) => x.ns), b.latency.max];
      expect([...values].sort((x, y) => x - y)).toEqual(values); // a ladder never goes down
      expect(b.latency.notes[0]).toMatch(/^timer overhead .* subtracted from every call/);
    }
    expect(JSON.stringify(doc).length).toBeLessThan(2_000_000); // no per-call arrays in the file
  });

  it('records the input distribution of a benchmark with .inputs()', async () => {
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    const b = doc.benchmarks.find((x: { name: string }) => x.name === 'checksum payload');
    // type-7 p99 of 16, 64, 256, 1024, 4096: 1024 + 0.96 × (4096 − 1024) = 3973.12
    expect(b.forks[0].inputs).toEqual({
      count: 5,
      source: 'array',
      type: 'object',
      sizeOf: 'byteLength',
      size: { min: 16, p50: 256, p99: 3973.12, max: 4096, mean: 1091.2 },
    });
  });

  it('prints the ladder after the table, then the honest report with the hypothesis (--hypothesis implies --report)', async () => {
    const table = r.stdout.indexOf('■ lat');
    const ladder = r.stdout.indexOf('Latency per call');
    const report = r.stdout.indexOf('Benchmark report: lat');
    expect([table >= 0, ladder > table, report > ladder]).toEqual([true, true, true]);
    expect(r.stdout).toContain(`Hypothesis: ${hypothesis}`);
    expect(r.stdout).toContain('Latency (per call)');
    expect(r.stdout).toContain('lat / checksum payload: 5 inputs (array, object); bytes min 16 B, p50 256 B');
    expect(r.stdout).toMatch(/cyclebench run .*latency\.bench\.ts .*--latency --hypothesis 'a 64-element sum/);
  });

  it('cyclebench report shows the hypothesis recorded by run', async () => {
    const rep = await cli(['report', out]);
    expect(rep.status).toBe(0);
    expect(rep.stdout).toContain(`Hypothesis: ${hypothesis}`);
    expect(rep.stdout).toContain('Latency (per call)');
  });
});

describe('cyclebench run without --latency', () => {
  it('runs latency mode only for benchmarks marked .latency(); --report prints the report', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'cb-lat-')), 'out.json');
    const r = await cli(['run', FILE, ...QUICK, '--report', '--json', out]);
    expect(r.status).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    const by = (n: string) => doc.benchmarks.find((b: { name: string }) => b.name === n);
    expect(by('sum 64').latency.count).toBeGreaterThan(0);
    expect(by('checksum payload').latency).toBeUndefined();
    expect(by('checksum payload').forks[0].latency).toBeUndefined();
    expect(doc.options.latency).toBeUndefined();
    expect(r.stdout).toContain('Hypothesis: none stated');
  });

  it('rejects an empty --hypothesis (exit 2)', async () => {
    const r = await cli(['run', FILE, '--hypothesis', ' ']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--hypothesis is empty');
  });
});
