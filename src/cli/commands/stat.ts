// `cyclebench stat`: a thin shell over the stat() library (habit 8). Parses, runs,
// prints one message per failed run on stderr, renders the reporters, and maps the
// outcome to an exit code. Ctrl-C aborts: the running child is killed and what was
// collected is printed (exit 130).

import { resolve } from 'node:path';
import { type Command, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Io, UsageError, usageLine } from '../io.js';
import { parseStatArgs, STAT_USAGE } from './stat-args.js';
import { checkOutputPaths, type OutputRequest, tryWrite } from '../../results/output-files.js';
import { REPORTERS, stat, type StatFormat, type StatPlatform, type StatResult } from '../../api/command-stat.js';
import { exitCodeFor, onStopSignals, type StopSignal } from '../../api/command-common.js';
import { escapeControls } from '../../text/terminal-safe.js';
import { type ExportFiles, exportRequests, writeExports } from '../../export/write.js';

export interface StatCommandDeps {
  platform?: StatPlatform;
  environment?: Record<string, unknown>;
  /** Overrides the privilege-based default (tests pin it so golden output is machine-independent). */
  excludeKernel?: boolean;
  /** Subscribes to Ctrl-C; returns the unsubscribe. Default: SIGINT, SIGTERM and SIGHUP of this process. */
  onInterrupt?: (handler: (signal?: StopSignal) => void) => () => void;
}

function processInterrupt(handler: (signal: StopSignal) => void): () => void {
  return onStopSignals(handler).off;
}

type StatFiles = Partial<Record<StatFormat, string>>;

/** Files named (not '-') for --json/--csv/--markdown, for the check before any command runs. */
function namedFiles(files: StatFiles): OutputRequest[] {
  return (Object.entries(files) as [StatFormat, string | undefined][])
    .filter(([, f]) => f !== undefined && f !== '-')
    .map(([format, path]) => ({ label: `--${format}`, path: path! }));
}

/** Writes each output; returns whether JSON went to stdout and the one-line failures. */
function writeOutputs(result: StatResult, files: StatFiles, io: Io): { toStdout: boolean; failed: boolean } {
  let toStdout = false;
  let failed = false;
  for (const [format, file] of Object.entries(files) as [StatFormat, string | undefined][]) {
    if (file === undefined) continue;
    const text = REPORTERS[format](result);
    if (file === '-') {
      io.stdout.write(text);
      toStdout = true;
    } else {
      const error = tryWrite(resolve(io.cwd, file), text);
      if (error) failed = true;
      io.stderr.write(`cyclebench stat: ${error ? `--${format}: ${error}` : `wrote ${format} to ${file}`}\n`);
    }
  }
  return { toStdout, failed };
}

export function makeStatCommand(deps: StatCommandDeps = {}): Command {
  return async (args: string[], io: Io): Promise<number> => {
    let parsed;
    try {
      parsed = parseStatArgs(args);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      io.stderr.write(usageLine('stat', e.message.replace(/^stat: /, '')));
      return EXIT_USAGE;
    }
    if (parsed === 'help') {
      io.stdout.write(STAT_USAGE);
      return EXIT_OK;
    }
    const files: StatFiles = { json: parsed.json, csv: parsed.csv, markdown: parsed.markdown };
    const exports: ExportFiles = { bmf: parsed.bmf, githubBenchmark: parsed.githubBenchmark };
    const problem = checkOutputPaths([...namedFiles(files), ...exportRequests(exports)], [], io.cwd);
    if (problem) {
      io.stderr.write(`cyclebench stat: ${problem}\n`);
      return EXIT_USAGE;
    }
    const abort = new AbortController();
    let stoppedBy: StopSignal = 'SIGINT';
    const unsubscribe = (deps.onInterrupt ?? processInterrupt)((signal) => {
      stoppedBy = signal ?? 'SIGINT';
      abort.abort();
    });
    let result: StatResult;
    try {
      const [first, ...rest] = parsed.commands.map((c) => (parsed.shell ? c.join(' ') : c));
      result = await stat({
        command: first,
        vs: rest,
        runs: parsed.runs,
        warmup: parsed.warmup,
        cpus: parsed.cpus,
        noAslr: parsed.noAslr,
        events: parsed.events,
        timeoutMs: parsed.timeoutMs,
        shell: parsed.shell,
        noiseThreshold: parsed.noise,
        seed: parsed.seed,
        showOutput: parsed.showOutput,
        platform: deps.platform,
        environment: deps.environment,
        excludeKernel: deps.excludeKernel,
        signal: abort.signal,
        onRun: (run, failure) => {
          if (!failure) return;
          const which = parsed.commands.length > 1 ? `[${run.command + 1}] ` : '';
          io.stderr.write(
            `cyclebench stat: ${which}run #${run.run + 1}${run.warmup ? ' (warmup)' : ''}: ` +
              `${escapeControls(failure.message)}\n`,
          );
        },
      });
    } catch (e) {
      if (e instanceof RangeError) {
        io.stderr.write(usageLine('stat', e.message.replace(/^stat: /, '')));
        return EXIT_USAGE;
      }
      io.stderr.write(`cyclebench stat: ${(e as Error).message}\n`);
      return EXIT_FAILURE;
    } finally {
      unsubscribe();
    }
    const written = writeOutputs(result, files, io);
    const exported = writeExports(result, exports, io.cwd);
    for (const path of exported.written) io.stderr.write(`cyclebench stat: wrote ${path}\n`);
    for (const line of exported.failed) io.stderr.write(`cyclebench stat: ${line}\n`);
    if (exported.failed.length) written.failed = true;
    if (!written.toStdout) io.stdout.write(REPORTERS.text(result));
    if (result.interrupted) return exitCodeFor(stoppedBy);
    if (written.failed) return EXIT_FAILURE;
    return result.commands.some((c) => c.failures.length > 0 || c.runCount === 0) ? EXIT_FAILURE : EXIT_OK;
  };
}

export const statCommand: Command = makeStatCommand();
