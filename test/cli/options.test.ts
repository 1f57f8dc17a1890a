// The declarative option table (src/cli/options.ts): every command's help comes from its table,
// lists every option parseArgs accepts and nothing else, and the table's checks give the
// one-line errors.
import { describe, expect, it } from 'vitest';
import { AUDIT_SPEC } from '../../src/cli/commands/audit.js';
import { COMPARE_SPEC } from '../../src/cli/commands/compare.js';
import { ENV_SPEC } from '../../src/cli/commands/env.js';
import { REPORT_SPEC } from '../../src/cli/commands/report.js';
import { RUN_SPEC } from '../../src/cli/commands/run-options.js';
import { STAT_SPEC } from '../../src/cli/commands/stat-args.js';
import { SYSTEM_SPEC } from '../../src/cli/commands/system.js';
import { UsageError } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import {
  allOptions,
  type CommandSpec,
  defineCommand,
  helpText,
  parseArgsOptions,
  readCommandLine,
} from '../../src/cli/options.js';
import { captureIo } from '../helpers/io.js';

const SPECS = [RUN_SPEC, COMPARE_SPEC, STAT_SPEC, REPORT_SPEC, ENV_SPEC, SYSTEM_SPEC, AUDIT_SPEC] as CommandSpec[];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The option named at the start of a help line ("  -r, --runs N", "      --warmup K", "  --flags=F"). */
const OPTION_LINE = /^ {2}(?:-\w, | {4})?--([\w-]+)/;

