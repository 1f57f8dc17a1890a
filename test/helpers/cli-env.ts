// The CLI's main() in this process, as bin/cyclebench.js calls it, with environment variables
// for the call: a run's workers inherit this process's environment
// (src/orchestrator/worker-process.ts), so a variable a fixture or a worker reads is set here for
// the call and put back after; the capturing Io (test/helpers/io.ts) is given the same. Tests run
// one at a time in a file, so no other test sees the variables.
import { captureIo } from './io.js';

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `fn` with ENV set in this process (so the workers it starts inherit it), then puts ENV back. */
export async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** main(ARGS) in CWD with ENV set for the call: exit code and both streams. */
export async function runCliWithEnv(
  args: string[],
  env: Record<string, string> = {},
  cwd = process.cwd(),
): Promise<CliResult> {
  const { main } = await import('../../src/cli/main.js');
  return withEnv(env, async () => {
    const io = { ...captureIo(env), cwd };
    const status = await main(args, io);
    return { status, stdout: io.out(), stderr: io.err() };
  });
}
