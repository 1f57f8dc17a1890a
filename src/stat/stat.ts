// The library API: stat(options) → StatResult. Validates and normalises the options,
// executes the interleaved schedule (run.ts), then summarises and compares.

import { cpus as cpusOnline } from 'node:os';
import { DEFAULT_RUNS } from '../defaults.js';
import type { CounterEventName } from '../platform/types.js';
import { percent } from '../text/format.js';
import { compareAll, DEFAULT_NOISE_THRESHOLD, MIN_RUNS_FOR_VERDICT } from './compare.js';
import { defaultExcludeKernel, minimalEnvironment } from './environment.js';
import { ALL_EVENTS, METRICS } from './metrics.js';
import { loadDefaultPlatform } from './platform.js';
import { executePlan, type PlanOutcome } from './run.js';
import { deriveMetrics, firstRunsWarning, summarizeRuns } from './summarize.js';
import type { CommandResult, MetricName, StatOptions, StatPlatform, StatResult } from './types.js';

export { DEFAULT_RUNS };
const SHELL = '/bin/sh';

/** argv of one command; a string needs `shell` and runs as `/bin/sh -c STRING`. */
export function toArgv(command: string[] | string, shell: boolean): string[] {
  if (typeof command !== 'string' && !(Array.isArray(command) && command.every((a) => typeof a === 'string')))
    throw new TypeError('stat: command must be an argv array of strings, or a string with shell: true');
  if (typeof command === 'string') {
    if (!shell) throw new RangeError('stat: a command given as one string needs shell: true (or pass an argv array)');
    return [SHELL, '-c', command];
  }
  if (command.length === 0 || command[0] === '') throw new RangeError('stat: empty command');
  return shell ? [SHELL, '-c', command.join(' ')] : [...command];
}

