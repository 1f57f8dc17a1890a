// runFiles(): the library form of `cyclebench run`, in real worker processes, with the
// environment knobs of the CLI; their state must land in the document's environment and
// in every fork's conditions.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/results/schema.js';
import { captureIo } from '../helpers/io.js';
import { runFiles } from '../../src/index.js';
import { loadPlatform } from '../../src/platform/load.js';

const FILE = fileURLToPath(new URL('../fixtures/cli/good.bench.mjs', import.meta.url));
const QUICK = { timeBudgetNs: 0.1e9, counters: false } as const;

const platform = loadPlatform();
const cpus = platform.kind === 'native' ? platform.sched.getAffinity(0) : [];

describe('runFiles (library API of `cyclebench run`)', () => {
  it('measures a file in fresh processes and returns the versioned document; print: false prints nothing', async () => {
    const q = captureIo(process.env);
    const { document, interrupted } = await runFiles({
      files: FILE,
      filter: 'sum 100',
      forks: 1,
      cpu: false,
      print: false,
      io: { ...q, cwd: process.cwd() },
      ...QUICK,
    });
    expect(interrupted).toBe(false);
    expect(document.schemaVersion).toBe(SCHEMA_VERSION);
    expect(document.benchmarks.every((b) => Array.isArray(b.findings))).toBe(true);
    expect(document.benchmarks.map((b) => b.name)).toEqual(['sum 100']);
    expect(document.benchmarks[0].forks).toHaveLength(1);
    expect(document.benchmarks[0].headline?.point).toBeGreaterThan(0);
    expect(q.out()).toBe('');
  });

  it.skipIf(platform.kind !== 'native' || cpus.length < 2)(
    'applies pin policy and ASLR randomize, and records them',
    async () => {
      const q = captureIo(process.env);
      const { document } = await runFiles({
        files: [FILE],
        filter: 'sum 100',
        forks: 2,
        pin: 'thread',
        aslr: 'randomize',
        io: { ...q, cwd: process.cwd() },
        ...QUICK,
      });
      const c = document.environment.conditions as Record<string, unknown>;
      // The default CPU is the idlest allowed one at the start: any allowed CPU, with its reason.
      const target = (c.cpus as number[])[0];
      expect(cpus).toContain(target);
      expect(c.cpus).toEqual([target]);
      expect(c.cpuReason).toMatch(/^idlest over 200 ms at the start: /);
      expect(c).toMatchObject({ pin: 'thread', aslr: 'randomize', fifo: false });
      expect((c.helperCpus as number[]).includes(target)).toBe(false);
      const b = document.benchmarks[0];
      for (const f of b.forks) expect(f.conditions).toMatchObject({ cpu: [target], pin: 'thread' });
      // randomize: each process has its own environment size, and the layout effect is reported
      expect(new Set(b.forks.map((f) => f.conditions.envPadding)).size).toBe(2);
      expect(b.layout?.processes).toBe(2);
      expect(q.out()).toMatch(/sum 100/);
    },
  );
});
