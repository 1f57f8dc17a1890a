// A paired run's V8 line end to end: the kernel whose argument changes shape in the first process
// that calls it (test/fixtures/v8/shape-change.bench.ts) is deoptimized in that process's measured
// batches, the other side's first process (pairs start with the other side); the JSON keeps each
// side's records per pair, and the line under the table names the side that deoptimized. Two
// sides of one Node binary (--against-node), so no second tree is needed. Slow tier: 4 processes
// of at least 1.6 s each.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PairedDocument } from '../../src/paired/document.js';
import { spawnCli } from '../helpers/cli-process.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/v8/shape-change.bench.ts', import.meta.url));

describe('V8 state in a paired run', () => {
  it("names the side whose process deoptimized in its measured batches, none in the other side's", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-v8-paired-'));
    // As in test/worker/v8-status.slow.test.ts: sampling runs 100 rounds of 2 ms batches, past the
    // fixture's switch.
    const r = await spawnCli(
      [
        'run',
        FIXTURE,
        ...['--against-node', process.execPath, '--max-pairs', '2'],
        ...['--time', '10', '--batch-ms', '2', '--target-ci', '0.0001'],
        ...['--no-pin', '--no-counters', '--json', 'p.json'],
      ],
      { cwd: dir, env: { CYCLEBENCH_TEST_CLAIM: join(dir, 'claim') } },
    );
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.status).toBe(0);
    const doc = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')) as PairedDocument;
    const v8 = doc.rows[0].v8!;
    const sampling = (side: 'other' | 'current') => v8[side].map((x) => x?.deopts?.sampling);
    // The other side's first process met the new shapes; no other process deoptimized.
    expect(sampling('other')[0]).toBeGreaterThanOrEqual(1);
    expect(sampling('other')[1]).toBe(0);
    expect(sampling('current')).toEqual([0, 0]);
    const n = sampling('other')[0]!;
    const text = r.stdout.replace(/\n\s+/g, ' ');
    expect(text).toContain(
      `shape change: V8 deoptimized code ${n === 1 ? 'once' : `${n} times`} in the other side's measured batches (`,
    );
    expect(text).toContain("), none in this side's");
  });
});
