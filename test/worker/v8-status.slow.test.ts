// V8's tiers and deoptimizations per measured process, end to end through the CLI: a kernel whose
// argument changes shape in one process only (test/fixtures/v8/shape-change.bench.ts) is
// deoptimized in that process's measured batches and in no other's, and the JSON says so per
// process. `--no-v8-status` (and
// `v8Status: false` from the library) leaves the record out. Several processes per run: slow tier.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli-process.js';
import { runFiles } from '../../src/index.js';
import type { ForkResult, ResultDocument } from '../../src/results/schema.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/v8/shape-change.bench.ts', import.meta.url));

/** The process's sampled-batch deoptimizations of the fixture's field reads ('wrong map'). */
const wrongMaps = (f: ForkResult) =>
  (f.v8?.deopts?.samplingFunctions ?? []).filter((d) => d.function === 'sumFields' && d.reason === 'wrong map');

describe('V8 status per measured process', () => {
  it('a kernel deoptimized in one process: its count in the JSON, and in the odd-process line when the rule names it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-v8-status-'));
    // Sampling runs to its 100 rounds (a target CI it cannot reach) of 2 ms batches: at least
    // 1.1 s, past the fixture's switch (see the fixture).
    const r = await spawnCli(
      [
        'run',
        FIXTURE,
        ...['--forks', '6', '--time', '10', '--batch-ms', '2', '--target-ci', '0.0001'],
        ...['--no-pin', '--no-counters', '--verbose', '--json', 'r.json'],
      ],
      { cwd: dir, env: { CYCLEBENCH_TEST_CLAIM: join(dir, 'claim') } },
    );
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.status).toBe(0);
    const doc = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ResultDocument;
    const forks = doc.benchmarks[0].forks;
    expect(forks).toHaveLength(6);
    for (const f of forks) expect(f.v8?.deopts).not.toBeNull();
    // Exactly one process met the new shapes, in its measured batches.
    const hit = forks.filter((f) => wrongMaps(f).length > 0);
    expect(hit).toHaveLength(1);
    const odd = hit[0];
    expect(odd.v8!.deopts!.sampling).toBeGreaterThanOrEqual(1);
    // The others ran the batches without a deoptimization at all.
    for (const f of forks.filter((k) => k !== odd)) expect(f.v8!.deopts!.sampling).toBe(0);
    // Whether the odd-process rule names it depends on how many of its slow batches the load
    // left unpreempted (timing); when it does, its line carries the count. The wording itself is
    // tested on fixed processes (test/analysis/v8-state.test.ts).
    const detail = doc.benchmarks[0].details!.find((d) => d.code === 'odd-process');
    if (detail?.values.process === odd.index) {
      expect(detail.values.deopts).toBe(odd.v8!.deopts!.sampling);
      const n = odd.v8!.deopts!.sampling;
      const line = r.stdout.split('\n').find((l) => l.includes(`process ${odd.index} read`));
      expect(line).toContain(`V8 deoptimized code ${n === 1 ? 'once' : `${n} times`} in its measured batches`);
    }
  });

  it('--no-v8-status and v8Status: false leave the record out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-v8-off-'));
    const r = await spawnCli(
      [
        'run',
        FIXTURE,
        '--forks',
        '1',
        '--time',
        '0.1',
        '--no-pin',
        '--no-counters',
        '--quiet',
        '--no-v8-status',
        '--json',
        'r.json',
      ],
      { cwd: dir },
    );
    expect(r.status).toBe(0);
    const doc = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ResultDocument;
    expect(doc.benchmarks[0].forks[0]).not.toHaveProperty('v8');
    expect(doc.options).toMatchObject({ v8Status: false });
    const on = await runFiles({
      files: FIXTURE,
      forks: 1,
      timeBudgetNs: 0.1e9,
      cpu: false,
      counters: false,
      print: false,
      cwd: dir,
    });
    expect(on.document.benchmarks[0].forks[0].v8?.end.loop).toMatch(/^(turbofan|maglev|baseline|interpreted|unknown)$/);
    const off = await runFiles({
      files: FIXTURE,
      forks: 1,
      timeBudgetNs: 0.1e9,
      cpu: false,
      counters: false,
      print: false,
      cwd: dir,
      v8Status: false,
    });
    expect(off.document.benchmarks[0].forks[0]).not.toHaveProperty('v8');
  });
});
