// `cyclebench run` option parsing: the measurement knobs reach RunOptions with their defaults.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunArgs } from '../../src/cli/commands/run.js';
import { UsageError, type Io } from '../../src/cli/io.js';
import { TARGET_LARGEST_BATCH_NS, TIME_BUDGET_NS } from '../../src/engine/defaults.js';

const io: Io = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: process.cwd() };
const FILE = join(__dirname, '../fixtures/cli/good.bench.ts');

describe('run options', () => {
  it('defaults come from the engine: sampling budget and largest batch', () => {
    const o = parseRunArgs([FILE], io);
    expect(o.timeBudgetNs).toBe(TIME_BUDGET_NS);
    expect(o.largestBatchNs).toBeUndefined(); // the engine chooses by kernel (1 or 5 ms)
    expect(TARGET_LARGEST_BATCH_NS).toBe(1e6);
    expect(o.cpu).toBeNull();
  });

  it('--batch-ms sets the largest batch in ns; a non-positive value is a usage error', () => {
    expect(parseRunArgs([FILE, '--batch-ms', '1'], io).largestBatchNs).toBe(1e6);
    expect(() => parseRunArgs([FILE, '--batch-ms', '0'], io)).toThrow(UsageError);
    expect(() => parseRunArgs([FILE, '--batch-ms', '1e-9'], io)).toThrow(/--batch-ms must be from 0.01 to 10000/);
    expect(() => parseRunArgs([FILE, '--batch-ms', '-1'], io)).toThrow(
      "--batch-ms -1: a value starting with '-' is written --batch-ms=-1",
    );
  });

  it('--counters simulate[:instructions|cache|branch] picks the simulations; other modes take no part', () => {
    expect(parseRunArgs([FILE, '--counters', 'simulate'], io).simulate).toBe(true);
    expect(parseRunArgs([FILE, '--counters', 'simulate:instructions'], io).simulate).toEqual({
      cache: false,
      branch: false,
    });
    expect(parseRunArgs([FILE, '--counters', 'simulate:cache'], io).simulate).toEqual({ cache: true, branch: false });
    expect(parseRunArgs([FILE, '--counters', 'simulate:cache,branch'], io).simulate).toEqual({
      cache: true,
      branch: true,
    });
    expect(() => parseRunArgs([FILE, '--counters', 'simulate:caches'], io)).toThrow(
      "'caches' is not one of instructions, cache, branch",
    );
    expect(() => parseRunArgs([FILE, '--counters', 'none:x'], io)).toThrow(/--counters none takes no ':' part/);
    expect(() => parseRunArgs([FILE, '--counters', 'simulate:instructions', '--against', 'HEAD'], io)).toThrow(
      /not available with --against/,
    );
  });

  it('--memory asks for allocation per operation; off by default', () => {
    expect(parseRunArgs([FILE, '--memory'], io).memory).toBe(true);
    expect(parseRunArgs([FILE], io).memory).toBe(false);
  });

  it('--cpu idlest, a CPU list, or --no-pin', () => {
    expect(parseRunArgs([FILE, '--cpu', 'idlest'], io).cpu).toBe('idlest');
    expect(parseRunArgs([FILE, '--cpu', 'highest'], io).cpu).toBe('highest');
    expect(parseRunArgs([FILE, '--cpu', '0'], io).cpu).toEqual([0]);
    expect(parseRunArgs([FILE, '--no-pin'], io).cpu).toBe(false);
    expect(() => parseRunArgs([FILE, '--cpu', 'idle'], io)).toThrow(/--cpu takes a CPU list/);
  });
});
