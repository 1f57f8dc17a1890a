// CommonJS: require('cyclebench') (package.json's exports "require" entry, dist/require.cjs)
// and .cjs/.cts bench files, found and run like the others. The tests resolve the package
// by self-reference, so they use the compiled dist/ (built by `npm install`'s prepare).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectBenchmarks, runFiles } from '../../src/index.js';
import { findBenchFiles } from '../../src/orchestrator/discover.js';
import { captureIo } from '../helpers/io.js';

const DIR = fileURLToPath(new URL('../fixtures/cjs/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('CommonJS', () => {
  it('require and import of cyclebench give one instance of the package (no second registry)', () => {
    const script =
      "const a = require('cyclebench'); import('cyclebench').then((b) => " +
      'console.log(JSON.stringify([typeof a.bench, a.bench === b.bench, a.runFiles === b.runFiles])))';
    const out = execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(['function', true, true]);
  });

  it('finds .cjs and .cts bench files in a folder', () => {
    expect(findBenchFiles([DIR], process.cwd()).map((f) => f.slice(DIR.length))).toEqual([
      'plain-js/loop.bench.js',
      'sum.bench.cjs',
      'typed.bench.cts',
    ]);
  });

  it('a .cjs file registers on every load (require cache dropped between loads)', async () => {
    const file = `${DIR}sum.bench.cjs`;
    const first = await collectBenchmarks(file);
    expect(first.map((d) => `${d.group}/${d.title}`)).toEqual(['cjs/sum 100']);
    expect(await collectBenchmarks(file)).toEqual(first);
  });

  it('runs .cjs, .cts and CommonJS .js files in worker processes', async () => {
    const q = captureIo(process.env);
    const { document } = await runFiles({
      files: DIR,
      forks: 1,
      cpu: false,
      print: false,
      counters: false,
      timeBudgetNs: 0.1e9,
      io: { ...q, cwd: process.cwd() },
    });
    expect(document.benchmarks.map((b) => `${b.group}/${b.name}`)).toEqual([
      'null/js loop',
      'cjs/sum 100',
      'cts/sum 100',
    ]);
    for (const b of document.benchmarks) {
      expect(b.error).toBeUndefined();
      expect(b.headline?.point).toBeGreaterThan(0);
    }
  });
});
