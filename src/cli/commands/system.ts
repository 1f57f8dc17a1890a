// `cyclebench system show|tune|reset [--state-file PATH]`: a thin shell over src/env/system.ts.
// Nothing is changed without an explicit `tune` or `reset` by root .

import { defaultStatePath, systemReset, systemShow, systemTune, type SystemOptions } from '../../env/system.js';
import { type Command, EXIT_OK, EXIT_USAGE, type Io, usageLine } from '../io.js';
import { defineCommand, helpText, readCommandLine } from '../options.js';

export const SYSTEM_SPEC = defineCommand({
  command: 'system',
  usage: 'cyclebench system show|tune|reset [--state-file PATH]',
  about: `  show    print the CPU frequency controls (governor, boost/turbo) and any saved state
  tune    (root) save the current values, then set the performance governor on every CPU
          and turn boost/turbo off; controls this machine lacks are reported, not faked
  reset   (root) write back exactly the values saved by tune, then delete the state file`,
  column: 21,
  options: {
    'state-file': {
      kind: 'custom',
      parse: (path: string) => path,
      default: defaultStatePath(),
      arg: 'PATH',
      help: `where tune saves the previous state
(default: {default}; reset refuses a
file that is a symlink, not owned by root, or writable by others)`,
    },
  },
});

export const SYSTEM_USAGE = helpText(SYSTEM_SPEC);

const ACTIONS = { show: systemShow, tune: systemTune, reset: systemReset } as const;

export type SystemCommandDeps = Omit<SystemOptions, 'statePath'>;

export function makeSystemCommand(deps: SystemCommandDeps = {}): Command {
  return async (args: string[], io: Io): Promise<number> => {
    const usageError = (msg: string) => {
      io.stderr.write(usageLine('system', msg));
      return EXIT_USAGE;
    };
    let line;
    let values;
    try {
      line = readCommandLine(SYSTEM_SPEC, args);
      values = line.values();
    } catch (e) {
      return usageError((e as Error).message);
    }
    if (line.help) {
      io.stdout.write(SYSTEM_USAGE);
      return EXIT_OK;
    }
    const [action, ...extra] = line.positionals;
    if (action === undefined) return usageError('missing action: show, tune or reset');
    if (!(action in ACTIONS)) return usageError(`unknown action '${action}' (expected show, tune or reset)`);
    if (extra.length) return usageError(`unexpected argument '${extra[0]}'`);
    const outcome = ACTIONS[action as keyof typeof ACTIONS]({ ...deps, statePath: values['state-file'] });
    for (const l of outcome.lines) io.stdout.write(l + '\n');
    for (const l of outcome.errors) io.stderr.write(`cyclebench system ${action}: ${l}\n`);
    return outcome.exitCode;
  };
}

export const systemCommand: Command = makeSystemCommand();
