// The CLI is a thin shell (habit 8): each command is `(args, io) => exit code` over
// the public API. Io is injectable so tests capture output exactly.

import type { Io } from '../text/io.js';

export { type Io, processIo } from '../text/io.js';

export type Command = (args: string[], io: Io) => Promise<number>;

/** Exit codes: 0 ok, 1 a measured failure (benchmark error, regression), 2 bad usage or input. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A usage error: one line naming the problem and where the options are listed. */
export function usageLine(command: string, message: string): string {
  const name = command ? `cyclebench ${command}` : 'cyclebench';
  return `${name}: ${message}\nsee ${name} --help\n`;
}
