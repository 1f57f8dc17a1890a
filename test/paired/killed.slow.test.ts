// A paired run against a git ref killed by SIGKILL: no process it started is left (found through
// /proc by a marker in the environment), and its checkout, still registered as a worktree, is
// removed and unregistered by the next paired run of the repository.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, expect, it } from 'vitest';
import { killMarked, LEFTOVER_ENV, leftoverId, markedAfter, until } from '../helpers/leftovers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'bin/cyclebench.js');
const INDEX = join(ROOT, 'src/index.ts');
const scratch = mkdtempSync(join(tmpdir(), 'cb-against-killed-'));
const repo = join(scratch, 'repo');
const temp = join(scratch, 'tmp'); // TMPDIR of the runs: where their checkouts go
const marker = join(scratch, 'marker');
mkdirSync(repo);
mkdirSync(temp);
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
git('init', '-q');
writeFileSync(join(repo, 'k.bench.ts'), `import { bench } from '${INDEX}';\nbench('one', () => 1);\n`);
// Spins once called, after starting a setsid sleep, and says so through the marker.
writeFileSync(
  join(repo, 'spin.bench.ts'),
  `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { bench } from '${INDEX}';
bench('spin', () => {
  spawn('sleep', ['307'], { stdio: 'ignore', detached: true }).unref();
  writeFileSync(process.env.CB_TEST_MARKER!, '');
  for (;;) {}
});
`,
);
git('add', '.');
git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'v1');

const checkouts = () => readdirSync(temp).filter((n) => n.startsWith('cyclebench-against-'));
const worktrees = () =>
  git('worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree '));

const ids: string[] = [];
afterEach(() => ids.splice(0).forEach(killMarked));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function start(args: string[]) {
  const id = leftoverId();
  ids.push(id);
  const child = spawn(process.execPath, [CLI, 'run', ...args, '--against', 'HEAD', '--no-pin', '--quiet'], {
    cwd: repo,
    env: { ...process.env, TMPDIR: temp, CB_TEST_MARKER: marker, [LEFTOVER_ENV]: id },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let ended = false;
  const exited = new Promise<number | null>((r) =>
    child.on('exit', (code) => {
      ended = true;
      r(code);
    }),
  );
  /** Polls until `ready()` holds (up to 240 s); a run that ended first fails at once, with what it printed. */
  const waitFor = async (ready: () => boolean) => {
    const ok = await until(() => ended || ready(), 240_000);
    if (ended && !ready()) throw new Error(`the run ended before the test killed it:\n${stderr}`);
    return ok;
  };
  return { child, id, exited, waitFor };
}

it('SIGKILL: no process left; the next paired run removes and unregisters the checkout', async () => {
  const killed = start(['spin.bench.ts', '--timeout', '600']);
  // Before the kernel's first call: the CLI, the checkout, two listings and a worker whose tsx
  // cache (a fresh TMPDIR) starts empty, so allow a loaded machine minutes.
  expect(await killed.waitFor(() => existsSync(marker))).toBe(true);
  killed.child.kill('SIGKILL');
  await killed.exited;
  expect(await markedAfter(killed.id)).toEqual([]);
  // What the killed run left on disk: its checkout, registered in the repository.
  const [left] = checkouts();
  expect(left).toMatch(new RegExp(`^cyclebench-against-${killed.child.pid}-`));
  expect(worktrees()).toHaveLength(2);

  const next = start(['k.bench.ts', '--time', '0.05', '--max-pairs', '2']);
  expect(await next.exited).toBe(0);
  expect(checkouts()).toEqual([]);
  expect(worktrees()).toHaveLength(1);
  expect(await markedAfter(next.id)).toEqual([]);
}, 300_000);
