// Running cyclebench from a vitest test: runFiles() measures a bench file in fresh
// processes and returns the result document; the test asserts the verdict against the
// baseline, never a time. In your project, import from 'cyclebench'.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runFiles } from '../../src/index.js';

const FILE = fileURLToPath(new URL('./sum.cyclebench.ts', import.meta.url));

it('summing 10,000 numbers is slower than summing 100', { timeout: 120_000 }, async () => {
  // Three processes per benchmark: the verdict's t-interval over per-process values has 2
  // degrees of freedom (with two it has one, and t = 12.7 makes one slow process decisive).
  const { document } = await runFiles({ files: FILE, forks: 3, timeBudgetNs: 0.2e9, print: false });
  const big = document.benchmarks.find((b) => b.name === '10,000 numbers');
  expect(big?.error).toBeUndefined();
  const relative = big?.relative;
  // 'incomparable' is cyclebench saying it cannot tell (here: the machine's load or
  // frequency changed during the run, flagged environment-changed); a strict gate fails on
  // it, a test on a shared machine can accept it with its reason. The ratio is still there.
  if (relative?.verdict === 'incomparable') expect(big?.flags).toContain('environment-changed');
  else expect(relative?.verdict, relative?.reason).toBe('slower');
  // 100 times the work: the interval's lower end is far above 1. With three processes on a busy
  // machine (t = 4.3 at 2 degrees of freedom) it has read as low as 9.95, so the bound asks for a
  // clear multiple, not for the exact factor.
  expect(relative?.ratio?.ciLow).toBeGreaterThan(3);
});
