import { describe, expect, it } from 'vitest';
import { workerArgs } from '../../src/orchestrator/worker-process.js';
import { isTypeScript } from '../../src/worker/typescript.js';

describe('workerArgs: the TypeScript loader only where the worker itself is TypeScript', () => {
  const compiled = '/pkg/dist/worker/main.js';
  const source = '/repo/src/worker/main.ts';
  const hasLoader = (args: string[]) => args.includes('--import');

  it('the compiled worker starts without tsx (it registers tsx itself for a TypeScript file)', () => {
    expect(hasLoader(workerArgs(compiled))).toBe(false);
  });

  it('a worker run from the TypeScript sources starts under tsx', () => {
    expect(hasLoader(workerArgs(source))).toBe(true);
  });

  it('keeps --expose-gc first and the entry last', () => {
    for (const entry of [compiled, source]) {
      const args = workerArgs(entry);
      expect(args[0]).toBe('--expose-gc');
      expect(args.at(-1)).toBe(entry);
    }
  });
});

describe('isTypeScript: which benchmark files need the TypeScript loader', () => {
  it('by extension, as Node decides, with or without a query', () => {
    for (const f of ['a.bench.ts', 'a.bench.mts', 'a.bench.cts', 'a.tsx', 'file:///x/a.bench.ts?cyclebench-load=2'])
      expect(isTypeScript(f)).toBe(true);
    for (const f of ['a.bench.js', 'a.bench.mjs', 'a.bench.cjs', 'a.ts.js', 'file:///x/a.bench.mjs'])
      expect(isTypeScript(f)).toBe(false);
  });
});
