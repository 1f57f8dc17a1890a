// mitata's argument helpers, in-process (no worker): the values they produce are mitata's.
import { describe, expect, it } from 'vitest';
import { B } from '../../src/compat/mitata.js';

const b = () => new B('x', () => 1);

describe("mitata's B (argument helpers) under cyclebench", () => {
  it('range multiplies by 8 by default, clamps to and always includes the end', () => {
    expect(b().range('n', 1, 1024)._args).toEqual({ n: [1, 8, 64, 512, 1024] });
    expect(b().range('n', 10, 40, 2)._args).toEqual({ n: [10, 20, 40] });
    expect(b().range('n', 16, 512, 2)._args.n).toEqual([16, 32, 64, 128, 256, 512]);
  });

  it('dense_range steps by 1 by default and includes the end', () => {
    expect(b().dense_range('n', 1, 4)._args).toEqual({ n: [1, 2, 3, 4] });
    expect(b().dense_range('n', 0, 10, 4)._args).toEqual({ n: [0, 4, 8, 10] });
  });

  it('args: by name, as a map (several at once), bare values as x, and null drops one', () => {
    const x = b()
      .args({ a: [1, 2], b: ['p'] })
      .args('c', [true])
      .args([7, 8]);
    expect(x._args).toEqual({ a: [1, 2], b: ['p'], c: [true], x: [7, 8] });
    expect(x.args('a', null).args(null).args({ b: null })._args).toEqual({ c: [true] });
    expect(() => b().args({ a: 3 as unknown as unknown[] })).toThrow(/invalid arguments map value/);
  });

  it('B.run() is refused in one line naming it', () => {
    expect(() => b().run()).toThrow(/^mitata: B\.run\(\) is not supported under cyclebench run/);
  });
});
