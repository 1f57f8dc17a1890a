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
