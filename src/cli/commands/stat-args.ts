// Argument parsing of `cyclebench stat` (its option table, src/cli/options.ts), validated completely before
// anything runs: bad input is a UsageError (one line + usage, exit 2).

import { DEFAULT_NOISE_THRESHOLD, DEFAULT_SEED } from '../../defaults.js';
import { UsageError } from '../io.js';
import { cpuList, LIMITS } from '../args.js';
import { defineCommand, helpText, readCommandLine } from '../options.js';
import { DEFAULT_RUNS, ALL_EVENTS, isEventName } from '../../api/command-stat.js';
import type { CounterEventName } from '../../api/command-stat.js';

/** -e LIST: counter names, comma-separated. */
function eventList(value: string): CounterEventName[] {
  const events = value.split(',').map((e) => e.trim());
  const bad = events.filter((e) => !isEventName(e));
  if (bad.length > 0 || events.length === 0)
    throw new UsageError(`unknown event(s) '${bad.join(',')}'; known: ${ALL_EVENTS.join(',')}`);
  return events as CounterEventName[];
}

export const STAT_SPEC = defineCommand({
  command: 'stat',
  usage: 'cyclebench stat [options] -- command [args...] [--vs command2 [args...]]...',
  about: `Runs a command N times in fresh processes (no shell), counting each run with perf
counters opened on the child before exec (inherited by its threads and children), and
prints mean, std error (standard error of the mean, perf's "±"), std dev, CV, min,
median, max and the 95 % CI of the mean per metric.

A/B mode: every "--vs" after "--" starts another command; the commands run interleaved
(A, B, A, B, ...) and each is compared with the first: ratio of means with a Welch t-interval
and a verdict (faster / slower / no-difference / cannot-tell / too-few / incomparable;
faster / slower held by Holm over every compared metric). A command whose own
arguments contain "--vs" must be given as a string with --shell.`,
  column: 24,
  positionals: false,
  options: {
    runs: {
      kind: 'integer',
      short: 'r',
      min: 1,
      max: LIMITS.runs,
      default: DEFAULT_RUNS,
      arg: 'N',
      help: 'measured runs per command (default {default})',
    },
    warmup: {
      kind: 'integer',
      min: 0,
      max: LIMITS.runs,
      default: 0,
      arg: 'K',
      help: 'runs before the measured ones, excluded from the statistics (default {default})',
    },
    cpu: { kind: 'cpus', arg: 'LIST', help: 'pin the command to CPUs, e.g. 2 or 0,2 or 1-3' },
    aslr: {
      kind: 'custom',
      parse: (value: string) => {
        if (value !== 'off' && value !== 'inherit')
          throw new UsageError(`--aslr must be 'off' or 'inherit', got '${value}'`);
        return value;
      },
      default: 'inherit',
      arg: 'MODE',
      help: 'off (disable address randomization in the child) or inherit (default {default})',
    },
    events: {
      kind: 'custom',
      short: 'e',
      parse: eventList,
      default: ALL_EVENTS,
      show: () => 'all',
      arg: 'LIST',
      help: `comma-separated counters (default {default}): ${ALL_EVENTS.join(',')}`,
    },
    timeout: {
      kind: 'number',
      unit: 's',
      allowZero: true,
      max: LIMITS.timeoutS,
      arg: 'S',
      help: 'kill a run after S seconds (a failed run)',
    },
    shell: { kind: 'flag', help: 'run each command as one string through /bin/sh -c' },
    threshold: {
      kind: 'fraction',
      default: DEFAULT_NOISE_THRESHOLD,
      arg: 'P',
      help: `smallest change reported as faster/slower, e.g. 2% (default {default};
--noise PCT is the older name of the same option)`,
    },
    noise: {
      kind: 'custom',
      parse: (value: string) => {
        const v = Number(value);
        if (value.trim() === '' || !Number.isFinite(v) || v < 0)
          throw new UsageError(`--noise needs a non-negative number, got '${value}'`);
        return v / 100;
      },
      arg: 'PCT',
      describedBy: 'threshold',
      help: 'the older name of --threshold, a plain percentage',
    },
    // The ratio interval is analytic, so the seed changes nothing; it is taken as run and compare take it.
    seed: {
      kind: 'integer',
      min: 0,
      max: LIMITS.seed,
      arg: 'N',
      help: 'accepted, unused: the ratio interval is analytic (Welch t)',
    },
    'show-output': { kind: 'flag', help: "pass the command's stdout/stderr through (default: /dev/null)" },
    json: { kind: 'string', arg: 'FILE', help: 'write the JSON result ("-" for stdout instead of the table)' },
    csv: { kind: 'string', arg: 'FILE', help: 'write CSV' },
    markdown: { kind: 'string', arg: 'FILE', help: 'write Markdown' },
    bmf: { kind: 'string', arg: 'FILE', help: 'write Bencher Metric Format JSON (docs/ci.md)' },
    'github-benchmark': {
      kind: 'string',
      arg: 'FILE',
      help: 'write github-action-benchmark customSmallerIsBetter JSON (docs/ci.md)',
    },
  },
  epilogue: `Exit status: 0 all runs succeeded; 1 a run failed (not found, non-zero exit, signal,
timeout; statistics cover the successful runs); 2 bad usage; 130 interrupted (Ctrl-C).
`,
});

