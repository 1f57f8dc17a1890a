// A benchmark's details are data (codes and values) made by the analysis; every line a reader
// sees is made from them by src/report/details.ts. Each code has its words, a document carries
// both the details and their words, and a file written before the details keeps its own lines.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { resultFromAnalysis } from '../../src/analysis/result.js';
import { benchmarkLines, detailText, DETAIL_TEXT, explainedFlags, wordDetails } from '../../src/report/details.js';
import { caveats } from '../../src/report/caveats.js';
import { presentRun } from '../../src/report/present.js';
import { parseResultDocument } from '../../src/results/read.js';
import { newDocument } from '../../src/results/document.js';
import { DETAIL_CODES, type BenchmarkResult, type DetailCode, type DetailValue } from '../../src/results/schema.js';
import { makeFork } from '../helpers/synthetic-forks.js';
import { fixtureDoc } from '../helpers/golden.js';

/** One realistic set of values per code: a code added without an example (or without words) fails here. */
const EXAMPLES: Record<DetailCode, Record<string, DetailValue>> = {
  'invalid-batches': { process: 2, batches: 3 },
  'process-left-out': { process: 1 },
  'no-slope': { process: 0 },
  'slope-fallback': { statistic: 'mean' },
  'bootstrap-skipped': { rejected: 4, resamples: 1000, statistic: 'slope' },
  'optimized-away': { ns: 0.1, cycleNs: 0.5, cycleKnown: false, floorNs: null, kind: 'below-cycle' },
  'estimates-disagree': {
    direction: 'above',
    headlineNs: 1460,
    ciLowNs: 1300,
    ciHighNs: 4740,
    batchMedianNs: 1063,
    cpuPerOpNs: 1020,
    latencyMedianNs: null,
    tolerance: 0.1,
    gcShare: 0.05,
  },
  'allocation-dropped': { bytesPerOp: 16, floorBytes: 24, by: 'sunk', processes: 2, of: 3 },
  'inputs-changed': { changed: 3, checked: 8, processes: 2, of: 3 },
  'low-r2': { threshold: 0.9, of: 3, processes: [0, 2], r2: [0.51, 0.8] },
  'warmup-not-steady': { processes: 1, of: 3 },
  'target-ci-not-reached': { halfWidth: 0.04, target: 0.01, stops: ['budget'], cv: 0.05, needed: 12 },
  'slow-mode': { share: 0.1, ashmanD: 3.2 },
  multimodal: { ashmanD: 3.5, share: 0.3, bimodality: 0.7 },
  skewed: { skewness: 4.2 },
  outliers: { mild: 3, severe: 1, total: 40 },
  contamination: { kind: 'gc-during-batches', batches: 8, of: 40, statistic: 'slope', cleanNs: 10.2, change: 0.03 },
  'contamination-within-ci': { kinds: ['migrations'], shares: [0.1], changes: [null] },
  'gc-amortized': { batches: 12, of: 120, share: 0.03 },
  'negative-hidden': { statistics: ['min', 'p25'] },
  preempted: {
    preempted: 12,
    total: 40,
    involuntarySwitch: 10,
    migration: 2,
    offCpu: 0,
    unreplaced: 0,
    planned: 28,
    contended: false,
  },
  'slow-processes': { slow: 1, of: 4, factors: [1.8], leftOut: true },
  'processes-missing': { measured: 1, planned: 2 },
  'odd-process': { process: 4, factor: 1.47, spread: 0.041, of: 6, yardstick: 1.03 },
  'processes-added': { planned: 3, processes: 6, halfWidth: 0.12, above: 0.1 },
  'counter-negative': { event: 'task-clock', perOp: -3.2 },
  layout: {
    processes: 3,
    layouts: 3,
    paddingBytes: [0, 2048],
    spread: 0.06,
    betweenCv: 0.03,
    withinCv: 0.01,
    layoutCv: 0.028,
  },
  'simulated-wall-time': {},
  'not-simulated': {},
  simulated: { valgrind: 'valgrind-3.22', tiers: ['turbofan'], caches: null },
  'not-optimized': { tier: 'baseline' },
  'simulation-unsteady': {},
  'latency-timer': { overheadNs: 21, calls: 2000, processes: 2, jitterNs: 3, tickNs: 1, stepNs: null },
  'latency-step': { stepNs: 30, p50: 120 },
  'latency-timer-dominated': { p50: 40, ratio: 2, overheadNs: 20, limit: 3 },
  'latency-timer-jitter': { p50: 200, ratio: 10, overheadNs: 20, jitterNs: 6 },
  'latency-timer-small': { p50: 2000, ratio: 100, overheadNs: 20 },
  'latency-zero': { share: 0.02 },
  'latency-thin-tail': { labels: ['p99.99', 'p99.999'], calls: [10, 1], of: 100000 },
  'latency-gc': { collections: 1 },
  'latency-budget': { processes: 1, of: 2 },
  'different-checksums': {},
  'assumption-broken': { problem: 'CPU governor differs' },
  'too-few-processes': { need: 2, base: 1, contender: 3 },
  'ratio-undefined': {},
  'ci-includes-one': { confidence: 0.95, pValue: 0.01 },
  'within-noise': { change: 0.005, threshold: 0.01 },
  'cannot-tell': {
    confidence: 0.95,
    ciLow: 0.54,
    ciHigh: 2.27,
    threshold: 0.05,
    includesOne: true,
    needed: null,
    unit: 'processes',
  },
  'rank-test-unsure': { verdict: 'slower', pValue: 0.2 },
  'side-failed': { side: 'contender', kind: 'throw', message: 'boom' },
  'side-unmeasured': { side: 'baseline', message: null },
  'side-contaminated': { side: 'baseline', flags: ['optimized-away'] },
  'cannot-estimate': { message: 'a side has no process with 2 or more usable batches' },
  'environment-differs': { facts: ['cpu.model'], bases: ['"A"'], contenders: ['"B"'], changedDuring: ['baseline'] },
  'no-common-count': {},
  'too-few-counts': {},
  'sample-advice': { side: 'baseline', halfWidth: 0.03, target: 0.01, processes: 9, batches: null, confidence: 0.95 },
  'side-outliers': { side: 'contender', mild: 2, severe: 0, total: 60 },
  grubbs: { side: 'baseline', statistic: 'slope', alpha: 0.05, g: 1.9, critical: 2.1, outlier: null },
  'side-multimodal': { side: 'contender', ashmanD: 3.1, share: 0.2 },
  'checksums-differ': { base: 'aaaa0001', contender: 'bbbb0002' },
  'checksums-unstable': { sides: ['baseline'] },
  detectable: { minimumDetectable: 0.042 },
  'odd-process-compared': { side: 'contender', process: 3, factor: 1.3, spread: 0.04, of: 12 },
  'odd-process-kept': { side: 'contender', process: 0, factor: 1.47 },
  'environment-allowed': { facts: ['conditions.cpus'], bases: ['[3]'], contenders: ['null'], changedDuring: [] },
  'instruction-counts': { event: 'sim-instructions', base: 12000.3, contender: 12120.1 },
  'batches-capped': { kernel: 'parse', iterations: 30, bytesPerInput: 2e6, maxBytes: 64e6 },
  'memory-unavailable': { node: 'v18.0.0' },
  'rusage-unavailable': {},
  'sched-unreadable': {},
  'gc-unobservable': { message: 'entryTypes gc not supported' },
  'pin-failed': { cpus: [3], message: 'EINVAL' },
  'fifo-unconfirmed': {},
  'fifo-refused': { message: 'EPERM' },
  'mlock-failed': { message: 'ENOMEM' },
  'no-counter-event': {},
  'counters-unavailable': { message: 'perf_event_open failed: ENOENT' },
  'simulation-unsupported': { reason: 'built without Valgrind headers' },
  'not-under-valgrind': {},
  'per-call-timing': { overheadNs: 31.5, jitterNs: 4.2, processes: 2 },
};

