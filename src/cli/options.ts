// The declarative option table of a command: each option is declared once (name, alias, kind,
// default, help text, section), and from that one declaration come the node:util parseArgs
// configuration, the --help text and the value checks, whose one-line errors are UsageErrors
// (src/cli/args.ts holds the value parsers and their messages).
import type { ParseArgsConfig } from 'node:util';
import {
  cpuList,
  duration,
  type DurationUnit,
  fraction,
  integer,
  LIMITS,
  oneOf,
  parse,
  positiveNumber,
} from './args.js';
import { UsageError } from './io.js';
import { DEFAULT_SEED, helpPercent } from '../defaults.js';

interface Described {
  /** One-letter alias: 'r' for -r. */
  short?: string;
  /** The value's placeholder in the help line: 'N' gives "--forks N", '=F' gives "--flags=F". */
  arg?: string;
  /** Help text; its lines after the first are indented to the help column. "{default}" shows the default. */
  help: string;
  /** Heading the option is listed under (default "Options"). */
  section?: string;
  /** The option is described inside this other option's help text, not on a line of its own. */
  describedBy?: string;
}

export interface FlagOption extends Described {
  kind: 'flag';
}
/** Plain decimal digits within [min, max]. */
export interface IntegerOption extends Described {
  kind: 'integer';
  min: number;
  max: number;
  default?: number;
}
/** `--seed N`, the same in every command that draws random numbers; `uses` says what the seed decides. */
export function seedOption(uses: string, section?: string): IntegerOption & { default: number } {
  return {
    kind: 'integer',
    min: 0,
    max: LIMITS.seed,
    default: DEFAULT_SEED,
    arg: 'N',
    ...(section === undefined ? {} : { section }),
    help: `${uses} (default {default})`,
  };
}

/** A positive (or, with allowZero, non-negative) number, at most `max`, below `below`, or within `range`. */
export interface NumberOption extends Described {
  kind: 'number';
  allowZero?: boolean;
  max?: number;
  /** Exclusive upper bound: "--confidence must be between 0 and 1". */
  below?: number;
  /** Inclusive bounds and the unit named in the message: "--batch-ms must be from 0.01 to 10000 (ms)". */
  range?: readonly [number, number, string];
  default?: number;
  /** A duration in this unit; the value may name its own (500ms, 90s, 1.5m, 1h: args.ts duration). */
  unit?: DurationUnit;
}
/** "5%", "0.05" or "5" (a percentage when ≥ 1): a fraction below 1. */
export interface FractionOption extends Described {
  kind: 'fraction';
  default?: number;
}
export interface EnumOption extends Described {
  kind: 'enum';
  values: readonly string[];
  default?: string;
}
export interface StringOption extends Described {
  kind: 'string';
  /** A value of only spaces is refused ("--hypothesis is empty"). */
  nonEmpty?: boolean;
}
/** A CPU list as in taskset: "2", "0,2", "1-3". */
export interface CpusOption extends Described {
  kind: 'cpus';
}
/** A value with its own parser (throwing UsageError), e.g. a regular expression or a list of names. */
export interface CustomOption<T = unknown> extends Described {
  kind: 'custom';
  parse: (value: string, name: string) => T;
  default?: T;
  /** How the default reads in the help text (default: String(default)). */
  show?(value: T): string;
}

export type OptionDef =
  FlagOption | IntegerOption | NumberOption | FractionOption | EnumOption | StringOption | CpusOption | CustomOption;

export type OptionTable = Record<string, OptionDef>;

export interface CommandSpec<T extends OptionTable = OptionTable> {
  /** The command's name: "run" (its errors read "cyclebench run: …"). */
  command: string;
  /** The first line(s) of the help, after "Usage: ". */
  usage: string;
  /** What the command does: the paragraphs between the usage line and the options. */
  about: string;
  /** Where the help text of every option starts. */
  column: number;
  options: T;
  /** Text after the options (exit statuses). */
  epilogue?: string;
  /** Whether the command takes positional arguments (default true). */
  positionals?: boolean;
}

type ValueOf<O> = O extends FlagOption
  ? boolean
  : O extends { kind: 'enum'; values: readonly (infer V)[] }
    ? V
    : O extends { kind: 'custom'; parse: (...a: never[]) => infer R }
      ? R
      : O extends StringOption
        ? string
        : O extends CpusOption
          ? number[]
          : number;

/** The checked values of a table: a flag is a boolean, an option with a default always has a value. */
export type Values<T extends OptionTable> = {
  [K in keyof T]: T[K] extends FlagOption
    ? boolean
    : T[K] extends { default: unknown }
      ? ValueOf<T[K]>
      : ValueOf<T[K]> | undefined;
};

/** A command's table, its entries' literal types kept (enum values, parsers' results). */
export function defineCommand<const T extends OptionTable>(spec: CommandSpec<T>): CommandSpec<T> {
  return spec;
}

/** Every command's -h/--help. */
export const HELP_OPTION: FlagOption = { kind: 'flag', short: 'h', help: 'show this help' };

/** The table with -h/--help added, last in the last section listed. */
export function allOptions(spec: CommandSpec): OptionTable {
  const sections = [...new Set(Object.values(spec.options).map((o) => o.section ?? 'Options'))];
  return { ...spec.options, help: { ...HELP_OPTION, section: sections.at(-1) } };
}

