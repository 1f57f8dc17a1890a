// Shared option parsing for commands: node:util parseArgs plus value checks that turn
// every bad value into one UsageError line (the command prints it with its usage).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.js';
import { LIMITS } from '../api/command-common.js';

export { LIMITS };

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;
type Parsed<T extends OptionSpec> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
>;

export function parse<T extends OptionSpec>(args: string[], options: T): Parsed<T> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    // "--time -1": parseArgs takes -1 for an option and calls the value ambiguous.
    const ambiguous = /^Option '(--?[\w-]+)' argument is ambiguous/.exec((e as Error).message);
    if (ambiguous) {
      const value = args[args.indexOf(ambiguous[1]) + 1] ?? '';
      throw new UsageError(`${ambiguous[1]} ${value}: a value starting with '-' is written ${ambiguous[1]}=${value}`);
    }
    // parseArgs messages are long and mention internals; keep the first sentence.
    const msg = (e as Error).message.split('. ')[0].replace(/^TypeError \[[A-Z_]+\]: /, '');
    throw new UsageError(msg);
  }
}

/**
 * The one integer parser of the CLI: plain decimal digits only (no 0x10, 1e9, 1.0, +3 or
 * spaces, which Number() would accept), within [min, max].
 */
export function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(
      `--${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}, got '${value}'`,
    );
  return n;
}

export function positiveNumber(
  name: string,
  value: string | undefined,
  fallback: number,
  allowZero = false,
  max = Infinity,
  /** What the user wrote, when `value` is a conversion of it (duration). */
  given = value,
): number {
  if (value === undefined) return fallback;
  const n = value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) {
    throw new UsageError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got '${given}'`);
  }
  if (n > max) throw new UsageError(`--${name} must be at most ${max.toLocaleString('en-US')}, got '${given}'`);
  return n;
}

export type DurationUnit = 's' | 'ms';
const MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/**
 * A duration option's value in its own unit, as text for the number checks: "90" as given, "90s",
 * "1.5m", "500ms" or "1h" converted (ms, s, m or min, h). Anything else is one UsageError line.
 */
export function duration(name: string, value: string, unit: DurationUnit): string {
  const m = /^(.*?)\s*(ms|s|min|m|h)\s*$/i.exec(value);
  const number = m ? m[1] : value;
  const n = number.trim() === '' ? NaN : Number(number);
  if (!Number.isFinite(n))
    throw new UsageError(
      `--${name} must be a duration: a number of ${unit === 's' ? 'seconds' : 'milliseconds'} or one with its unit (500ms, 90s, 1.5m), got '${value}'`,
    );
  return m ? String((n * MS[m[2].toLowerCase()]) / MS[unit]) : value;
}

/**
 * "5%" or "0.05" or "5" (percent when ≥ 1) → a fraction. A bare number from 0.1 to 1 is refused:
 * "0.5" reads as 50 % by this rule and as 0.5 % to a reader of `stat --noise`, a plain percentage.
 */
export function fraction(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const pct = value.endsWith('%');
  const n = Number(pct ? value.slice(0, -1) : value);
  if (!Number.isFinite(n) || n <= 0)
    throw new UsageError(`--${name} must be a positive percentage like 1% or 0.01, got '${value}'`);
  if (!pct && n >= 0.1 && n < 1)
    throw new UsageError(`--${name} ${value} could mean ${+(n * 100).toFixed(4)}% or ${n}%: write it with %`);
  const f = pct || n >= 1 ? n / 100 : n;
  if (f >= 1) throw new UsageError(`--${name} must be below 100%, got '${value}'`);
  return f;
}

/** CPU lists as in taskset/cpuset: "2", "0,2", "1-3", "0-1,4". */
export function cpuList(name: string, value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const cpus = new Set<number>();
  for (const part of value.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new UsageError(`--${name} takes a CPU list like 2, 0,2 or 1-3, got '${value}'`);
    const lo = integer(name, m[1], 0, 0, LIMITS.cpu);
    const hi = m[2] === undefined ? lo : integer(name, m[2], 0, 0, LIMITS.cpu);
    if (hi < lo) throw new UsageError(`--${name}: range ${part} runs backwards`);
    for (let c = lo; c <= hi; c++) cpus.add(c);
  }
  return [...cpus].sort((a, b) => a - b);
}

export function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got '${value}'`);
  }
  return value as T;
}
