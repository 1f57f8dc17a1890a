import { beforeEach, describe, expect, it } from 'vitest';
import { bench } from '../../src/index.js';
import { instances, resetRegistry, toDescriptor } from '../../src/api/registry.js';

beforeEach(() => resetRegistry());

describe('.inputs()', () => {
  it('stores the source on every instance, never in the serialisable descriptor', () => {
    const sizes = [1, 2, 3];
    bench('p $n', () => (x: number) => x)
      .args('n', [1, 2])
      .inputs(sizes);
    const list = instances();
    expect(list.map((i) => i.inputs)).toEqual([sizes, sizes]);
    expect('inputs' in toDescriptor(list[0])).toBe(false);
    bench('none', () => 1);
    expect(instances()[2].inputs).toBeUndefined();
  });

  it('accepts arrays, typed arrays, functions and iterables; refuses the rest with a clear message', () => {
    expect(() => bench('a', () => 0).inputs(Float64Array.from([1]))).not.toThrow();
    expect(() => bench('b', () => 0).inputs((rng) => rng.next())).not.toThrow();
    expect(() => bench('c', () => 0).inputs(new Set([1]))).not.toThrow();
    expect(() => bench('d', () => 0).inputs('abc' as never)).toThrow(/must be an array/);
    expect(() => bench('e', () => 0).inputs(5 as never)).toThrow(/must be an array/);
    expect(() =>
      bench('f', () => 0)
        .inputs([1])
        .inputs([2]),
    ).toThrow(/given twice/);
  });
});
