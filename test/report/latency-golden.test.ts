// Latency mode and input distributions in every report format, against a fixed results
// file (test/fixtures/report/latency-results.json, from make-latency-results.ts). Goldens:
// test/fixtures/report/latency.*; UPDATE_GOLDEN=1 regenerates them. The main fixture
// (results.json, no latency, no inputs) stands for an older file: it still loads and its
// reports carry no latency section.
import { describe, expect, it } from 'vitest';
import { renderers } from '../../src/report/reporter.js';
import { readResultFile } from '../../src/results/read.js';
import { expectGolden, FIXTURE_DIR, fixtureDoc } from '../helpers/golden.js';

const doc = readResultFile(`${FIXTURE_DIR}latency-results.json`);
const opts = { hypothesis: 'JSON.parse of production-sized payloads stays under 20 µs at p99.9', comparisons: [] };

describe('latency goldens', () => {
  it('terminal: the ladder after the tables, with the notes on the timer', () => {
    expectGolden('latency.golden.txt', renderers.terminal.render(doc));
  });
  it('honest report: inputs under Workload, a Latency section after Result', () => {
    expectGolden('latency-review.golden.txt', renderers.text.render(doc, opts));
  });
  it('markdown', () => {
    expectGolden('latency.golden.md', renderers.markdown.render(doc, opts));
  });
  it('csv: fixed latency and input columns', () => {
    expectGolden('latency.golden.csv', renderers.csv.render(doc, opts));
  });
  it('html carries the ladder (through the honest report blocks)', () => {
    const html = renderers.html.render(doc, opts);
    expect(html).toContain('<h2>Latency (per call)</h2>');
    expect(html).toContain('<th>p99.99</th>');
    expect(html).toContain('4096 inputs (generator, object); bytes min');
  });
});

describe('a results file without latency or inputs (older files)', () => {
  const old = fixtureDoc();
  it('loads, and no report shows a latency section or input lines', () => {
    expect(
      old.benchmarks.every(
        (b) => b.latency === undefined && b.forks.every((f) => f.latency === undefined && f.inputs === undefined),
      ),
    ).toBe(true);
    for (const format of ['terminal', 'text', 'markdown', 'html'] as const) {
      const out = renderers[format].render(old, {});
      expect(out).not.toMatch(/Latency per call|Latency \(per call\)|Inputs drawn per iteration/);
    }
    const csv = renderers.csv.render(old).split('\r\n');
    expect(csv[0]).toContain('latency_p99_99_ns');
    expect(csv[1].endsWith(',,,,,,,,,,,,,')).toBe(true); // 10 latency + 4 input columns, all empty
  });
});
