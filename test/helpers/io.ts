// A capturing Io for exact CLI output in tests.
import type { Io } from '../../src/cli/io.js';

export function captureIo(env: Record<string, string | undefined> = {}): Io & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env,
    cwd: '/',
    out: () => out,
    err: () => err,
  };
}

/** Runs the CLI's main() in this process with a capturing Io in `cwd`: exit code and both streams. */
export async function runCli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const { main } = await import('../../src/cli/main.js');
  const io = { ...captureIo(), cwd };
  const code = await main(argv, io);
  return { code, stdout: io.out(), stderr: io.err() };
}
