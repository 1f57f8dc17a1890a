// A generator function given to bench() is refused by name: calling it only creates a
// generator object, so timing it would measure the creation, not the work.
import { describe, expect, it } from 'vitest';
import { bench } from '../../src/index.js';
import { resetRegistry } from '../../src/api/registry.js';
import { generatorKernelError, resolveKernel } from '../../src/engine/kernel.js';

describe('generator kernels are an error, never a silent mis-measurement', () => {
  it("bench() refuses mitata's `function* (state) { yield () => … }` at registration", () => {
    resetRegistry();
    const fib = (n: number): number => (n < 2 ? n : fib(n - 1) + fib(n - 2));
    expect(() =>
      bench('fib', function* (state: { get(k: string): number }) {
        yield () => fib(state.get('n'));
      } as never),
    ).toThrow(/bench\('fib'\): a generator function .* is not supported: only creating the generator would be timed/);
  });

  it('an async generator and a generator returned by a setup are refused too; plain functions are not', () => {
    expect(generatorKernelError('k', async function* () {})).toBeInstanceOf(TypeError);
    expect(generatorKernelError('k', function* () {})).toBeInstanceOf(TypeError);
    expect(generatorKernelError('k', () => 1)).toBeNull();
    expect(generatorKernelError('k', async () => 1)).toBeNull();
    expect(generatorKernelError('k', function () {})).toBeNull();
  });

  it('a setup that returns a generator function is refused before any timing', async () => {
    await expect(resolveKernel(() => function* () {}, {}, 'g')).rejects.toThrow(/bench\('g'\): a generator function/);
  });
});