export const STAT_USAGE = helpText(STAT_SPEC);

export interface StatArgs {
  commands: string[][];
  runs: number;
  warmup: number;
  cpus?: number[];
  noAslr: boolean;
  events: CounterEventName[];
  timeoutMs: number;
  shell: boolean;
  noise: number;
  seed: number;
  showOutput: boolean;
  json?: string;
  csv?: string;
  markdown?: string;
  bmf?: string;
  githubBenchmark?: string;
}

/** "2", "0,2", "1-3", "0,2-3" → sorted unique CPU numbers. */
export function parseCpuArg(text: string): number[] {
  return cpuList('cpu', text)!;
}

/** Splits argv at the first "--", then the command part at every "--vs". */
export function splitCommands(args: string[]): { options: string[]; commands: string[][] } {
  const dd = args.indexOf('--');
  if (dd < 0) return { options: args, commands: [] };
  const commands: string[][] = [[]];
  for (const a of args.slice(dd + 1)) {
    if (a === '--vs') commands.push([]);
    else commands[commands.length - 1].push(a);
  }
  return { options: args.slice(0, dd), commands };
}

export function parseStatArgs(args: string[]): StatArgs | 'help' {
  const { options, commands } = splitCommands(args);
  let line;
  try {
    line = readCommandLine(STAT_SPEC, options);
  } catch (e) {
    const msg = (e as Error).message;
    throw new UsageError(options.length > 0 && !args.includes('--') ? `${msg} (put the command after "--")` : msg);
  }
  if (line.help) return 'help';
  if (commands.length === 0)
    throw new UsageError('no command: put it after "--", e.g. cyclebench stat -r 10 -- node app.js');
  const empty = commands.findIndex((c) => c.length === 0);
  if (empty >= 0)
    throw new UsageError(empty === 0 ? 'empty command after "--"' : `empty command after --vs number ${empty}`);
  const v = line.values();
  if (v.bmf === '-' || v['github-benchmark'] === '-')
    throw new UsageError('--bmf and --github-benchmark write a file: name one (- is not standard output here)');
  if (v.noise !== undefined && line.given.has('threshold'))
    throw new UsageError('--noise is the older name of --threshold: give one of them');
  return {
    commands,
    runs: v.runs,
    warmup: v.warmup,
    cpus: v.cpu,
    noAslr: v.aslr === 'off',
    events: v.events,
    timeoutMs: Math.round((v.timeout ?? 0) * 1000),
    shell: v.shell,
    noise: v.noise ?? v.threshold,
    seed: v.seed ?? DEFAULT_SEED,
    showOutput: v['show-output'],
    json: v.json,
    csv: v.csv,
    markdown: v.markdown,
    bmf: v.bmf,
    githubBenchmark: v['github-benchmark'],
  };
}
