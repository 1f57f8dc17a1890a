// A git command of a paired run that never finishes (a lock held by another process, a hook, a hung
// network file system) is stopped after gitLimits.timeoutMs with one line naming it, and leaves no
// process and no checkout behind. `git` on PATH is a script that runs the real git, except for the
// one command it is told to hang on, where it sleeps.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitLimits, openOtherTree, OtherTreeError } from '../../src/paired/other-tree.js';

const REAL_GIT = execFileSync('which', ['git'], { encoding: 'utf8' }).trim();
const scratch = mkdtempSync(join(tmpdir(), 'cb-git-timeout-'));
const repo = join(scratch, 'repo');
const temp = join(scratch, 'tmp');
const bin = join(scratch, 'bin');
const pidFile = join(scratch, 'hung.pid');
const saved = { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, timeoutMs: gitLimits.timeoutMs };

// Long enough for a real git on a loaded machine, short enough for a test.
const LIMIT_MS = 5_000;

beforeAll(() => {
  for (const d of [repo, temp, bin]) mkdirSync(d);
  const g = (...args: string[]) => execFileSync(REAL_GIT, args, { cwd: repo });
  g('init', '-q');
  g('config', 'user.email', 'a@b.c');
  g('config', 'user.name', 'a');
  writeFileSync(join(repo, 'k.txt'), 'x\n');
  g('add', '.');
  g('commit', '-qm', 'one');
  writeFileSync(
    join(bin, 'git'),
    `#!/bin/sh\nif [ "$1 $2" = "$HANG_ON" ]; then echo $$ > ${pidFile}; exec sleep 600; fi\nexec ${REAL_GIT} "$@"\n`,
  );
  chmodSync(join(bin, 'git'), 0o755);
  process.env.PATH = `${bin}:${process.env.PATH}`;
  process.env.TMPDIR = temp;
  gitLimits.timeoutMs = LIMIT_MS;
});

afterAll(() => {
  process.env.PATH = saved.PATH;
  if (saved.TMPDIR === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved.TMPDIR;
  gitLimits.timeoutMs = saved.timeoutMs;
  delete process.env.HANG_ON;
});

/** Whether the process the hung git became is still there. */
function hungAlive(): boolean {
  const pid = Number(readFileSync(pidFile, 'utf8'));
  return existsSync(`/proc/${pid}`);
}

function worktrees(): string[] {
  return execFileSync(REAL_GIT, ['worktree', 'list', '--porcelain'], { cwd: repo, encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.startsWith('worktree '));
}

describe('git calls of a paired run have a time limit', () => {
  it('with nothing hanging, the scripted git checks out the ref and removes it (the script passes through)', () => {
    delete process.env.HANG_ON;
    const tree = openOtherTree('HEAD', repo);
    expect(existsSync(join(tree.root, 'k.txt'))).toBe(true);
    tree.dispose();
    expect(worktrees()).toHaveLength(1);
  });

  it('a hung `git rev-parse` is stopped: one line naming it, the process gone', () => {
    process.env.HANG_ON = 'rev-parse --show-toplevel';
    let err: unknown;
    try {
      openOtherTree('HEAD', repo);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OtherTreeError);
    expect((err as Error).message).toBe(
      `git rev-parse --show-toplevel did not finish within ${LIMIT_MS / 1000} s in ${repo}; it was stopped`,
    );
    expect(hungAlive()).toBe(false);
  }, 60_000);

  it('a hung `git worktree add` is stopped: one line, no checkout left on disk or registered', () => {
    process.env.HANG_ON = 'worktree add';
    expect(() => openOtherTree('HEAD', repo)).toThrow(
      new OtherTreeError(
        `could not check out 'HEAD': git worktree add did not finish within ${LIMIT_MS / 1000} s in ${repo}; it was stopped`,
      ),
    );
    expect(hungAlive()).toBe(false);
    expect(readdirSync(temp).filter((n) => n.startsWith('cyclebench-against-'))).toEqual([]);
    expect(worktrees()).toHaveLength(1);
  }, 60_000);
});
