// Every report path against extreme inputs: no output contains a share above 100 %, a negative
// bound on a time, count or size (or a relative half-width beyond ±100 %, which implies one), or
// advice beyond MAX_UNITS_ADVICE processes, runs or pairs a side (test/helpers/figure-checks.ts).
// Inputs (test/helpers/extreme-results.ts): costs near zero and of seconds per iteration, one
// process, processes 25× apart, per-iteration intervals that cross zero, collection pauses
// recorded longer than their batch, counters with zero instructions; stat runs of 1 µs and of
// hours, with zero page faults; paired runs whose pairs disagree by a factor of two.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeStatCommand } from '../../src/cli/commands/stat.js';
import { compareDocuments } from '../../src/compare/documents.js';
import { analysePairs, DEFAULT_LOOKS } from '../../src/paired/analysis.js';
import { newPairedDocument } from '../../src/paired/document.js';
import { renderPairedReport } from '../../src/paired/report.js';
import type { PairedOutcome } from '../../src/paired/run.js';
import { renderComparison } from '../../src/report/compare-render.js';
import { comparisonsFor } from '../../src/report/comparisons.js';
import { renderDistributions } from '../../src/report/distribution.js';
import { renderers } from '../../src/report/reporter.js';
import { renderSummary } from '../../src/report/summary.js';
import { latencyDetails } from '../../src/analysis/latency.js';
import { readResultFile } from '../../src/results/read.js';
import { extremeDocument } from '../helpers/extreme-results.js';
import { FIXTURE_DIR } from '../helpers/golden.js';
import { fakePlatform } from '../helpers/fake-stat-platform.js';
import { csvLowerBounds, figureProblems, jsonFigures } from '../helpers/figure-checks.js';

const dir = mkdtempSync(join(tmpdir(), 'cb-extreme-'));
const SEEDS = [1, 2, 3];

describe('the checks themselves', () => {
  it('find what they look for', () => {
    expect(figureProblems('GC 164.9 % of the time per operation', 'x')).toHaveLength(1);
    expect(figureProblems('cpu-migrations [-0.252, 0.652]', 'x')).toHaveLength(1);
    expect(figureProblems('10.2 ns ±343.7 %', 'x')).toHaveLength(1);
    expect(figureProblems('about 5351 processes would reach it', 'x')).toHaveLength(1);
    expect(figureProblems('about 20554 pairs would resolve ±1.0 %', 'x')).toHaveLength(1);
    expect(figureProblems('12 % of batches, ±3.2 %, [0, 4.1], about 40 processes a side', 'x')).toEqual([]);
    expect(jsonFigures({ headline: { ciLow: -1 }, gc: { share: 1.6 } })).toHaveLength(2);
    expect(csvLowerBounds('name,ci_low_ns,ci95_low\r\na,-2,1\r\nb,0,-0.5\r\n')).toHaveLength(2);
  });
});

describe('run reports of extreme results', () => {
  it.each(SEEDS)('seed %i: terminal, summary, distributions, text, Markdown, HTML, CSV, JSON', (seed) => {
    const doc = extremeDocument(seed);
    const opts = { comparisons: comparisonsFor(doc), complexity: true };
    const outputs: [string, string][] = [
      ['terminal', renderers.terminal.render(doc)],
      ['summary', renderSummary(doc, { columns: 120 })],
      ['distributions', renderDistributions(doc)],
      ['text', renderers.text.render(doc, opts)],
      ['markdown', renderers.markdown.render(doc, opts)],
      ['html', renderers.html.render(doc, opts)],
      ['csv', renderers.csv.render(doc, opts)],
    ];
    const problems = outputs.flatMap(([label, out]) => figureProblems(out, label));
    problems.push(...jsonFigures(JSON.parse(renderers.json.render(doc))).map((p) => `json: ${p}`));
    problems.push(...csvLowerBounds(renderers.csv.render(doc, opts)).map((p) => `csv: ${p}`));
    expect(problems).toEqual([]);
    // The inputs were as extreme as meant: clipped intervals, unreachable advice, pauses longer than batches.
    const all = outputs.map(([, out]) => out).join('\n');
    expect(doc.benchmarks.filter((b) => b.headline?.ciLow === 0).length).toBeGreaterThanOrEqual(3);
    expect(all).toContain('>±100%');
    expect(all).toContain('not reachable here');
    const gc = doc.benchmarks.find((b) => b.name === 'gc longer than batch')!;
    expect(gc.details?.find((d) => d.code === 'gc-amortized')?.values.share).toBe(1);
    expect(doc.benchmarks.find((b) => b.name === 'allocates nothing')!.memory?.min).toBe(0);
    const zero = doc.benchmarks.find((b) => b.name === 'zero instructions')!;
    expect(zero.counters?.perOp.find((c) => c.event === 'instructions')?.perOp).toBe(0);
  });
});

