// Argument parsing of `cyclebench stat` (node:util parseArgs), validated completely before
// anything runs: bad input is a UsageError (one line + usage, exit 2).

import { parseArgs } from 'node:util';
import { DEFAULT_NOISE_THRESHOLD } from '../../defaults.js';
import { UsageError } from '../io.js';
import { cpuList, fraction, integer, LIMITS, positiveNumber } from '../args.js';
import type { CounterEventName } from '../../api/command-common.js';
import { ALL_EVENTS, isEventName } from '../../api/command-stat.js';

export const STAT_USAGE = `Usage: cyclebench stat [options] -- command [args...] [--vs command2 [args...]]...

Runs a command N times in fresh processes (no shell), counting each run with perf
counters opened on the child before exec (inherited by its threads and children), and
prints mean, std error (standard error of the mean, perf's "±"), std dev, CV, min,
median, max and the 95 % CI of the mean per metric.

A/B mode: every "--vs" after "--" starts another command; the commands run interleaved
(A, B, A, B, ...) and each is compared with the first: ratio of means with a bootstrap CI
and a verdict (faster / slower / no-difference / incomparable). A command whose own
arguments contain "--vs" must be given as a string with --shell.

Options:
  -r, --runs N          measured runs per command (default 10)
      --warmup K        runs before the measured ones, excluded from the statistics (default 0)
      --cpu LIST        pin the command to CPUs, e.g. 2 or 0,2 or 1-3
      --aslr MODE       off (disable address randomization in the child) or inherit (default)
  -e, --events LIST     comma-separated counters (default all): ${ALL_EVENTS.join(',')}
      --timeout S       kill a run after S seconds (a failed run)
      --shell           run each command as one string through /bin/sh -c
      --threshold P     smallest change reported as faster/slower, e.g. 2% (default ${DEFAULT_NOISE_THRESHOLD * 100}%;
                        --noise PCT is the older name of the same option)
      --seed N          accepted, unused: the ratio interval is analytic (Welch t)
      --show-output     pass the command's stdout/stderr through (default: /dev/null)
      --json FILE       write the JSON result ("-" for stdout instead of the table)
      --csv FILE        write CSV
      --markdown FILE   write Markdown
      --bmf FILE        write Bencher Metric Format JSON (docs/ci.md)
      --github-benchmark FILE
                        write github-action-benchmark customSmallerIsBetter JSON (docs/ci.md)
  -h, --help            this text

Exit status: 0 all runs succeeded; 1 a run failed (not found, non-zero exit, signal,
timeout; statistics cover the successful runs); 2 bad usage; 130 interrupted (Ctrl-C).
`;

export interface StatArgs {
  help: boolean;
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

function numArg(name: string, text: string | undefined, dflt: number): number {
  if (text === undefined) return dflt;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < 0)
    throw new UsageError(`--${name} needs a non-negative number, got '${text}'`);
  return v;
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

export function parseStatArgs(args: string[]): StatArgs {
  const { options, commands } = splitCommands(args);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: options,
      strict: true,
      allowPositionals: false,
      options: {
        runs: { type: 'string', short: 'r' },
        warmup: { type: 'string' },
        cpu: { type: 'string' },
        aslr: { type: 'string' },
        events: { type: 'string', short: 'e' },
        timeout: { type: 'string' },
        shell: { type: 'boolean' },
        noise: { type: 'string' },
        threshold: { type: 'string' },
        seed: { type: 'string' },
        'show-output': { type: 'boolean' },
        json: { type: 'string' },
        csv: { type: 'string' },
        markdown: { type: 'string' },
        bmf: { type: 'string' },
        'github-benchmark': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    const msg = (e as Error).message.split('\n')[0];
    throw new UsageError(options.length > 0 && !args.includes('--') ? `${msg} (put the command after "--")` : msg);
  }
  const str = (k: string): string | undefined => values[k] as string | undefined;
  const help = values.help === true;
  if (!help && commands.length === 0)
    throw new UsageError('no command: put it after "--", e.g. cyclebench stat -r 10 -- node app.js');
  const empty = commands.findIndex((c) => c.length === 0);
  if (!help && empty >= 0)
    throw new UsageError(empty === 0 ? 'empty command after "--"' : `empty command after --vs number ${empty}`);
  if (str('bmf') === '-' || str('github-benchmark') === '-')
    throw new UsageError('--bmf and --github-benchmark write a file: name one (- is not standard output here)');
  const aslr = str('aslr') ?? 'inherit';
  if (aslr !== 'off' && aslr !== 'inherit') throw new UsageError(`--aslr must be 'off' or 'inherit', got '${aslr}'`);
  const events = str('events')
    ?.split(',')
    .map((e) => e.trim()) ?? [...ALL_EVENTS];
  const bad = events.filter((e) => !isEventName(e));
  if (bad.length > 0 || events.length === 0)
    throw new UsageError(`unknown event(s) '${bad.join(',')}'; known: ${ALL_EVENTS.join(',')}`);
  return {
    help,
    commands,
    runs: integer('runs', str('runs'), 10, 1, LIMITS.runs),
    warmup: integer('warmup', str('warmup'), 0, 0, LIMITS.runs),
    cpus: str('cpu') === undefined ? undefined : parseCpuArg(str('cpu')!),
    noAslr: aslr === 'off',
    events: events as CounterEventName[],
    timeoutMs: Math.round(positiveNumber('timeout', str('timeout'), 0, true, LIMITS.timeoutS) * 1000),
    shell: values.shell === true,
    noise: noiseThreshold(str('threshold'), str('noise')),
    seed: integer('seed', str('seed'), 1, 0, LIMITS.seed),
    showOutput: values['show-output'] === true,
    json: str('json'),
    csv: str('csv'),
    markdown: str('markdown'),
    bmf: str('bmf'),
    githubBenchmark: str('github-benchmark'),
  };
}

/** --threshold as everywhere ("2%", "0.02", "2"); --noise PCT, its older name, takes a plain percentage. */
function noiseThreshold(threshold: string | undefined, noise: string | undefined): number {
  if (threshold !== undefined && noise !== undefined)
    throw new UsageError('--noise is the older name of --threshold: give one of them');
  if (threshold !== undefined) return fraction('threshold', threshold, DEFAULT_NOISE_THRESHOLD);
  return numArg('noise', noise, DEFAULT_NOISE_THRESHOLD * 100) / 100;
}
