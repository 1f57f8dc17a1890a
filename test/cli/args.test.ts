import { describe, expect, it } from 'vitest';
import { cpuList, fraction, oneOf, parse, positiveInt, positiveNumber } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/io.js';

describe('option values', () => {
  it('parses CPU lists like taskset', () => {
    expect(cpuList('cpu', '2')).toEqual([2]);
    expect(cpuList('cpu', '0,2')).toEqual([0, 2]);
    expect(cpuList('cpu', '1-3')).toEqual([1, 2, 3]);
    expect(cpuList('cpu', '4,0-1')).toEqual([0, 1, 4]);
    expect(cpuList('cpu', undefined)).toBeUndefined();
    expect(() => cpuList('cpu', 'x')).toThrow(UsageError);
    expect(() => cpuList('cpu', '3-1')).toThrow(/backwards/);
  });

  it('reads percentages and fractions', () => {
    expect(fraction('target-ci', '1%', 0.5)).toBeCloseTo(0.01);
    expect(fraction('target-ci', '0.02', 0.5)).toBeCloseTo(0.02);
    expect(fraction('target-ci', '5', 0.5)).toBeCloseTo(0.05);
    expect(fraction('target-ci', undefined, 0.5)).toBe(0.5);
    expect(() => fraction('target-ci', '-1', 0.5)).toThrow(/positive percentage/);
    expect(() => fraction('target-ci', '100%', 0.5)).toThrow(/below 100%/);
  });

  it('rejects bad numbers with the option name', () => {
    expect(positiveInt('forks', '3', 1)).toBe(3);
    expect(() => positiveInt('forks', '0', 1)).toThrow('--forks must be an integer >= 1');
    expect(() => positiveInt('forks', '1.5', 1)).toThrow(UsageError);
    expect(positiveNumber('time', '0.5', 1)).toBe(0.5);
    expect(() => positiveNumber('time', 'abc', 1)).toThrow('--time must be a positive number');
    expect(oneOf('aslr', 'off', ['inherit', 'off'] as const, 'inherit')).toBe('off');
    expect(() => oneOf('aslr', 'maybe', ['inherit', 'off'] as const, 'inherit')).toThrow(
      "--aslr must be one of inherit, off, got 'maybe'",
    );
  });

  it('turns unknown options into a one-line UsageError', () => {
    expect(() => parse(['--nope'], { forks: { type: 'string' } })).toThrow(UsageError);
    try {
      parse(['--nope'], { forks: { type: 'string' } });
    } catch (e) {
      expect((e as Error).message).toMatch(/Unknown option '--nope'/);
      expect((e as Error).message).not.toContain('\n');
    }
  });
});
