import { describe, expect, it } from 'vitest';
import { workerArgs } from '../../src/orchestrator/worker-process.js';

describe('workerArgs: the TypeScript loader only where something is TypeScript', () => {
  const compiled = '/pkg/dist/worker/main.js';
  const source = '/repo/src/worker/main.ts';
  const hasLoader = (args: string[]) => args.includes('--import');

  it('the compiled worker runs JavaScript benchmark files without tsx', () => {
    for (const f of ['a.bench.js', 'a.bench.mjs', 'a.bench.cjs'])
      expect(hasLoader(workerArgs(f, compiled))).toBe(false);
  });

  it('TypeScript benchmark files get tsx', () => {
    for (const f of ['a.bench.ts', 'a.bench.mts', 'a.bench.cts']) expect(hasLoader(workerArgs(f, compiled))).toBe(true);
  });

  it('a worker run from the TypeScript sources always gets tsx', () => {
    expect(hasLoader(workerArgs('a.bench.mjs', source))).toBe(true);
  });

  it('keeps --expose-gc first and the entry last', () => {
    const args = workerArgs('a.bench.mjs', compiled);
    expect(args[0]).toBe('--expose-gc');
    expect(args.at(-1)).toBe(compiled);
  });
});