describe('latency ladders against a coarse, jittery clock', () => {
  it('terminal, text, Markdown, HTML: a step or jitter above p50 is not a share of it', () => {
    const doc = readResultFile(`${FIXTURE_DIR}latency-results.json`);
    for (const b of doc.benchmarks) {
      if (!b.latency) continue;
      const p50 = b.latency.ladder.find((r) => r.quantile === 0.5)!.ns;
      // Steps of 5× p50 and jitter of 3× p50: the clock cannot resolve these calls.
      b.latency = { ...b.latency, stepNs: 5 * p50, overheadJitterNs: 3 * p50, overheadNs: p50 / 4 };
      b.latency.details = latencyDetails(b.latency, []);
    }
    const opts = { comparisons: comparisonsFor(doc) };
    const outputs: [string, string][] = [
      ['terminal', renderers.terminal.render(doc)],
      ['text', renderers.text.render(doc, opts)],
      ['markdown', renderers.markdown.render(doc, opts)],
      ['html', renderers.html.render(doc, opts)],
    ];
    expect(outputs.flatMap(([label, out]) => figureProblems(out, label))).toEqual([]);
    expect(outputs[0]![1]).toMatch(/the clock's step \([^)]+\) is 5\.0× p50/);
    expect(outputs[0]![1]).toMatch(/timer's jitter \([^,]+, 3\.0× p50\)/);
  });
});

describe('compare of extreme results', () => {
  it.each(SEEDS)('seed %i: text (short and verbose), Markdown, JSON', (seed) => {
    const r = compareDocuments(extremeDocument(seed), extremeDocument(seed + 50, 1.3), {
      threshold: 0.01,
      confidence: 0.95,
      seed,
    });
    const problems = [
      ...figureProblems(renderComparison(r, 'text'), 'text'),
      ...figureProblems(renderComparison(r, 'text', { verbose: true }), 'verbose'),
      ...figureProblems(renderComparison(r, 'markdown'), 'markdown'),
      ...jsonFigures(JSON.parse(renderComparison(r, 'json'))).map((p) => `json: ${p}`),
    ];
    expect(problems).toEqual([]);
  });
});

describe('stat of extreme commands', () => {
  const runs: [string, (argv: string[], call: number) => { wallMs: number; pageFaults?: number }][] = [
    ['1 µs runs, zero faults', (_a, call) => ({ wallMs: 0.001 * (1 + (call % 3)), pageFaults: 0 })],
    ['hours-long runs that disagree', (_a, call) => ({ wallMs: 3.6e6 * (call % 2 ? 1 : 9), pageFaults: 1e7 })],
    ['A vs B, wildly apart', (argv, call) => ({ wallMs: argv[0] === 'a' ? 1 + call * 30 : 0.01, pageFaults: call })],
  ];
  it.each(runs)('%s: text, Markdown, CSV, JSON', async (label, script) => {
    let out = '';
    const io = { stdout: { write: (x: string) => (out += x) }, stderr: { write: () => undefined }, env: {}, cwd: dir };
    const cmd = makeStatCommand({
      platform: fakePlatform(script),
      environment: { fixture: true },
      excludeKernel: true,
    });
    const file = (ext: string) => join(dir, `${label.replace(/\W+/g, '-')}.${ext}`);
    const vs = label.startsWith('A vs B') ? ['--', 'a', '--vs', 'b'] : ['--', 'x'];
    await cmd(
      ['-r', '2', '--warmup', '0', '--markdown', file('md'), '--csv', file('csv'), '--json', file('json'), ...vs],
      io,
    );
    const problems = [
      ...figureProblems(out, 'text'),
      ...figureProblems(readFileSync(file('md'), 'utf8'), 'markdown'),
      ...figureProblems(readFileSync(file('csv'), 'utf8'), 'csv'),
      ...csvLowerBounds(readFileSync(file('csv'), 'utf8')).map((p) => `csv: ${p}`),
      ...jsonFigures(JSON.parse(readFileSync(file('json'), 'utf8'))).map((p) => `json: ${p}`),
    ];
    expect(problems).toEqual([]);
  });
});

describe('paired runs of extreme pairs', () => {
  const settings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
  const row = (name: string, ratios: number[]) => {
    const pairs = ratios.map((r, k) => ({ a: 100, b: 100 * r, aFirst: k % 2 === 0 }));
    return { name, group: null, args: {}, pairs, analysis: analysePairs(ratios.map(Math.log), settings) };
  };
  const outcome: PairedOutcome = {
    against: 'main',
    rows: [
      row('halves and doubles', [0.5, 2, 0.6, 1.9]),
      row('two pairs', [1.001, 1.4]),
      row('tiny and huge', [1e-6, 1e6, 1, 1]),
    ],
    onlyCurrent: [],
    onlyAgainst: [],
    loadErrors: [],
    interrupted: false,
    settings,
  };
  it('text, Markdown, HTML, CSV and the document', () => {
    const doc = newPairedDocument(outcome, ['cyclebench', 'run', '--against', 'main'], { fixture: true });
    const problems = (['text', 'markdown', 'html', 'csv'] as const).flatMap((f) =>
      figureProblems(renderPairedReport(doc, f), `paired ${f}`),
    );
    problems.push(...jsonFigures(JSON.parse(JSON.stringify(doc))).map((p) => `json: ${p}`));
    expect(problems).toEqual([]);
  });
});
