import { beforeEach, describe, expect, it } from 'vitest';
import { bench, group } from '../../src/index.js';
import { combinations, instances, rangeValues, resetRegistry, titleFor } from '../../src/api/registry.js';

beforeEach(() => resetRegistry());

describe('registration', () => {
  it('assigns ids by registration order and records groups, baseline, latency', () => {
    bench('a', () => 1);
    group('g', () => {
      bench('b', () => 2).baseline();
      group('h', () => {
        bench('c', () => 3).latency();
      });
    });
    const list = instances();
    expect(list.map((i) => [i.id, i.title, i.group, i.baseline, i.latency])).toEqual([
      ['0', 'a', null, false, false],
      ['1', 'b', 'g', true, false],
      ['2', 'c', 'g/h', false, true],
    ]);
  });

  it('expands several .args() into the cartesian product, last argument fastest', () => {
    bench('sum $n x$m', () => 0)
      .args('n', [1, 2])
      .args('m', ['a', 'b', 'c']);
    const list = instances();
    expect(list.map((i) => i.id)).toEqual(['0:0.0', '0:0.1', '0:0.2', '0:1.0', '0:1.1', '0:1.2']);
    expect(list.map((i) => i.title)).toEqual(['sum 1 xa', 'sum 1 xb', 'sum 1 xc', 'sum 2 xa', 'sum 2 xb', 'sum 2 xc']);
    expect(list[4].args).toEqual({ n: 2, m: 'b' });
  });

  it('.range() is from·m^k up to and including to', () => {
    expect(rangeValues(8, 512, 8)).toEqual([8, 64, 512]);
    expect(rangeValues(1, 10, 2)).toEqual([1, 2, 4, 8, 10]);
    bench('r', () => 0).range('n', 1, 4);
    expect(instances().map((i) => i.args.n)).toEqual([1, 2, 4]);
  });

  it('rejects bad input with a clear message', () => {
    expect(() => bench('', () => 0)).toThrow(/non-empty/);
    expect(() => bench('x', 42 as never)).toThrow(/function or \{ setup\?, fn \}/);
    expect(() => bench('x', () => 0).args('n', [])).toThrow(/non-empty array/);
    expect(() =>
      bench('y', () => 0)
        .args('n', [1])
        .args('n', [2]),
    ).toThrow(/given twice/);
    expect(() => rangeValues(0, 4, 2)).toThrow(RangeError);
    expect(() => group('async', (async () => {}) as never)).toThrow(/synchronous/);
  });

  it('does not call anything at registration time', () => {
    let calls = 0;
    bench('lazy', () => {
      calls++;
      return () => 0;
    }).args('n', [1, 2]);
    instances();
    expect(calls).toBe(0);
  });
});

describe('titles', () => {
  it('replaces $name, longest names first, and appends unreferenced args', () => {
    expect(titleFor('f($n, $nn)', { n: 1, nn: 2 })).toBe('f(1, 2)');
    expect(titleFor('f', { n: 1, s: 'x' })).toBe('f [n=1, s=x]');
    expect(titleFor('f $n', { n: 1, arr: [1, 2, 3], o: new Map() })).toBe('f 1 [arr=Array(3), o=Map]');
  });
  it('combinations of zero arguments is one empty combination', () => {
    expect(combinations([])).toEqual([[]]);
    expect(combinations([2, 0])).toEqual([]);
  });
});
