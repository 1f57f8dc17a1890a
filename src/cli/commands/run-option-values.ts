// The values of `cyclebench run`'s options that need more than a number or a name checked
// (src/cli/commands/run-options.ts holds the table that uses them): a regular expression, a CPU
// choice, the --counters mode. Each error is a UsageError: one line naming the option.
import { cpuList, oneOf } from '../args.js';
import { UsageError } from '../io.js';
import type { SimulationChoice } from '../../api/command-run.js';

/** Another module's check, its error as a UsageError. */
export function usage<T>(check: (value: string, name: string) => T): (value: string, name: string) => T {
  return (value, name) => {
    try {
      return check(value, name);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  };
}

/** --filter: a regular expression over "group/name". */
export function regex(value: string): RegExp {
  try {
    return new RegExp(value);
  } catch (e) {
    throw new UsageError(`--filter is not a valid regular expression: ${(e as Error).message}`);
  }
}

/** --cpu: a CPU list, or 'idlest' / 'highest'. */
export function cpuChoice(value: string, name: string): number[] | 'idlest' | 'highest' {
  return value === 'idlest' || value === 'highest' ? value : cpuList(name, value)!;
}

/** --counters MODE: `hardware`, `none`, `simulate` or `simulate:instructions|cache|branch[,…]`. */
export interface CountersMode {
  mode: 'hardware' | 'simulate' | 'none';
  /** simulate:…, the simulations chosen. */
  simulate?: SimulationChoice;
}

export function countersMode(value: string, name: string): CountersMode {
  const [mode, what] = value.split(/:(.*)/s) as [string, string | undefined];
  const checked = oneOf(name, what === undefined ? value : mode, ['hardware', 'simulate', 'none'] as const, 'hardware');
  if (what === undefined) return { mode: checked };
  if (checked !== 'simulate')
    throw new UsageError(`--counters ${mode} takes no ':' part (only simulate:instructions|cache|branch does)`);
  return { mode: checked, simulate: simulationChoice(what) };
}

/** `simulate:instructions` (instructions only), `simulate:cache`, `simulate:branch`, `simulate:cache,branch`. */
export function simulationChoice(what: string): SimulationChoice {
  const parts = what.split(',').map((x) => x.trim());
  const known = ['instructions', 'cache', 'branch'];
  const bad = parts.find((x) => !known.includes(x));
  if (bad !== undefined)
    throw new UsageError(
      `--counters simulate:${what}: '${bad}' is not one of instructions, cache, branch (e.g. simulate:instructions)`,
    );
  return { cache: parts.includes('cache'), branch: parts.includes('branch') };
}
