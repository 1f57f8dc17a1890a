// The library form of stat / compare / report / audit / reading results (src/api/tools.ts):
// each returns what its command prints, from the package entry.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit, compareResults, readResults, renderReport, stat } from '../../src/index.js';
import { loadPlatform } from '../../src/platform/load.js';
import { analysePairs, DEFAULT_LOOKS } from '../../src/paired/analysis.js';
import { newPairedDocument } from '../../src/paired/document.js';
import { renderPairedReport } from '../../src/paired/report.js';

const RESULTS = fileURLToPath(new URL('../fixtures/report/results.json', import.meta.url));

describe('library API of the other commands', () => {
  it('readResults loads a result file and names a missing one in one line', async () => {
    const doc = await readResults(RESULTS);
    expect(doc.benchmarks.length).toBeGreaterThan(0);
    await expect(readResults('/no/such/results.json')).rejects.toThrow(/no such file/);
  });

  it('compareResults of a document with itself: no benchmark is called faster or slower; renders on request', async () => {
    const doc = JSON.parse(readFileSync(RESULTS, 'utf8'));
    const r = await compareResults(doc, RESULTS, { format: 'json', seed: 3 });
    const verdicts = new Set(r.comparisons.map((c) => c.verdict));
    // Intervals inside ±1 % read "no difference"; wider ones around 1 cannot tell.
    expect([...verdicts].every((v) => v === 'no-difference' || v === 'cannot-tell' || v === 'incomparable')).toBe(true);
    expect(r.comparisons.some((c) => c.verdict === 'no-difference' || c.verdict === 'cannot-tell')).toBe(true);
    expect(JSON.parse(r.rendered!).comparisons).toHaveLength(r.comparisons.length);
    // An optimized-away loop's time is not a speed: none is shown beside its verdict.
    const away = r.comparisons.find((c) => c.name === 'empty function')!;
    expect([away.baseNs, away.contenderNs]).toEqual([null, null]);
  });

  it('renderReport gives each format of the same document', async () => {
    expect(await renderReport(RESULTS, 'text', { hypothesis: 'reduce is slower than a for loop' })).toMatch(
      /reduce is slower than a for loop/,
    );
    expect(await renderReport(RESULTS, 'markdown')).toMatch(/^# /m);
    expect((await renderReport(RESULTS, 'csv')).split('\n')[0]).toMatch(/^group,name,args/);
    expect(await renderReport(RESULTS, 'html')).toMatch(/^<!doctype html>/i);
  });

  it("renderReport reads a paired run's document as `cyclebench report` does, from an object or a file", async () => {
    const settings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
    const ratios = [1.02, 1.03, 1.01, 1.02];
    const pairs = ratios.map((r, k) => ({ a: 100, b: 100 * r, aFirst: k % 2 === 0 }));
    const row = { name: 'sum', group: null, args: {}, pairs, analysis: analysePairs(ratios.map(Math.log), settings) };
    const outcome = {
      against: 'main',
      rows: [row],
      onlyCurrent: [],
      onlyAgainst: [],
      loadErrors: [],
      interrupted: false,
      settings,
    };
    const doc = newPairedDocument(outcome, ['cyclebench', 'run', '--against', 'main'], { fixture: true });
    const file = join(mkdtempSync(join(tmpdir(), 'cb-tools-')), 'paired.json');
    writeFileSync(file, JSON.stringify(doc));
    const text = await renderReport(doc);
    expect(text).toBe(renderPairedReport(doc, 'text'));
    expect(await renderReport(file, 'markdown')).toBe(renderPairedReport(doc, 'markdown'));
    expect(JSON.parse(await renderReport(file, 'json'))).toEqual(JSON.parse(JSON.stringify(doc)));
    await expect(renderReport(doc, 'text', { complexity: true })).rejects.toThrow(
      /^renderReport: complexity applies to run result files, not to a paired file$/,
    );
  });

  it.skipIf(!loadPlatform().child.capability().supported)(
    'stat runs a real command and returns typed metrics',
    async () => {
      const r = await stat({ command: ['true'], runs: 2 });
      expect(r.commands).toHaveLength(1);
      expect(r.commands[0].runCount).toBe(2);
      expect(r.commands[0].metrics['wall-time']?.mean).toBeGreaterThan(0);
      expect(r.commands[0].failures).toEqual([]);
    },
  );
});

describe('library calls validate their arguments (adversarial cases)', () => {
  it('stat({}) names the missing command instead of a raw TypeError', async () => {
    await expect(stat({} as never)).rejects.toThrow(/^stat: command must be an argv array of strings/);
    await expect(stat(undefined as never)).rejects.toThrow(/^stat: pass an options object/);
  });
  it('stat and audit refuse an unknown option or a value out of range before running anything', async () => {
    const cmd = { command: ['true'] };
    await expect(stat({ ...cmd, timeoutMs: -5 })).rejects.toThrow(
      /^stat: timeoutMs must be from 0 \(no limit\) to \d+, got -5$/,
    );
    await expect(stat({ ...cmd, noiseThreshold: 2 })).rejects.toThrow(/^stat: noiseThreshold must be a fraction/);
    await expect(stat({ ...cmd, run: 3 } as never)).rejects.toThrow(
      /^stat: unknown option 'run' \(options: command, runs,/,
    );
    await expect(stat({ ...cmd, shell: 'yes' } as never)).rejects.toThrow(/^stat: shell must be true or false/);
    await expect(stat({ ...cmd, events: 'cycles' } as never)).rejects.toThrow(/^stat: events must be a list/);
    await expect(audit({ forks: 1 })).rejects.toThrow(/^audit: forks must be a whole number from 2 to 1000, got 1$/);
    await expect(audit({ timeBudgetNs: -1 })).rejects.toThrow(/^audit: timeBudgetNs must be a positive number/);
    await expect(audit({ time: 1 } as never)).rejects.toThrow(/^audit: unknown option 'time'/);
    await expect(audit({ configs: 'pinned' } as never)).rejects.toThrow(/^audit: configs must be a list/);
    await expect(audit(null as never)).rejects.toThrow(/^audit: pass an options object/);
  });
  it('null or missing arguments name the argument, as one TypeError, in every public call', async () => {
    const { run, runFiles, runFilesAgainst, collectBenchmarks, group, toBmf, toGithubBenchmark } =
      await import('../../src/index.js');
    await expect(run(null as never)).rejects.toThrow(/^run: pass an options object, got null$/);
    await expect(runFiles(null as never)).rejects.toThrow(/^runFiles: pass an options object, got null$/);
    await expect(runFiles({ files: null } as never)).rejects.toThrow(
      /^runFiles: files must be a file or folder name, or a list of them, got null$/,
    );
    await expect(runFiles({} as never)).rejects.toThrow(/^runFiles: files must be/);
    await expect(runFilesAgainst(null as never)).rejects.toThrow(/^runFilesAgainst: pass an options object/);
    await expect(collectBenchmarks(null as never)).rejects.toThrow(/^collectBenchmarks: pass a file name/);
    await expect(readResults(null as never)).rejects.toThrow(/^readResults: pass the path of a result file/);
    await expect(renderReport(RESULTS, 'text', null as never)).rejects.toThrow(/^renderReport: options must be/);
    expect(() => group(null as never, () => {})).toThrow(/^group\(name, body\): name must be a non-empty string$/);
    expect(() => group('g', null as never)).toThrow(/^group\('g', body\): body must be a function$/);
    expect(() => toBmf(null as never)).toThrow(/^toBmf: pass a result document/);
    expect(() => toGithubBenchmark({} as never)).toThrow(/^toGithubBenchmark: pass a result document/);
  });
  it('compareResults(null, null) and compareResults({}, {}) say the argument is not a result document', async () => {
    await expect(compareResults(null as never, null as never)).rejects.toThrow(
      /^compareResults: base: not a cyclebench result document/,
    );
    await expect(compareResults({} as never, {} as never)).rejects.toThrow(
      /^compareResults: base: not a cyclebench result document/,
    );
  });
  it('compareResults(a, b, { confidence: 7 }) is refused, not turned into a verdict reason', async () => {
    await expect(compareResults(RESULTS, RESULTS, { confidence: 7 })).rejects.toThrow(
      /^compareResults: confidence must be between 0 and 1 \(e\.g\. 0\.95\), got 7$/,
    );
    await expect(compareResults(RESULTS, RESULTS, { threshold: -1 })).rejects.toThrow(/threshold must be/);
  });
  it('compareResults refuses what the command line refuses: an unknown option, a format, a zero threshold', async () => {
    await expect(compareResults(RESULTS, RESULTS, { allowEnvChange: true } as never)).rejects.toThrow(
      /^compareResults: unknown option allowEnvChange$/,
    );
    await expect(compareResults(RESULTS, RESULTS, { format: 'pdf' as never })).rejects.toThrow(
      /^compareResults: format must be text, markdown or json, got pdf$/,
    );
    await expect(compareResults(RESULTS, RESULTS, { threshold: 0 })).rejects.toThrow(/threshold must be above 0/);
  });
  it('compareResults with instructions judges at the 0.2 % threshold the command line uses', async () => {
    const { readResultFile } = await import('../../src/results/read.js');
    const { FIXTURE_DIR } = await import('../helpers/golden.js');
    const sim = readResultFile(`${FIXTURE_DIR}simulated.json`);
    // Every simulated instruction count 0.5 % higher: beyond 0.2 %, within 1 %.
    const more = structuredClone(sim);
    for (const b of more.benchmarks)
      for (const f of b.forks)
        for (const x of f.batches)
          if (x.counters?.['sim-instructions'] !== undefined) x.counters['sim-instructions'] *= 1.005;
    const r = await compareResults(sim, more, { instructions: true });
    expect(r.comparisons.map((c) => c.verdict)).toEqual(r.comparisons.map(() => 'slower'));
  });
  it('renderReport of a malformed document answers in one line', async () => {
    await expect(
      renderReport({ schemaVersion: 1, tool: { name: 'cyclebench' }, benchmarks: [null] } as never),
    ).rejects.toThrow(/^renderReport: document: malformed result document: benchmarks\[0\] must be object$/);
  });
});
