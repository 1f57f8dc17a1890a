// Where a library call and a CLI command write and what they read from the process:
// injectable so tests capture output exactly.

export interface Io {
  stdout: { write(s: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(s: string): unknown; isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
  cwd: string;
}

export function processIo(): Io {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/**
 * Width of the terminal a stream writes to: its own columns when it is a terminal, else
 * $COLUMNS, else 80 (a pipe or a file).
 */
export function terminalColumns(stream: { isTTY?: boolean; columns?: number }, env: Io['env']): number {
  if (stream.isTTY && stream.columns && stream.columns > 0) return stream.columns;
  const n = Number(env.COLUMNS);
  return Number.isInteger(n) && n > 0 ? n : 80;
}
