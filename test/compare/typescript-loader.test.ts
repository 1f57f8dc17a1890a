// A TypeScript file loaded by tsx (esbuild compiles it) and by Node's own type stripping runs code
// that may differ: compare holds that pair incomparable, names the loader, and, with
// --allow-env-change, keeps the verdict with the difference as a caveat. JavaScript files and
// documents that do not record the loader are not checked.
import { describe, expect, it } from 'vitest';
import { compareDocuments } from '../../src/compare/documents.js';
import { comparisonReason, comparisonNotes } from '../../src/report/details.js';
import type { ForkResult } from '../../src/results/schema.js';
import { syntheticBenchmark, syntheticDocument, syntheticForks } from '../helpers/synthetic-results.js';

const S = { confidence: 0.95, threshold: 0.01, seed: 1 };

function side(seed: number, cost: number, typescript?: ForkResult['typescript']) {
  const forks = syntheticForks(seed, 5, { cost }).map((f) => (typescript ? { ...f, typescript } : f));
  return syntheticDocument([syntheticBenchmark('parse', forks)]);
}

describe("compare and the TypeScript file's loader", () => {
  it('tsx against Node stripping: incomparable, the loader named with both values', () => {
    const c = compareDocuments(side(1, 10, 'tsx'), side(2, 20, 'node'), S);
    const row = c.comparisons[0]!;
    expect(row.verdict).toBe('incomparable');
    expect(row.cause).toBe('environment');
    expect(row.because).toMatchObject({ code: 'environment-differs', values: { facts: ['benchmark.typescript'] } });
    expect(comparisonReason(row)).toBe(
      "the TypeScript file's loader (tsx compiles, Node strips types) differs: tsx vs node",
    );
    // The run's environment is the same: the difference is the benchmark's own.
    expect(c.environment.differences).toEqual([]);
  });

  it('with --allow-env-change the verdict stands and says what differed', () => {
    const c = compareDocuments(side(1, 10, 'tsx'), side(2, 20, 'node'), { ...S, allowEnvironmentChange: true });
    const row = c.comparisons[0]!;
    expect(row.verdict).toBe('slower');
    expect(comparisonNotes(row).join('\n')).toContain('differs (allowed)');
    expect(comparisonNotes(row).join('\n')).toContain('tsx vs node');
  });

  it('the same loader, a JavaScript file, or an older document: not a difference', () => {
    for (const [a, b] of [
      ['tsx', 'tsx'],
      ['node', 'node'],
      [undefined, 'node'],
      [undefined, undefined],
    ] as const) {
      const row = compareDocuments(side(1, 10, a), side(2, 20, b), S).comparisons[0]!;
      expect(row.verdict, `${a} vs ${b}`).toBe('slower');
    }
  });

  it('a change of worker flags is worded as flags, not as CPUs', () => {
    const flagged = side(2, 20);
    (flagged.environment as { conditions: Record<string, unknown> }).conditions.nodeFlags = ['--jitless', '--no-opt'];
    const plain = side(1, 10);
    (plain.environment as { conditions: Record<string, unknown> }).conditions.nodeFlags = [];
    const row = compareDocuments(plain, flagged, S).comparisons[0]!;
    expect(comparisonReason(row)).toBe(
      'set of Node/V8 flags of the workers (--flags) differs: none vs --jitless --no-opt',
    );
  });
});
