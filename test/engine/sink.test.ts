import { describe, expect, it } from 'vitest';
import { blackhole, Checksum, SINK } from '../../src/engine/sink.js';

describe('blackhole', () => {
  it('accepts any value and counts only the private marker', () => {
    const before = SINK.hits;
    for (const v of [1, 1.5, 'a', null, undefined, {}, [], 10n, true, Symbol('s')]) blackhole(v);
    expect(SINK.hits).toBe(before);
    blackhole(SINK.marker);
    expect(SINK.hits).toBe(before + 1);
  });
});

describe('Checksum', () => {
  const digest = (values: unknown[]) => {
    const c = new Checksum();
    for (const v of values) c.add(v);
    return c.digest();
  };
  it('is deterministic and order-sensitive', () => {
    expect(digest([1, 'ab', { a: 1 }])).toBe(digest([1, 'ab', { a: 1 }]));
    expect(digest([1, 2])).not.toBe(digest([2, 1]));
  });
  it('distinguishes values, types and shapes', () => {
    const ds = [[1], [2], ['1'], [true], [null], [undefined], [[1, 2]], [[1, 2, 3]], [{ a: 1 }], [1n], [-0], [0]].map(digest);
    expect(new Set(ds).size).toBe(ds.length);
  });
  it('is FNV-1a: the empty digest is the offset basis', () => {
    expect(new Checksum().digest()).toBe('811c9dc5');
  });
});
