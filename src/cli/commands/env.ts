// `cyclebench env [--json]`: what this machine will do to your numbers, and how to fix it
// (the `environment` object of every result document). A thin shell over src/env; it reads
// and reports, never changes the system.

import { adviceFor } from '../../env/advice.js';
import { collectEnvironment, type EnvironmentOptions } from '../../env/environment.js';
import { formatEnvironment } from '../../env/format.js';
import { loadPlatform, type Platform } from '../../api/command-common.js';
import { resolve } from 'node:path';
import { checkOutputPaths, tryWrite } from '../../results/output-files.js';
import { type Command, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Io, usageLine } from '../io.js';
import { defineCommand, helpText, readCommandLine } from '../options.js';

/** `env --json` with no file after it (the older form) writes to standard output, as `--json -`. */
function jsonToStdout(args: string[]): string[] {
  return args.flatMap((a, i) =>
    a === '--json' && (i === args.length - 1 || (args[i + 1].startsWith('-') && args[i + 1] !== '-')) ? [a, '-'] : [a],
  );
}

export const ENV_SPEC = defineCommand({
  command: 'env',
  usage: 'cyclebench env [--json FILE]',
  about: `Prints the platform capabilities (clock, counters, affinity, ASLR) and the machine facts
that move benchmark numbers, with advice per knob. Changes nothing.`,
  column: 15,
  positionals: false,
  options: {
    json: {
      kind: 'string',
      arg: 'FILE',
      help: `write one JSON object (the environment record, advice under "advice");
- or nothing after --json: standard output`,
    },
  },
});

export const ENV_USAGE = helpText(ENV_SPEC);

export interface EnvCommandDeps extends EnvironmentOptions {
  /** Injected for tests; default: the process-wide platform (native, or JS with the reason). */
  platform?: () => Platform;
}

export function makeEnvCommand(deps: EnvCommandDeps = {}): Command {
  return async (args: string[], io: Io): Promise<number> => {
    let line;
    try {
      line = readCommandLine(ENV_SPEC, jsonToStdout(args));
    } catch (e) {
      io.stderr.write(usageLine('env', (e as Error).message));
      return EXIT_USAGE;
    }
    if (line.help) {
      io.stdout.write(ENV_USAGE);
      return EXIT_OK;
    }
    const values = line.values();
    const platform = (deps.platform ?? loadPlatform)();
    const env = collectEnvironment(platform, deps);
    const advice = adviceFor(env);
    if (values.json === undefined) {
      io.stdout.write(formatEnvironment(env, advice));
      return EXIT_OK;
    }
    const json = JSON.stringify({ ...env, advice }, null, 2) + '\n';
    if (values.json === '-') {
      io.stdout.write(json);
      return EXIT_OK;
    }
    const problem = checkOutputPaths([{ label: '--json', path: values.json }], [], io.cwd);
    const failed = problem ?? tryWrite(resolve(io.cwd, values.json), json);
    if (failed) {
      io.stderr.write(`cyclebench env: ${problem ? failed : `--json: ${failed}`}\n`);
      return problem ? EXIT_USAGE : EXIT_FAILURE;
    }
    io.stdout.write(formatEnvironment(env, advice));
    return EXIT_OK;
  };
}

export const envCommand: Command = makeEnvCommand();
