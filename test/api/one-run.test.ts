// runFiles() and runFilesAgainst() measure one at a time per process: a second call while one is
// measuring is refused at once (as run() refuses one), and the next call after it is accepted.
// runFilesAgainst() refuses the options a paired run has no use for, as the CLI refuses their
// flags with --against.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runFiles, runFilesAgainst } from '../../src/index.js';
import { captureIo } from '../helpers/io.js';

const FILE = fileURLToPath(new URL('../fixtures/cli/good.bench.mjs', import.meta.url));
const QUICK = { filter: 'sum 100', forks: 1, timeBudgetNs: 0.05e9, counters: false, cpu: false, print: false } as const;

describe('one fresh-process run at a time', () => {
  it('a second runFiles() or a runFilesAgainst() while runFiles() measures is refused; the first finishes', async () => {
    const q = captureIo(process.env);
    const first = runFiles({ files: FILE, ...QUICK, io: { ...q, cwd: process.cwd() } });
    await expect(runFiles({ files: FILE, ...QUICK })).rejects.toThrow(
      /^runFiles\(\): runFiles\(\) is measuring in this process; await it before starting the next$/,
    );
    const { forks: _forks, ...paired } = QUICK;
    await expect(runFilesAgainst({ files: FILE, against: '.', ...paired })).rejects.toThrow(
      /^runFilesAgainst\(\): runFiles\(\) is measuring in this process/,
    );
    const { document } = await first;
    expect(document.benchmarks.map((b) => b.name)).toEqual(['sum 100']);
    expect(document.benchmarks[0].headline?.point).toBeGreaterThan(0);
    // Released once the first ended: the next call gets as far as its own error.
    await expect(runFiles({ files: '/nonexistent/x.bench.ts', ...QUICK })).rejects.toThrow(/nonexistent/);
    await expect(runFiles({ files: '/nonexistent/x.bench.ts', ...QUICK })).rejects.not.toThrow(/is measuring/);
  }, 200_000);
});

describe('runFilesAgainst() refuses what a paired run does not do, before anything runs', () => {
  it.each([
    [{ memory: true }, 'memory'],
    [{ simulate: true }, 'simulate'],
    [{ aa: true }, 'aa'],
    [{ forks: 3 }, 'forks'],
    [{ saveBaseline: 'main' }, 'saveBaseline'],
  ])('%j', async (extra, name) => {
    await expect(runFilesAgainst({ files: FILE, against: '/nonexistent-tree', ...extra })).rejects.toThrow(
      new RangeError(`runFilesAgainst: ${name} is not available with against (a paired run)`),
    );
  });

  it('an unknown or mistyped option is one RangeError, as in runFiles()', async () => {
    await expect(runFilesAgainst({ files: FILE, against: '.', time: 1 } as never)).rejects.toThrow(
      /^runFilesAgainst: unknown option 'time'/,
    );
    await expect(runFilesAgainst({ files: FILE, against: '.', memory: 'yes' } as never)).rejects.toThrow(
      /^runFilesAgainst: memory must be true or false, got 'yes'$/,
    );
  });
});
