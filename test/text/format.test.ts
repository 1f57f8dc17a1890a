import { describe, expect, it } from 'vitest';
import {
  formatRatio,
  alignColumns,
  formatNs,
  formatOps,
  formatPct,
  fullName,
  percent,
  relHalfWidth,
  sig,
  signedPercent,
  settingPercent,
  trimmedPercent,
  formatDuration,
  wrapLine,
  table,
} from '../../src/text/format.js';
import { formatProgress } from '../../src/orchestrator/progress.js';

describe('formatting', () => {
  it('keeps 4 significant digits and picks the unit', () => {
    expect(formatNs(0.4567)).toBe('0.4567 ns');
    expect(formatNs(12.346)).toBe('12.35 ns');
    expect(formatNs(1234.6)).toBe('1.235 µs');
    expect(formatNs(2.5e6)).toBe('2.500 ms');
    expect(formatNs(3e9)).toBe('3.000 s');
    expect(formatNs(null)).toBe('—');
    expect(formatNs(Number.NaN)).toBe('—');
    expect(sig(1000)).toBe('1000');
    // The unit and the digits of the rounded value: no "1000.0 ns" five digits, no "1000 k/s".
    expect(sig(999.97)).toBe('1000');
    expect(formatNs(999.97)).toBe('1.000 µs');
    expect(formatNs(999999.7)).toBe('1.000 ms');
    expect(formatNs(999.94)).toBe('999.9 ns');
    expect(formatOps(1e9 / 999_600)).toBe('1.00 M/s');
    expect(formatRatio(0.09999)).toBe('0.10');
  });

  it('formats throughput, percentages and CI half-widths', () => {
    expect(formatOps(1)).toBe('1.00 G/s');
    expect(formatOps(1000)).toBe('1.00 M/s');
    expect(formatOps(0)).toBe('—');
    expect(formatPct(0.0123)).toBe('1.2%');
    expect(relHalfWidth(100, 99, 101)).toBeCloseTo(0.01);
  });

  it('formats a time ratio with two decimals, or two significant digits below 0.1', () => {
    expect(formatRatio(0.7234)).toBe('0.72');
    expect(formatRatio(12.345)).toBe('12.35');
    expect(formatRatio(0.003217)).toBe('0.0032');
    expect(formatRatio(0)).toBe('0.00');
  });

  it('aligns a table: first column left, others right', () => {
    expect(
      table(
        ['name', 'v'],
        [
          ['a', '1'],
          ['bbb', '22'],
        ],
      ),
    ).toBe('name   v\n────  ──\na      1\nbbb   22');
  });

  it('shows progress against the planned maximum, with an ETA', () => {
    expect(formatProgress({ done: 2, total: 4, upTo: true, current: 'g/x', etaMs: 4000 })).toBe(
      '[2 of ≤ 4 processes, ETA 4 s] g/x',
    );
    expect(formatProgress({ done: 0, total: 4, current: 'g/x', etaMs: null })).toBe('[0 of 4 processes] g/x');
  });
});

describe('one formatting module', () => {
  it('joins a group and a name with one separator', () => {
    expect(fullName('sum', 'reduce')).toBe('sum/reduce');
    expect(fullName(null, 'reduce')).toBe('reduce');
    // The reports' spaced form.
    expect(fullName('sum', 'reduce', ' / ')).toBe('sum / reduce');
    expect(fullName('', 'reduce', ' / ')).toBe('reduce');
  });

  it('writes percentages in prose with a space and a sign when asked', () => {
    expect(percent(0.044)).toBe('4.4 %');
    expect(percent(0.0123, 2)).toBe('1.23 %');
    expect(signedPercent(0.044)).toBe('+4.4 %');
    expect(signedPercent(-0.003)).toBe('-0.3 %');
  });

  it('aligns columns without a rule', () => {
    expect(
      alignColumns([
        ['a', '1'],
        ['bbb', '22'],
      ]),
    ).toEqual(['a     1', 'bbb  22']);
  });

  it('wrapLine: words kept whole, continuation indented, no line wider than asked, long words cut', () => {
    const text = 'the quick brown fox jumps over the lazy dog and keeps on running';
    const out = wrapLine(text, 20, '  ').split('\n');
    expect(out[0]).toBe('the quick brown fox');
    expect(out.slice(1).every((l) => l.startsWith('  '))).toBe(true);
    expect(Math.max(...out.map((l) => l.length))).toBeLessThanOrEqual(20);
    expect(out.join(' ').replace(/\s+/g, ' ')).toBe(text);
    expect(wrapLine('short', 20)).toBe('short');
    expect(wrapLine('x'.repeat(25), 10).split('\n')).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('writes levels without trailing zeros, with or without the space of prose', () => {
    expect(trimmedPercent(0.95)).toBe('95 %');
    expect(trimmedPercent(0.995)).toBe('99.5 %');
    // 0.07 * 100 = 7.000000000000001 in binary floating point: two decimals drop the noise.
    expect(trimmedPercent(0.07)).toBe('7 %');
    expect(trimmedPercent(0.001, 6, false)).toBe('0.1%');
    expect(trimmedPercent(0.123456789, 6, false)).toBe('12.345679%');
  });

  it('writes a setting with the digits it was given, never as 0.0 %', () => {
    expect(settingPercent(0.01)).toBe('1.0 %');
    expect(settingPercent(0.0001)).toBe('0.01 %');
    expect(settingPercent(0.0025)).toBe('0.25 %');
    expect(settingPercent(0.07)).toBe('7.0 %');
  });

  it('words a wall-clock duration coarsely', () => {
    expect(formatDuration(999)).toBe('< 1 s');
    expect(formatDuration(61_000)).toBe('1 min 1 s');
    expect(formatDuration(7_260_000)).toBe('2 h 1 min');
  });
});
