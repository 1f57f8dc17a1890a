// The library form of stat / compare / report / audit / reading results (src/api/tools.ts):
// each returns what its command prints, from the package entry.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareResults, readResults, renderReport, stat } from '../../src/index.js';
import { loadPlatform } from '../../src/platform/load.js';

const RESULTS = fileURLToPath(new URL('../fixtures/report/results.json', import.meta.url));

describe('library API of the other commands', () => {
  it('readResults loads a result file and names a missing one in one line', async () => {
    const doc = await readResults(RESULTS);
    expect(doc.benchmarks.length).toBeGreaterThan(0);
    await expect(readResults('/no/such/results.json')).rejects.toThrow(/no such file/);
  });

  it('compareResults of a document with itself: every comparable benchmark is no-difference; renders on request', async () => {
    const doc = JSON.parse(readFileSync(RESULTS, 'utf8'));
    const r = await compareResults(doc, RESULTS, { format: 'json', seed: 3 });
    const verdicts = new Set(r.comparisons.map((c) => c.verdict));
    expect([...verdicts].every((v) => v === 'no-difference' || v === 'incomparable')).toBe(true);
    expect(r.comparisons.some((c) => c.verdict === 'no-difference')).toBe(true);
    expect(JSON.parse(r.rendered!).comparisons).toHaveLength(r.comparisons.length);
  });

  it('renderReport gives each format of the same document', async () => {
    expect(await renderReport(RESULTS, 'text', { hypothesis: 'reduce is slower than a for loop' })).toMatch(
      /reduce is slower than a for loop/,
    );
    expect(await renderReport(RESULTS, 'markdown')).toMatch(/^# /m);
    expect((await renderReport(RESULTS, 'csv')).split('\n')[0]).toMatch(/^group,name,args/);
    expect(await renderReport(RESULTS, 'html')).toMatch(/^<!doctype html>/i);
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