describe.each(SPECS.map((s) => [s.command, s] as const))('cyclebench %s --help', (command, spec) => {
  const help = helpText(spec);

  it('is what the command prints', async () => {
    const io = captureIo();
    expect(await main([command, '--help'], { ...io, cwd: process.cwd() })).toBe(0);
    expect(io.out()).toBe(help);
  });

  it('has a line for every option parseArgs accepts, and no line for an option it does not', () => {
    const accepted = Object.keys(parseArgsOptions(spec));
    expect(accepted).toContain('help');
    const options = allOptions(spec);
    for (const name of accepted) {
      const o = options[name]!;
      if (o.describedBy !== undefined) {
        // Described in another option's help: that option has a line, and its text names this one.
        expect(spec.options[o.describedBy]?.help, `--${name}`).toMatch(new RegExp(`--${escape(name)}\\b`));
        continue;
      }
      const line = new RegExp(`^ {2}(?:-${o.short ?? '\\w'}, | {4})?--${escape(name)}(?=[ =]|$)`, 'm');
      expect(help, `--${name}`).toMatch(line);
    }
    const listed = help.split('\n').flatMap((l) => OPTION_LINE.exec(l)?.[1] ?? []);
    expect(listed.filter((name) => !accepted.includes(name))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('shows each default the parser uses', () => {
    for (const [name, o] of Object.entries(spec.options)) {
      if (!('default' in o) || o.default === undefined || o.describedBy) continue;
      expect(o.help, `--${name}`).toContain('{default}');
    }
  });
});

describe('the table', () => {
  const spec = defineCommand({
    command: 'demo',
    usage: 'cyclebench demo [options]',
    about: 'A demo.',
    column: 20,
    options: {
      count: {
        kind: 'integer',
        short: 'c',
        min: 1,
        max: 9,
        default: 3,
        arg: 'N',
        help: 'how many (default {default})',
      },
      level: { kind: 'number', below: 1, default: 0.95, arg: 'C', help: 'a level (default {default})' },
      ms: { kind: 'number', unit: 'ms', range: [0.01, 10, 'ms'], arg: 'MS', help: 'a duration' },
      share: { kind: 'fraction', default: 0.01, arg: 'P', help: 'a share (default {default})', section: 'Other' },
      mode: { kind: 'enum', values: ['a', 'b'], default: 'a', arg: 'M', help: 'a | b (default {default})' },
      name: { kind: 'string', nonEmpty: true, arg: 'TEXT', help: 'a name' },
      cpus: { kind: 'cpus', arg: 'LIST', help: 'CPUs' },
      'a-rather-long-option': { kind: 'flag', help: 'first line\nsecond line' },
      words: {
        kind: 'custom',
        parse: (v: string) => v.split('+'),
        default: ['x'],
        show: (w: string[]) => w.join('+'),
        arg: 'W+W',
        help: 'words (default {default})',
      },
    },
  });
  const read = (...args: string[]) => readCommandLine(spec, args);

  it('fills in defaults, keeps what was given, and says which were given', () => {
    const line = read('-c', '5', '--mode', 'b', 'file');
    expect(line.positionals).toEqual(['file']);
    expect([...line.given].sort()).toEqual(['count', 'mode']);
    expect(line.values()).toEqual({
      count: 5,
      level: 0.95,
      ms: undefined,
      share: 0.01,
      mode: 'b',
      name: undefined,
      cpus: undefined,
      'a-rather-long-option': false,
      words: ['x'],
    });
    expect(read('--ms', '0.005s').values().ms).toBe(5);
    expect(read('--share', '5%', '--cpus', '0-2', '--words', 'p+q', '--a-rather-long-option').values()).toMatchObject({
      share: 0.05,
      cpus: [0, 1, 2],
      words: ['p', 'q'],
      'a-rather-long-option': true,
    });
    expect(read('-h', '--count', 'x').help).toBe(true);
  });

  it.each([
    [['--count', '0'], "--count must be a whole number from 1 to 9, got '0'"],
    [['--level', '1'], "--level must be between 0 and 1, got '1'"],
    [['--level', 'x'], "--level must be a positive number, got 'x'"],
    [['--ms', '20'], "--ms must be from 0.01 to 10 (ms), got '20'"],
    [['--ms', '1s'], "--ms must be from 0.01 to 10 (ms), got '1s'"],
    [
      ['--ms', '1 week'],
      "--ms must be a duration: a number of milliseconds or one with its unit (500ms, 90s, 1.5m), got '1 week'",
    ],
    [['--share', '100%'], "--share must be below 100%, got '100%'"],
    [['--mode', 'c'], "--mode must be one of a, b, got 'c'"],
    [['--name', ' '], '--name is empty'],
    [['--cpus', '3-1'], '--cpus: range 3-1 runs backwards'],
  ])('%j → %s', (args, message) => {
    expect(() => read(...args).values()).toThrow(new UsageError(message));
  });

  it('an unknown option or a missing value is one line', () => {
    expect(() => read('--nope')).toThrow(new UsageError("Unknown option '--nope'"));
    expect(() => read('--count')).toThrow(UsageError);
    expect(() => readCommandLine({ ...spec, positionals: false }, ['x'])).toThrow(
      new UsageError("Unexpected argument 'x'"),
    );
  });

  it('renders sections, aliases lined up, long labels on their own line, and -h, --help last', () => {
    expect(helpText(spec)).toBe(
      [
        'Usage: cyclebench demo [options]',
        '',
        'A demo.',
        '',
        'Options:',
        '  -c, --count N     how many (default 3)',
        '      --level C     a level (default 0.95)',
        '      --ms MS       a duration',
        '      --mode M      a | b (default a)',
        '      --name TEXT   a name',
        '      --cpus LIST   CPUs',
        '      --a-rather-long-option',
        '                    first line',
        '                    second line',
        '      --words W+W   words (default x)',
        'Other:',
        '      --share P     a share (default 1%)',
        '  -h, --help        show this help',
        '',
      ].join('\n'),
    );
  });

  it('refuses a default the help does not show, and a "{default}" without a default', () => {
    const hidden = { ...spec, options: { n: { kind: 'integer', min: 0, max: 1, default: 1, help: 'n' } } } as const;
    expect(() => helpText(hidden as CommandSpec)).toThrow(/--n: a default and "\{default\}"/);
    const shown = { ...spec, options: { n: { kind: 'integer', min: 0, max: 1, help: 'n (default {default})' } } };
    expect(() => helpText(shown as CommandSpec)).toThrow(/--n: a default and "\{default\}"/);
  });
});
