import { describe, expect, it } from 'vitest';
import { blackhole, Checksum, SINK } from '../../src/engine/sink.js';

describe('blackhole', () => {
  it('stores every heap value where it escapes, and never a number (which would box)', () => {
    const before = SINK.hits;
    const o = { a: 1 };
    for (const v of ['a', null, undefined, {}, [], 10n, true, Symbol('s'), o]) {
      blackhole(v);
      expect(SINK.held).toBe(v);
    }
    for (const v of [1, 1.5, -0, NaN]) {
      blackhole(v);
      expect(SINK.held).toBe(o);
    }
    expect(SINK.hits).toBe(before);
  });
});

describe('Checksum', () => {
  const digest = (values: unknown[]) => {
    const c = new Checksum();
    for (const v of values) c.add(v);
    return c.digest();
  };
  it('is deterministic and depends on the set of values, not their order or count', () => {
    expect(digest([1, 'ab', { a: 1 }])).toBe(digest([1, 'ab', { a: 1 }]));
    expect(digest([1, 2])).toBe(digest([2, 1, 2]));
    expect(digest([1, 2])).not.toBe(digest([1, 3]));
  });
  it('distinguishes values, types and shapes', () => {
    const ds = [[1], [2], ['1'], [true], [null], [undefined], [[1, 2]], [[1, 2, 3]], [{ a: 1 }], [1n], [-0], [0]].map(
      digest,
    );
    expect(new Set(ds).size).toBe(ds.length);
  });
  it('is FNV-1a: the empty digest is the offset basis', () => {
    expect(new Checksum().digest()).toBe('811c9dc5');
  });
});

describe('checksum independence from the number of batches', () => {
  it('depends on which values were returned, not how often or in what order', async () => {
    const { Checksum } = await import('../../src/engine/sink.js');
    const a = new Checksum();
    const b = new Checksum();
    for (let i = 0; i < 3; i++) a.add(42);
    for (let i = 0; i < 50; i++) b.add(42);
    expect(a.digest()).toBe(b.digest());
    const c = new Checksum();
    c.add(43);
    expect(c.digest()).not.toBe(a.digest());
    const d = new Checksum();
    const e = new Checksum();
    d.add('x');
    d.add(1);
    e.add(1);
    e.add('x');
    e.add(1);
    expect(d.digest()).toBe(e.digest());
    const f = new Checksum();
    for (let i = 0; i < 100; i++) f.add(i);
    expect(f.digest()).toBe('varying');
  });
});
