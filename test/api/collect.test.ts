import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bench, collectBenchmarks, run } from '../../src/index.js';
import { instances, resetRegistry } from '../../src/api/registry.js';
import { loadInstances } from '../../src/api/collect.js';
import { currentMode, setMode } from '../../src/api/mode.js';

const BASIC = new URL('../fixtures/engine/basic.bench.ts', import.meta.url);
const BROKEN = new URL('../fixtures/engine/broken.bench.mjs', import.meta.url);
const g = globalThis as unknown as { setupsRun?: string[] };

afterEach(() => setMode('run'));

describe('collectBenchmarks', () => {
  it('lists descriptors with stable ids without running any setup or measuring', async () => {
    const list = await collectBenchmarks(BASIC);
    expect(list.map((d) => d.id)).toEqual(['0', '1:0', '1:1', '2', '3', '4', '5', '6']);
    expect(list[1]).toEqual({
      id: '1:0',
      name: 'sum $n',
      title: 'sum 10',
      group: 'sum',
      args: { n: 10 },
      baseline: true,
      latency: false,
      file: BASIC.href,
    });
    // The fixture's `await run()` ran in collect mode and did not measure (else it throws).
    expect(g.setupsRun).toEqual([]);
  });

  it('gives the same ids on every load, with fresh registration state', async () => {
    const a = await collectBenchmarks(BASIC);
    const b = await collectBenchmarks(BASIC.pathname);
    expect(b).toEqual(a);
  });

  it("lists a file the caller has imported already, and keeps the caller's own registrations", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-collect-'));
    const file = join(dir, 'k.bench.mjs');
    const index = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
    writeFileSync(file, `import { bench } from '${index}';\nbench('listed', () => 1);\n`);
    resetRegistry();
    bench('mine', () => 2);
    // The caller's import of the file registers 'listed' beside 'mine'; the cached module would
    // register nothing on a second import of the same URL.
    await import(pathToFileURL(file).href);
    const before = instances().map((i) => i.name);
    expect(before).toEqual(['mine', 'listed']);
    expect((await collectBenchmarks(file)).map((d) => d.name)).toEqual(['listed']);
    expect(instances().map((i) => i.name)).toEqual(before);
    // Two at once: each lists its own file, and the caller's registrations are still there.
    const other = join(dir, 'other.bench.mjs');
    writeFileSync(other, `import { bench } from '${index}';\nbench('other', () => 1);\n`);
    const [a, b] = await Promise.all([collectBenchmarks(file), collectBenchmarks(other)]);
    expect([a.map((d) => d.name), b.map((d) => d.name)]).toEqual([['listed'], ['other']]);
    expect(instances().map((i) => i.name)).toEqual(before);
    resetRegistry();
  });

  it('restores the previous mode afterwards', async () => {
    expect(currentMode()).toBe('run');
    await collectBenchmarks(BASIC);
    expect(currentMode()).toBe('run');
  });

  it('propagates a load failure', async () => {
    await expect(loadInstances(BROKEN)).rejects.toThrow('this file fails to load');
    expect(currentMode()).toBe('run');
  });

  it('run() in collect mode returns an empty, unmeasured result', async () => {
    setMode('collect');
    expect(await run()).toEqual({ measured: false, benchmarks: [], document: null });
  });
});