describe('details: data from the analysis, words from the report', () => {
  it('every detail code has its words, and each example reads without a hole', () => {
    expect(Object.keys(DETAIL_TEXT).sort()).toEqual([...DETAIL_CODES].sort());
    for (const code of DETAIL_CODES) {
      const text = detailText({ code, values: EXAMPLES[code] });
      expect(text.length, code).toBeGreaterThan(10);
      // No hole: no value the words expected was missing (the one code whose words say "undefined" aside).
      if (code !== 'ratio-undefined') expect(text, code).not.toMatch(/undefined|NaN|\[object|null/);
      else expect(text).not.toMatch(/NaN|\[object|null/);
    }
    expect(detailText({ code: 'contamination-within-ci', values: EXAMPLES['contamination-within-ci'] })).toBe(
      'contamination within the CI: migrations in 10 % of batches (? without them)',
    );
  });

  it('a code from a newer file is shown as its code and values, not dropped', () => {
    expect(detailText({ code: 'brand-new' as DetailCode, values: { n: 3 } })).toBe('brand-new {"n":3}');
  });

  it('a result carries its details named, and its words are filled from them for readers of the file', () => {
    const forks = [0, 1].map((i) =>
      makeFork({
        costNs: 0.1,
        overheadNs: 20,
        noise: 0.001,
        seed: 6 + i,
        index: i,
        tweak: (b, j) => (b.gc = j % 5 === 0 ? 1 : 0),
      }),
    );
    const a = analyzeBenchmark(forks, { resamples: 200, seed: 1 });
    const base = { name: 'k', group: 'g', args: {}, baseline: false, file: null, forks, flags: [], warnings: [] };
    const b = resultFromAnalysis({ ...base, headline: null, estimates: null } as BenchmarkResult, a);
    expect(b.details!.map((d) => d.code)).toContain('optimized-away');
    for (const d of b.details!) expect(d.benchmark).toBe('g/k');
    const doc = wordDetails(newDocument({ command: [], options: {}, environment: {}, benchmarks: [b], warnings: [] }));
    const written = doc.benchmarks[0];
    expect(written.warnings.some((w) => w.startsWith('optimized-away: 0.1'))).toBe(true);
    expect({ warnings: written.warnings, notes: written.notes }).toEqual(benchmarkLines(written));
    // Read back, the reports word the details again (the same lines), never both.
    const again = parseResultDocument(JSON.parse(JSON.stringify(doc)));
    expect(benchmarkLines(again.benchmarks[0])).toEqual(benchmarkLines(written));
    expect(explainedFlags(again.benchmarks[0]).has('optimized-away')).toBe(true);
    const lines = caveats(again).filter((l) => l.includes('optimized'));
    expect(lines).toHaveLength(1);
    // --verbose shows every detail in its words; the default output counts them among the hidden details.
    const verbose = presentRun(again, { detail: 'verbose' });
    for (const d of again.benchmarks[0].details!) expect(verbose).toContain(detailText(d));
    const hidden = Number(/(\d+) details hidden/.exec(presentRun(again, { columns: 100 }))?.[1]);
    expect(hidden).toBeGreaterThanOrEqual(again.benchmarks[0].details!.length);
  });

  it('a file written before details (version 2) shows the lines it carries', () => {
    const doc = fixtureDoc();
    const b = doc.benchmarks.find((x) => x.warnings.length > 0)!;
    expect(b.details).toBeUndefined();
    expect(benchmarkLines(b).warnings).toEqual(b.warnings);
  });

  it('a malformed detail is refused with one line', () => {
    const doc = JSON.parse(JSON.stringify(fixtureDoc()));
    doc.benchmarks[0].details = [{ code: 'skewed', severity: 'loud', values: {} }];
    expect(() => parseResultDocument(doc)).toThrow(/details\[0\]\.severity must be equal to one of/);
  });

  it('analysis, comparison, engine and worker write no warning or note lines: no push of a line', () => {
    const dirs = ['analysis', 'compare', 'engine', 'worker', 'simulation'].map(
      (d) => new URL(`../../src/${d}/`, import.meta.url),
    );
    const files = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => new URL(f, dir)),
    );
    expect(files.length).toBeGreaterThan(40);
    const lineSinks = /\b(warnings|notes)\s*(\.push\(|=\s*\[|:\s*\[\s*[`'"])/;
    for (const f of files) expect(readFileSync(f, 'utf8'), f.pathname).not.toMatch(lineSinks);
    // The check would catch the old forms.
    expect('warnings.push(`low-r2: R² < ${x}`)').toMatch(lineSinks);
    expect("notes: ['a line']").toMatch(lineSinks);
  });
});