/** How a command is shown: the shell string, or argv with arguments quoted where needed. */
export function commandLabel(argv: string[], shell: boolean): string {
  if (shell && argv.length === 3 && argv[0] === SHELL) return argv[2];
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

function checkCount(name: string, v: number, min: number): void {
  if (!Number.isInteger(v) || v < min) throw new RangeError(`stat: ${name} must be an integer >= ${min}, got ${v}`);
}

/** --cpu must name CPUs this process may run on; otherwise every run fails with a bare EINVAL. */
function checkCpus(cpus: number[] | undefined, platform: StatPlatform): void {
  if (!cpus?.length) return;
  const allowed = platform.sched?.capability().supported
    ? platform.sched.getAffinity(0)
    : Array.from({ length: cpusOnline().length }, (_, i) => i);
  const outside = cpus.filter((c) => !allowed.includes(c));
  if (outside.length > 0)
    throw new RangeError(
      `stat: --cpu ${outside.join(',')} is not among the CPUs this process may use (${allowed.join(',')})`,
    );
}

function unsupportedReasonFor(outcome: PlanOutcome, platform: StatPlatform, excludeKernel: boolean) {
  return (m: MetricName): string => {
    if (m === 'cpu-migrations' && excludeKernel) {
      return 'reads 0 with exclude_kernel (unprivileged, perf_event_paranoid >= 2) and wait4 has no per-child count';
    }
    const ev = outcome.events?.find((e) => e.name === m);
    if (ev && !ev.available) return ev.reason ?? (ev.code ? `${ev.code}` : 'not available');
    if (ev && ev.available) return 'counter never ran (time_running = 0)';
    if ((ALL_EVENTS as readonly string[]).includes(m))
      return `not counted by the ${platform.kind} platform's child runner`;
    return `no per-child rusage from the ${platform.kind} platform's child runner`;
  };
}

export async function stat(options: StatOptions): Promise<StatResult> {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('stat: pass an options object, e.g. stat({ command: ["node", "x.js"] })');
  if (options.vs !== undefined && !Array.isArray(options.vs))
    throw new TypeError('stat: vs must be an array of commands');
  const shell = options.shell ?? false;
  const runs = options.runs ?? DEFAULT_RUNS;
  const warmup = options.warmup ?? 0;
  checkCount('runs', runs, 1);
  checkCount('warmup', warmup, 0);
  const events: CounterEventName[] = options.events ? [...options.events] : [...ALL_EVENTS];
  const unknown = events.filter((e) => !(ALL_EVENTS as readonly string[]).includes(e));
  if (unknown.length > 0) throw new RangeError(`stat: unknown event(s): ${unknown.join(', ')}`);
  const argvs = [options.command, ...(options.vs ?? [])].map((c) => toArgv(c, shell));
  const platform = options.platform ?? (await loadDefaultPlatform());
  const excludeKernel = options.excludeKernel ?? defaultExcludeKernel();
  checkCpus(options.cpus, platform);
  const cap = platform.child.capability();
  if (!cap.supported)
    throw new Error(
      `cannot run commands: the ${platform.kind} platform's child runner is not ` +
        `supported: ${cap.reason ?? 'no reason given'}`,
    );

  const outcome = await executePlan(platform, {
    argvs,
    runs,
    warmup,
    events,
    excludeKernel,
    cpus: options.cpus,
    noAslr: options.noAslr,
    timeoutMs: options.timeoutMs,
    showOutput: options.showOutput,
    signal: options.signal,
    onRun: options.onRun,
  });

  const wanted: MetricName[] = METRICS.filter((m) => !m.event || events.includes(m.event)).map((m) => m.name);
  const reason = unsupportedReasonFor(outcome, platform, excludeKernel);
  const commands: CommandResult[] = argvs.map((argv, c) => {
    const cmdRuns = outcome.runs[c];
    const { metrics, unsupported } = summarizeRuns(cmdRuns, wanted, reason);
    if (excludeKernel && metrics['context-switches'])
      metrics['context-switches'].source = 'wait4 rusage (nvcsw + nivcsw)';
    const warning = firstRunsWarning(cmdRuns);
    return {
      command: commandLabel(argv, shell),
      argv,
      runCount: cmdRuns.filter((r) => !r.warmup && r.ok).length,
      warmupCount: cmdRuns.filter((r) => r.warmup).length,
      metrics,
      unsupported,
      derived: deriveMetrics(metrics),
      runs: cmdRuns,
      failures: outcome.failures[c],
      warnings: warning ? [warning] : [],
    };
  });
  const noise = options.noiseThreshold ?? DEFAULT_NOISE_THRESHOLD;
  const comparisons = commands.length > 1 ? compareAll(commands, { noiseThreshold: noise }) : [];

  const notes = [
    'std error = standard error of the mean (stddev / sqrt(n)); perf stat prints ' +
      'this as "±". std dev is the sample standard deviation.',
    '95 % CI: Student t interval of the mean over the successful measured runs; every metric is a time, ' +
      'a count or a size, so a lower end below 0 is shown as 0.',
  ];
  if (excludeKernel && events.includes('context-switches')) {
    notes.push(
      'context-switches come from wait4 rusage (nvcsw + nivcsw): with exclude_kernel the perf counter reads 0.',
    );
  }
  if (commands.length > 1) {
    notes.push(
      `ratio = mean(contender) / mean(baseline), 95 % Welch t-interval of the log ` +
        `ratio over runs; a change must exceed ${percent(noise, 2)} to count; ` +
        `no verdict with fewer than ${MIN_RUNS_FOR_VERDICT} runs per command; runs ` +
        `interleaved; faster/slower holds after Holm's adjustment over every compared metric ` +
        `(family-wise 5 %).`,
    );
  }
  return {
    schema: 'cyclebench-stat/1',
    environment: options.environment ?? minimalEnvironment(platform),
    platform: platform.kind,
    excludeKernel,
    interrupted: outcome.interrupted,
    commands,
    comparisons,
    notes,
  };
}
