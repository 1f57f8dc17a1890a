// groupThousands replaces toLocaleString('en-US') in the stat reporters (the first
// toLocaleString call loads ICU locale data, ~20 ms of the CLI's start-up); expected
// values are toLocaleString's own output for the same integers.
import { describe, expect, it } from 'vitest';
import { fmt, groupThousands } from '../../src/stat/format.js';

describe('groupThousands', () => {
  it("matches toLocaleString('en-US') for integers", () => {
    const cases: [number, string][] = [
      [0, '0'],
      [999, '999'],
      [1000, '1,000'],
      [-1234, '-1,234'],
      [1234567, '1,234,567'],
      [-1234567890, '-1,234,567,890'],
      [2 ** 53, '9,007,199,254,740,992'],
      [1e20, '100,000,000,000,000,000,000'],
    ];
    for (const [n, text] of cases) {
      expect(groupThousands(n)).toBe(text);
      expect(n.toLocaleString('en-US')).toBe(text); // the reference
    }
  });

  it('fmt rounds counts >= 1000 and groups them', () => {
    expect(fmt(1007.4)).toBe('1,007');
    expect(fmt(-2500.5)).toBe('-2,500');
    expect(fmt(115868)).toBe('115,868');
  });
});