/** The node:util parseArgs options of a command: flags are booleans, every other value a string. */
export function parseArgsOptions(spec: CommandSpec): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    Object.entries(allOptions(spec)).map(([name, o]) => [
      name,
      { type: o.kind === 'flag' ? 'boolean' : 'string', ...(o.short ? { short: o.short } : {}) } as const,
    ]),
  );
}

/** One option's value, checked; `undefined` when not given and without a default. */
export function checkValue(name: string, o: OptionDef, raw: string | boolean | undefined): unknown {
  if (o.kind === 'flag') return raw === true;
  if (raw === undefined) return o.kind === 'string' || o.kind === 'cpus' ? undefined : o.default;
  const value = raw as string;
  switch (o.kind) {
    case 'integer':
      return integer(name, value, 0, o.min, o.max);
    case 'number': {
      const text = o.unit ? duration(name, value, o.unit) : value;
      const n = positiveNumber(name, text, 0, o.allowZero ?? false, o.max ?? Infinity, value);
      if (o.below !== undefined && n >= o.below)
        throw new UsageError(`--${name} must be between 0 and ${o.below}, got '${value}'`);
      if (o.range && (n < o.range[0] || n > o.range[1]))
        throw new UsageError(`--${name} must be from ${o.range[0]} to ${o.range[1]} (${o.range[2]}), got '${value}'`);
      return n;
    }
    case 'fraction':
      return fraction(name, value, 0);
    case 'enum':
      return oneOf(name, value, o.values, '');
    case 'string':
      if (o.nonEmpty && value.trim() === '') throw new UsageError(`--${name} is empty`);
      return value;
    case 'cpus':
      return cpuList(name, value);
    case 'custom':
      return o.parse(value, name);
  }
}

export interface CommandLine<T extends OptionTable> {
  /** -h or --help was given: print the help, check nothing else. */
  help: boolean;
  positionals: string[];
  /** The options given on the command line (a default fills in the others). */
  given: ReadonlySet<keyof T>;
  /** Every option's value, checked in the table's order (the first bad one throws its UsageError). */
  values(): Values<T>;
}

/** Reads a command line against the table: unknown options and missing values are UsageErrors. */
export function readCommandLine<T extends OptionTable>(spec: CommandSpec<T>, args: string[]): CommandLine<T> {
  const { values: raw, positionals } = parse(args, parseArgsOptions(spec));
  if (spec.positionals === false && positionals.length > 0)
    throw new UsageError(`Unexpected argument '${positionals[0]}'`);
  const given = new Set(Object.keys(raw).filter((k) => raw[k] !== undefined && k !== 'help'));
  return {
    help: raw.help === true,
    positionals,
    given: given as Set<keyof T>,
    values: () =>
      Object.fromEntries(
        Object.entries(spec.options).map(([name, o]) => [
          name,
          checkValue(name, o, raw[name] as string | boolean | undefined),
        ]),
      ) as Values<T>,
  };
}

function showDefault(o: OptionDef): string | undefined {
  if (!('default' in o) || o.default === undefined) return undefined;
  if (o.kind === 'fraction') return helpPercent(o.default);
  if (o.kind === 'custom' && o.show) return o.show(o.default);
  return String(o.default);
}

/** "-r, --runs N", "--flags=F"; with `aliased`, options without an alias are indented to line up. */
function label(name: string, o: OptionDef, aliased: boolean): string {
  const arg = o.arg === undefined ? '' : o.arg.startsWith('=') ? o.arg : ` ${o.arg}`;
  const alias = o.short ? `-${o.short}, ` : aliased ? '    ' : '';
  return `${alias}--${name}${arg}`;
}

/**
 * The --help text: usage, about, then each section's options, a label and its help from the
 * column on (on the next line when the label reaches the column), then the epilogue.
 * Throws when an option's default and its help's "{default}" do not go together.
 */
export function helpText(spec: CommandSpec): string {
  const options = allOptions(spec);
  const aliased = Object.entries(options).some(([name, o]) => o.short && name !== 'help');
  const pad = ' '.repeat(spec.column);
  const sections = new Map<string, string[]>();
  for (const [name, o] of Object.entries(options)) {
    if (o.describedBy !== undefined) continue;
    const shown = showDefault(o);
    if ((shown === undefined) !== !o.help.includes('{default}'))
      throw new Error(`--${name}: a default and "{default}" in its help go together`);
    const [first, ...rest] = o.help.replaceAll('{default}', shown ?? '').split('\n');
    const head = `  ${label(name, o, aliased)}`;
    const lines = head.length + 1 <= spec.column ? [head.padEnd(spec.column) + first] : [head, pad + first];
    lines.push(...rest.map((l) => pad + l));
    const section = o.section ?? 'Options';
    sections.set(section, [...(sections.get(section) ?? []), ...lines]);
  }
  const body = [...sections].map(([title, lines]) => `${title}:\n${lines.join('\n')}\n`).join('');
  return `Usage: ${spec.usage}\n\n${spec.about}\n\n${body}${spec.epilogue ? `\n${spec.epilogue}` : ''}`;
}
