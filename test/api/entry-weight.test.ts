// Every benchmark file imports the package entry, so every worker process pays for what the entry
// loads. The entry must not load the in-process run's analysis, report or environment
// probe until run() is called (src/api/index.ts); a static import of any of them would add about
// 80 modules and 0.1 s of CPU time to each process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

/** The dist/ folders of every module a fresh Node loads for SOURCE (an ES module body). */
function loadedFolders(source: string, status = 0): string[] {
  // A module hook that prints each file URL it loads, registered before SOURCE runs.
  const hook = `export async function load(u, c, n) { if (u.includes('/dist/')) process.stdout.write('loaded ' + u + '\\n'); return n(u, c); }`;
  const register = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`;
  const r = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', source],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  expect(r.status, r.stderr).toBe(status);
  const urls = r.stdout.split('\n').filter((l) => l.startsWith('loaded '));
  return [...new Set(urls.map((l) => /\/dist\/([^/]+)\//.exec(l)?.[1] ?? '.'))].sort();
}

const ENTRY = JSON.stringify(join(ROOT, 'dist/index.js'));
/** Folders the in-process run() needs and a worker does not (the orchestrator: neither). */
const HEAVY = ['analysis', 'env', 'report'];

describe('the package entry', () => {
  it('loads no analysis, report, environment or orchestrator module when a benchmark file imports it', () => {
    const folders = loadedFolders(`const { bench } = await import(${ENTRY}); bench('x', () => 1);`);
    expect(folders).toContain('api');
    for (const heavy of [...HEAVY, 'orchestrator']) expect(folders).not.toContain(heavy);
  });

  it('and the worker process loads no report or analysis module either', () => {
    // Started without its IPC channel, the worker says so and exits 2, after loading its modules.
    const folders = loadedFolders(`await import(${JSON.stringify(join(ROOT, 'dist/worker/main.js'))});`, 2);
    expect(folders).toContain('engine');
    for (const heavy of HEAVY) expect(folders).not.toContain(heavy);
  });

  it('loads them once run() measures in this process', () => {
    const folders = loadedFolders(
      `const { bench, run } = await import(${ENTRY}); bench('x', () => 1); ` +
        `await run({ timeBudgetNs: 2e7, warmupBudgetNs: 1e7, print: false });`,
    );
    for (const heavy of HEAVY) expect(folders).toContain(heavy);
  });
});
