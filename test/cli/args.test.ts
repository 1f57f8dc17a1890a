import { describe, expect, it } from 'vitest';
import { cpuList, duration, fraction, integer, LIMITS, oneOf, parse, positiveNumber } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/io.js';
import { parseCompareArgs } from '../../src/cli/commands/compare.js';

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
    // A bare number from 0.1 to 1 reads as a fraction here and as a percentage to `stat --noise`.
    expect(() => fraction('threshold', '0.5', 0.01)).toThrow('--threshold 0.5 could mean 50% or 0.5%: write it with %');
    expect(() => fraction('threshold', '0.3', 0.01)).toThrow(/could mean 30% or 0\.3%/);
    expect(fraction('threshold', '0.5%', 0.01)).toBeCloseTo(0.005);
    expect(fraction('threshold', '0.09', 0.01)).toBeCloseTo(0.09);
  });

  it('rejects bad numbers with the option name', () => {
    expect(integer('forks', '3', 1, 1, LIMITS.forks)).toBe(3);
    expect(() => integer('forks', '0', 1, 1, LIMITS.forks)).toThrow(
      "--forks must be a whole number from 1 to 1,000, got '0'",
    );
    expect(() => integer('forks', '1.5', 1, 1, LIMITS.forks)).toThrow(UsageError);
    expect(positiveNumber('time', '0.5', 1)).toBe(0.5);
    expect(() => positiveNumber('time', 'abc', 1)).toThrow('--time must be a positive number');
    expect(oneOf('aslr', 'off', ['inherit', 'off'] as const, 'inherit')).toBe('off');
    expect(() => oneOf('aslr', 'maybe', ['inherit', 'off'] as const, 'inherit')).toThrow(
      "--aslr must be one of inherit, off, got 'maybe'",
    );
  });

  it('--forks 1e9 and 0x10 are refused: one strict, bounded integer parser', () => {
    for (const bad of ['1e9', '0x10', '1e3', ' 3', '3 ', '+3', '', '1000001', '99999999999999999999'])
      expect(() => integer('forks', bad, 1, 1, LIMITS.forks), bad).toThrow(/^--forks must be a whole number/);
    expect(() => cpuList('cpu', '0-99999999999')).toThrow(/--cpu must be a whole number from 0 to 8,191/);
    expect(() => positiveNumber('time', ' ', 1)).toThrow(/positive number/);
    // setTimeout fires at once beyond 2^31 - 1 ms: a huge --timeout would kill every worker immediately.
    expect(() => positiveNumber('timeout', '1e10', 1, false, LIMITS.timeoutS)).toThrow(
      "--timeout must be at most 2,147,483, got '1e10'",
    );
  });

  it("reads durations in the option's unit or with their own (--budget 90s, --batch-ms 0.5s)", () => {
    const seconds = (v: string) => Number(duration('budget', v, 's'));
    expect([seconds('90'), seconds('90s'), seconds('1.5m'), seconds('2min'), seconds('500ms'), seconds('1h')]).toEqual([
      90, 90, 90, 120, 0.5, 3600,
    ]);
    expect([seconds(' 3 s'), seconds('1e3'), seconds('40S')]).toEqual([3, 1000, 40]);
    expect(Number(duration('batch-ms', '0.01s', 'ms'))).toBe(10);
    expect(Number(duration('batch-ms', '5', 'ms'))).toBe(5);
    for (const bad of ['40x', '', 's', 'ms', 'NaNs', '1.2.3s', 'Infinity'])
      expect(() => duration('budget', bad, 's'), bad).toThrow(
        new UsageError(
          `--budget must be a duration: a number of seconds or one with its unit (500ms, 90s, 1.5m), got '${bad}'`,
        ),
      );
    // The number checks that follow name what was written, not its conversion.
    expect(() => positiveNumber('budget', duration('budget', '0s', 's'), 1, false, Infinity, '0s')).toThrow(
      "--budget must be a positive number, got '0s'",
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

describe('compare --fail-on against the noise threshold', () => {
  const files = ['a.json', 'b.json'];
  it('a gate below the default noise threshold becomes it: a 0.5 % gate can see a 0.75 % slowdown', () => {
    const a = parseCompareArgs([...files, '--fail-on', 'regression:0.5%']);
    expect(a).toMatchObject({ threshold: 0.005, failOn: { threshold: 0.005, cannotTell: false } });
    // A gate above it, or no P, leaves it.
    expect(parseCompareArgs([...files, '--fail-on', 'regression:5%'])).toMatchObject({ threshold: 0.01 });
    expect(parseCompareArgs([...files, '--fail-on', 'regression'])).toMatchObject({ threshold: 0.01 });
  });

  it('a gate below a --threshold given explicitly is refused, naming both', () => {
    expect(() => parseCompareArgs([...files, '--fail-on', 'regression:0.5%', '--threshold', '2%'])).toThrow(
      '--fail-on regression:0.5% is below --threshold 2%: a row is slower only beyond the noise threshold; ' +
        'lower --threshold to the gate or leave it out',
    );
  });
});
