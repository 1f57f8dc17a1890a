// The CLI is a thin shell (habit 8): each command is `(args, io) => exit code` over
// the public API. Io is injectable so tests capture output exactly.

export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

export type Command = (args: string[], io: Io) => Promise<number>;

export function processIo(): Io {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

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
