// A measured process started with a profiler flag (`run --flags=--cpu-prof`) says so in the
// document (ForkResult.profiled 'flags') and in the caveats, and a run without one records
// nothing: the worker reads its own flags (src/worker/profiled.ts). Child processes: slow tier.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/io.js';
import type { ResultDocument } from '../../src/results/schema.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/profile/slow-helper.bench.ts', import.meta.url));
const FAST = ['--forks', '1', '--time', '0.05', '--no-pin', '--no-counters', '--quiet', '--filter', 'calls'];

describe('a measured process under a profiler flag', () => {
  it('is recorded as profiled and named in the caveats', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-profiled-flags-'));
    const flags = `--flags=--cpu-prof --cpu-prof-dir=${join(dir, 'cpu')}`;
    const r = await runCli(['run', FIXTURE, ...FAST, flags, '--json', 'r.json', '--markdown', 'r.md'], dir);
    expect(r.stderr).not.toContain('Error');
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ResultDocument;
    expect(doc.benchmarks[0].forks.map((f) => f.profiled)).toEqual(['flags']);
    expect(readFileSync(join(dir, 'r.md'), 'utf8')).toContain(
      "calls slowHelper: a CPU profiler ran in measured process 1: the times include the profiler's cost",
    );
  });
});
