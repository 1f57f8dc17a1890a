// runFiles({ baseline }) returns the comparison with the saved baseline that the command line
// prints under "Against baseline 'NAME'" (RunOutcome.againstBaseline): with print: false it was
// nowhere in the answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFiles } from '../../src/api/run-files.js';

const FILE = join(__dirname, '../fixtures/cli/good.bench.mjs');
const dir = mkdtempSync(join(tmpdir(), 'cb-runfiles-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runFiles with a saved baseline', () => {
  it('answers with the comparison it prints', async () => {
    const quick = {
      files: FILE,
      filter: /sum 100$/,
      cwd: dir,
      forks: 2,
      timeBudgetNs: 0.05e9,
      warmupBudgetNs: 0.02e9,
      cpu: false as const,
      counters: false,
      print: false,
    };
    const saved = await runFiles({ ...quick, saveBaseline: 'main' });
    expect(saved.againstBaseline).toBeUndefined();
    const again = await runFiles({ ...quick, baseline: 'main' });
    const rows = again.againstBaseline!.comparisons;
    expect(rows.map((c) => c.name)).toEqual(['sum 100']);
    expect(rows[0]!.ratio).not.toBeNull();
  });
});
