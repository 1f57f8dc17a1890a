// benchmark.js files using what cyclebench cannot run as benchmark.js does (`setup`/`teardown`,
// which benchmark.js compiles into its timing loop with the benchmark's source) are refused
// while the file registers its benchmarks, in one line naming the tool, the reason and the port
// guide, exit status 2, before the file's own measurement loop can start. End to end through
// the CLI; a hang fails on the spawn timeout.
import { describe, expect, it } from 'vitest';
import { RefusedFileError } from '../../src/orchestrator/suite.js';
import { cli, fixture, measureFile } from '../helpers/compat.js';

const LINE =
  "a benchmark.js suite ('setup' is compiled into benchmark.js's timing loop with the benchmark's source), " +
  'which cyclebench does not run: port it as docs/migration.md shows';

describe('files using what cyclebench cannot map', () => {
  it('a benchmark.js suite with a setup is refused in one line naming benchmark.js, the reason and docs/migration.md, exit 2', async () => {
    const r = await cli(
      ['run', fixture('compat/benchmarkjs-setup.cjs'), '--forks', '1', '--no-pin', '--no-counters'],
      { COLUMNS: '80' },
      120_000,
    );
    expect(r.timedOut).toBe(false); // a hang, or a foreign loop running, would reach the timeout
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`cyclebench run: benchmarkjs-setup.cjs: ${LINE}\n`);
  });

  it('runFiles() rejects with the same line', async () => {
    const run = measureFile(fixture('compat/benchmarkjs-setup.cjs'), undefined, 1);
    await expect(run).rejects.toBeInstanceOf(RefusedFileError);
    await expect(run).rejects.toThrow(`benchmarkjs-setup.cjs: ${LINE}`);
  });
});
