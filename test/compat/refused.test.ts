// benchmark.js and bench-node files under `cyclebench run`: refused at the import of the tool's
// package, in one line naming the tool and the port guide, exit status 2, before the file's
// own measurement loop can start. End to end through the CLI; a hang fails on the spawn timeout.
import { describe, expect, it } from 'vitest';
import { RefusedFileError } from '../../src/orchestrator/suite.js';
import { cli, fixture, measureFile } from '../helpers/compat.js';

const run = (file: string) =>
  cli(['run', fixture(file), '--forks', '1', '--no-pin', '--no-counters'], { COLUMNS: '80' }, 120_000);

describe('files for tools cyclebench does not run', () => {
  it.each([
    ['compat/benchmarkjs-suite.cjs', 'benchmark.js'],
    ['compat/benchmarkjs-suite.mjs', 'benchmark.js'],
    ['compat/bench-node-suite.mjs', 'bench-node'],
  ])('%s is refused in one line naming %s and docs/migration.md, exit 2', async (file, tool) => {
    const r = await run(file);
    expect(r.timedOut).toBe(false); // a hang, or a foreign loop running, would reach the timeout
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const name = file.split('/').pop();
    expect(r.stderr).toBe(
      `cyclebench run: ${name}: a ${tool} suite, which cyclebench does not run: port it as docs/migration.md shows\n`,
    );
  });

  it('runFiles() rejects with the same line', async () => {
    const run = measureFile(fixture('compat/bench-node-suite.mjs'), undefined, 1);
    await expect(run).rejects.toBeInstanceOf(RefusedFileError);
    await expect(run).rejects.toThrow(/^bench-node-suite\.mjs: a bench-node suite, which cyclebench does not run/);
  });
});
