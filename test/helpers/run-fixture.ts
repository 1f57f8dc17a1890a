// Runs a child fixture from test/fixtures with tsx (or plain node for .mjs) and parses
// the last JSON line of its stdout. Child processes keep pinning, locking and exec away
// from the vitest worker.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface FixtureRun<T> {
  result: SpawnSyncReturns<string>;
  json: T;
}

export function runFixture<T>(
  file: string,
  args: string[] = [],
  opts: { env?: Record<string, string | undefined>; wrap?: string[]; nodeFlags?: string[] } = {},
): FixtureRun<T> {
  const script = `test/fixtures/${file}`;
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const argv = [...(opts.nodeFlags ?? []), ...loader, script, ...args];
  const [cmd, ...pre] = opts.wrap ? [...opts.wrap, process.execPath] : [process.execPath];
  // A CYCLEBENCH_PLATFORM=js in the caller's environment must not turn native checks into JS ones.
  const env: Record<string, string | undefined> = { ...process.env, CYCLEBENCH_PLATFORM: undefined, ...opts.env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const result = spawnSync(cmd, [...pre, ...argv], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  const line = result.stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (!line) throw new Error(`${file} printed no JSON (status ${result.status}): ${result.stderr}`);
  return { result, json: JSON.parse(line) as T };
}
