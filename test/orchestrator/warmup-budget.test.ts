// The warm-up budget of a forked run (`run --warmup-ms`, runFiles({ warmupBudgetNs })): it
// reaches the measuring worker and is recorded in the document's options.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runFiles } from '../../src/index.js';
import { parseRunArgs } from '../../src/cli/commands/run.js';
import { UsageError, type Io } from '../../src/cli/io.js';
import { captureIo } from '../helpers/io.js';

const FILE = fileURLToPath(new URL('../fixtures/orchestrator/warmup.bench.mjs', import.meta.url));
const io: Io = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: process.cwd() };

describe('the warm-up budget of a forked run', () => {
  it('--warmup-ms sets warmupBudgetNs; unset, the engine keeps its own; out of range is a usage error', () => {
    expect(parseRunArgs([FILE, '--warmup-ms', '5'], io).warmupBudgetNs).toBe(5e6);
    expect(parseRunArgs([FILE], io).warmupBudgetNs).toBeUndefined();
    expect(() => parseRunArgs([FILE, '--warmup-ms', '0.5'], io)).toThrow(UsageError);
    expect(() => parseRunArgs([FILE, '--warmup-ms', '0.5'], io)).toThrow(/--warmup-ms must be from 1 to 60000/);
  });

  it('runFiles: the process ends its warm-up on the budget, and the document records it', async () => {
    const q = captureIo(process.env);
    const { document } = await runFiles({
      files: FILE,
      forks: 1,
      cpu: false,
      counters: false,
      timeBudgetNs: 0.02e9,
      warmupBudgetNs: 1e6,
      print: false,
      io: { ...q, cwd: process.cwd() },
    });
    expect(document.options.warmupBudgetNs).toBe(1e6);
    const [fork] = document.benchmarks[0].forks;
    // Steady needs five batches of at least 1 ms (src/engine/defaults.ts), more than a 1 ms
    // budget holds, so the budget ends it, deterministically, within the batches that double
    // from one call up to 1 ms; the default minimum alone (100 ms of batches that grow to 1 ms)
    // takes about a hundred.
    expect(fork.warmup.outcome).toBe('budget');
    expect(fork.warmup.batches).toBeLessThan(64);
  });

  it('runFiles refuses a warmupBudgetNs that is not a positive number, by name', async () => {
    await expect(runFiles({ files: FILE, warmupBudgetNs: 0, print: false })).rejects.toThrow(
      /runFiles: warmupBudgetNs must be a positive number, got 0/,
    );
  });
});
