// `run --flags` / runFiles({ flags }): every worker of a plain run (the listing one, the measuring
// ones, those started ahead) is started with the flags; the document records them, and compare
// refuses to call a verdict between runs whose workers had different flags.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../helpers/io.js';
import { withEnv } from '../helpers/cli-env.js';
import { runFiles } from '../../src/index.js';
import { compareDocuments } from '../../src/compare/documents.js';
import { DEFAULT_CONFIDENCE } from '../../src/defaults.js';
import { describeConditions } from '../../src/report/conditions.js';

const FILE = fileURLToPath(new URL('../fixtures/orchestrator/argv.bench.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(flags: string[] | undefined) {
  const out = mkdtempSync(join(dir, 'run-'));
  // Workers inherit the orchestrator's environment: the fixture writes what each saw into `out`.
  const { document } = await withEnv({ CYCLEBENCH_TEST_DIR: out }, () =>
    runFiles({
      files: FILE,
      forks: 2,
      maxForks: 2,
      timeBudgetNs: 0.05e9,
      counters: false,
      print: false,
      ...(flags ? { flags } : {}),
      io: { ...captureIo(process.env), cwd: process.cwd() },
    }),
  );
  const seen = readdirSync(out).map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')) as string[]);
  return { document, seen };
}

describe('extra Node flags for every worker of a plain run', () => {
  it('reach the listing and every measuring worker, are recorded, and make runs without them incomparable', async () => {
    const flagged = await run(['--max-semi-space-size=4 --stack-size=900']);
    // One listing worker and two measuring ones at least; each got the flags before its own.
    expect(flagged.seen.length).toBeGreaterThanOrEqual(3);
    for (const argv of flagged.seen) expect(argv.slice(0, 2)).toEqual(['--max-semi-space-size=4', '--stack-size=900']);
    const conditions = flagged.document.environment.conditions as Record<string, unknown>;
    expect(conditions.nodeFlags).toEqual(['--max-semi-space-size=4', '--stack-size=900']);
    expect(conditions.nodeBinary).toBeNull();
    expect(flagged.document.benchmarks[0]!.forks).toHaveLength(2);
    // The report's conditions say them.
    expect(describeConditions(flagged.document)).toContainEqual(
      expect.objectContaining({ label: 'Worker flags', value: '--max-semi-space-size=4 --stack-size=900' }),
    );

    const plain = await run(undefined);
    for (const argv of plain.seen) expect(argv).not.toContain('--stack-size=900');
    expect((plain.document.environment.conditions as Record<string, unknown>).nodeFlags).toEqual([]);

    const c = compareDocuments(plain.document, flagged.document, {
      confidence: DEFAULT_CONFIDENCE,
      threshold: 0.01,
      seed: 1,
    });
    // The flags are the one environment fact that differs. A side whose two processes disagree on
    // a busy machine (one in a slow state, so "contended") is named first as the cause; the row is
    // incomparable either way.
    expect(c.environment.differences.map((d) => d.fact)).toEqual(['conditions.nodeFlags']);
    expect(c.comparisons[0]!.verdict).toBe('incomparable');
    if (c.comparisons[0]!.cause === 'environment')
      expect(c.comparisons[0]!.because).toMatchObject({
        code: 'environment-differs',
        values: { facts: ['conditions.nodeFlags'] },
      });
  });
});
