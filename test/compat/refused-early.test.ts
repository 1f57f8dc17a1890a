// A benchmark.js file cyclebench refuses is refused from its listing worker alone: the refusal
// is thrown at the `Suite#add` that uses what is not mapped, so no benchmark function, listener
// or later line of the file runs (the fixture marks each one: only "loaded" is left), and the
// run ends there, before it picks a CPU (a 200 ms watch of /proc/stat) or reads the environment
// (orchestrator/list-files.ts). One line naming benchmark.js and docs/migration.md, exit 2,
// through the CLI and runFiles(). Nothing here is timed: the wall time is in docs/migration.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFiles } from '../../src/index.js';
import { DEFAULT_RUN_OPTIONS, runBenchmarks } from '../../src/orchestrator/run.js';
import { RefusedFileError } from '../../src/orchestrator/suite.js';
import { loadPlatform } from '../../src/platform/load.js';
import type { Platform } from '../../src/platform/types.js';
import { cli, fixture } from '../helpers/compat.js';

const FILE = fixture('compat/benchmarkjs-refused-marker.cjs');
const LINE =
  "benchmarkjs-refused-marker.cjs: a benchmark.js suite ('teardown' is compiled into benchmark.js's timing loop " +
  "with the benchmark's source), which cyclebench does not run: port it as docs/migration.md shows";
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-refused-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const marks = (marker: string) => readFileSync(marker, 'utf8');

describe('a refused benchmark.js file', () => {
  it('the CLI: one line naming benchmark.js and the port guide, exit 2; the file ran up to the refused add() only', async () => {
    const marker = join(dir, 'cli.marks');
    const r = await cli(['run', FILE], { CYCLEBENCH_TEST_MARKER: marker, COLUMNS: '80' });
    expect(r.timedOut).toBe(false);
    expect([r.status, r.stdout, r.stderr]).toEqual([2, '', `cyclebench run: ${LINE}\n`]);
    expect(marks(marker)).toBe('loaded\n');
  });

  it('a paired run (--against-flags) refuses it the same way: one line, exit 2, nothing measured', async () => {
    const marker = join(dir, 'paired.marks');
    const r = await cli(['run', FILE, '--against-flags=--jitless'], { CYCLEBENCH_TEST_MARKER: marker, COLUMNS: '80' });
    expect(r.timedOut).toBe(false);
    expect([r.status, r.stdout, r.stderr]).toEqual([2, '', `cyclebench run: ${LINE}\n`]);
    // Each side's listing worker loaded the file up to the refused add(), and nothing ran after it.
    expect(marks(marker)).toMatch(/^(loaded\n)+$/);
  });

  it('runFiles() rejects with the same line, and no benchmark function ran', async () => {
    const marker = join(dir, 'api.marks');
    process.env.CYCLEBENCH_TEST_MARKER = marker;
    try {
      const run = runFiles({ files: FILE, print: false });
      await expect(run).rejects.toBeInstanceOf(RefusedFileError);
      await expect(run).rejects.toThrow(LINE);
    } finally {
      delete process.env.CYCLEBENCH_TEST_MARKER;
    }
    expect(marks(marker)).toBe('loaded\n');
  });

  it('is refused before the run picks a CPU or reads the environment: the platform is asked for neither', async () => {
    const marker = join(dir, 'order.marks');
    const real = loadPlatform();
    const asked = new Set<string>();
    const watched = new Proxy(real, {
      get(target, key, receiver) {
        if (typeof key === 'string') asked.add(key);
        return Reflect.get(target, key, receiver) as unknown;
      },
    }) as Platform;
    const log = { text: '', write: (s: string) => ((log.text += s), true) };
    process.env.CYCLEBENCH_TEST_MARKER = marker;
    try {
      const run = runBenchmarks({ ...DEFAULT_RUN_OPTIONS, files: [FILE], argv: [], progress: false }, log, watched);
      await expect(run).rejects.toThrow(LINE);
    } finally {
      delete process.env.CYCLEBENCH_TEST_MARKER;
    }
    expect(marks(marker)).toBe('loaded\n');
    // resolveConditions asks `sched` for the allowed CPUs; collectEnvironment reads `clock` and `counters`.
    for (const member of ['sched', 'clock', 'counters']) expect([...asked]).not.toContain(member);
    expect(log.text).toBe('');
  });
});
