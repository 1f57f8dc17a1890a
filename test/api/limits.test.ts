// runFiles() checks its counts at the API boundary, like the CLI's parser: a RangeError
// naming the option, before any worker starts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFiles } from '../../src/api/run-files.js';

const GOOD = join(__dirname, '../fixtures/cli/good.bench.mjs');

describe('runFiles validates its options before measuring', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['forks: 1e9', { forks: 1e9 }, /^runFiles: forks must be a whole number from 1 to 1000, got 1000000000$/],
    ['forks: 1.5', { forks: 1.5 }, /^runFiles: forks must be a whole number/],
    ['seed: -1', { seed: -1 }, /^runFiles: seed must be a whole number/],
    ['timeoutMs: 1e10', { timeoutMs: 1e10 }, /^runFiles: timeoutMs must be above 0 and at most/],
    ['confidence: 7', { confidence: 7 }, /^runFiles: confidence must be between 0 and 1/],
    ['targetCi: 0', { targetCi: 0 }, /^runFiles: targetCi must be a fraction/],
  ];
  for (const [name, options, message] of cases)
    it(name, async () => {
      await expect(runFiles({ files: GOOD, print: false, ...options })).rejects.toThrow(message);
      await expect(runFiles({ files: GOOD, print: false, ...options })).rejects.toBeInstanceOf(RangeError);
    });
});
