// Workers started ahead of their turn (suite.ts): each starts on a CPU the measuring worker does
// not use, is stopped while that one times, and, when its own request comes, moves every one of
// its threads to the measuring CPU. What each worker saw is read back from the fixture's files.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../helpers/io.js';
import { withEnv } from '../helpers/cli-env.js';
import { runFiles } from '../../src/index.js';
import { loadPlatform } from '../../src/platform/load.js';

const FILE = fileURLToPath(new URL('../fixtures/orchestrator/prestart.bench.mjs', import.meta.url));
const platform = loadPlatform();
const cpus = platform.kind === 'native' ? platform.sched.getAffinity(0) : [];
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-prestart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seen {
  threads: string[];
  seen: string[];
}

async function run(prestart: boolean, target: number) {
  const out = mkdtempSync(join(dir, prestart ? 'on-' : 'off-'));
  // Workers inherit the orchestrator's environment: the fixture writes what each saw into `out`.
  const { document } = await withEnv({ CYCLEBENCH_TEST_DIR: out }, () =>
    runFiles({
      files: FILE,
      forks: 3,
      maxForks: 3,
      cpu: [target],
      prestart,
      timeBudgetNs: 0.05e9,
      counters: false,
      print: false,
      io: { ...captureIo(process.env), cwd: process.cwd() },
    }),
  );
  const seen = readdirSync(out).map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')) as Seen);
  return { document, seen };
}

describe.skipIf(platform.kind !== 'native' || cpus.length < 2)('workers started ahead of their turn', () => {
  const target = cpus[cpus.length - 1];

  it('start on the other CPUs, are stopped while another worker times, then move every thread to the measuring CPU', async () => {
    const { document, seen } = await run(true, target);
    expect((document.environment.conditions as Record<string, unknown>).prestartCpus).toEqual(
      cpus.filter((c) => c !== target),
    );
    expect(seen).toHaveLength(3);
    for (const w of seen) {
      expect(w.threads.length).toBeGreaterThan(3); // the JS thread and V8's and libuv's helpers
      expect(new Set(w.threads)).toEqual(new Set([String(target)]));
    }
    // The first two workers each had the next one beside them, stopped (T) during their last timed
    // call; the last one had none.
    expect(seen.map((w) => w.seen.join('')).sort()).toEqual(['', 'T', 'T']);
    for (const f of document.benchmarks[0].forks) expect(f.conditions).toMatchObject({ cpu: [target], pin: 'process' });
    expect(document.benchmarks[0].forks.flatMap((f) => f.warnings)).toEqual([]);
  });

  it('prestart: false starts each worker at its turn, alone, pinned before exec', async () => {
    const { document, seen } = await run(false, target);
    expect((document.environment.conditions as Record<string, unknown>).prestartCpus).toBeNull();
    expect(seen).toHaveLength(3);
    for (const w of seen) {
      expect(new Set(w.threads)).toEqual(new Set([String(target)]));
      expect(w.seen).toEqual([]);
    }
  });
});
