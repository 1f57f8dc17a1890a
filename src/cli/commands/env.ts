// `cyclebench env [--json]`: what this machine will do to your numbers, and how to fix it
// (the `environment` object of every result document). A thin shell over src/env; it reads
// and reports, never changes the system.

import { parseArgs } from 'node:util';
import { adviceFor } from '../../env/advice.js';
import { collectEnvironment, type EnvironmentOptions } from '../../env/environment.js';
import { formatEnvironment } from '../../env/format.js';
import { loadPlatform } from '../../platform/load.js';
import type { Platform } from '../../platform/types.js';
import { type Command, EXIT_OK, EXIT_USAGE, type Io } from '../io.js';

export const ENV_USAGE = `Usage: cyclebench env [--json]

Prints the platform capabilities (clock, counters, affinity, ASLR) and the machine facts
that move benchmark numbers, with advice per knob. Changes nothing.

Options:
  --json      print one JSON object (the environment record, advice under "advice")
  -h, --help  show this help
`;

export interface EnvCommandDeps extends EnvironmentOptions {
  /** Injected for tests; default: the process-wide platform (native, or JS with the reason). */
  platform?: () => Platform;
}

export function makeEnvCommand(deps: EnvCommandDeps = {}): Command {
  return async (args: string[], io: Io): Promise<number> => {
    let values: { json?: boolean; help?: boolean };
    try {
      const parsed = parseArgs({
        args,
        options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
        strict: true,
        allowPositionals: false,
      });
      values = parsed.values;
    } catch (e) {
      // parseArgs' message is long; its first sentence names the bad option.
      io.stderr.write(`cyclebench env: ${(e as Error).message.split('. ')[0]}\n\n${ENV_USAGE}`);
      return EXIT_USAGE;
    }
    if (values.help) {
      io.stdout.write(ENV_USAGE);
      return EXIT_OK;
    }
    const platform = (deps.platform ?? loadPlatform)();
    const env = collectEnvironment(platform, deps);
    const advice = adviceFor(env);
    if (values.json) io.stdout.write(JSON.stringify({ ...env, advice }, null, 2) + '\n');
    else io.stdout.write(formatEnvironment(env, advice));
    return EXIT_OK;
  };
}

export const envCommand: Command = makeEnvCommand();
