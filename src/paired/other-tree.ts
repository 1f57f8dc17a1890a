// The other tree of a paired run: a directory as given, or a git ref checked out with
// `git worktree add --detach` into a temporary directory. The checkout is removed by
// dispose() and, should the process exit before that (a second Ctrl-C exits at once,
// src/orchestrator/stop-signals.ts), by an 'exit' handler: both are synchronous.
// A checkout is named for the process that made it (its pid): one a killed run left is removed,
// and its registration pruned, by the next paired run against a git ref of the same repository
// (removeStaleCheckouts).
// A checkout has no node_modules (git does not track it): this tree's is linked in, so
// `import 'cyclebench'` and the other dependencies resolve to the versions installed here,
// while the benchmark files and the code they import relatively come from the ref.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { makeOwnTempDir, ownDirectory, ownerPid, processGone, removeStaleTempDirs } from '../platform/stale-temp.js';

const CHECKOUT_PREFIX = 'cyclebench-against-';

export class OtherTreeError extends Error {
  override name = 'OtherTreeError';
}

export interface OtherTree {
  /** Root of the current tree (git top level, or the working directory outside git). */
  currentRoot: string;
  /** Root of the other tree. */
  root: string;
  /** What the user named, for reports. */
  label: string;
  /** The temporary checkout, when the other tree is a git ref. */
  checkout?: string;
  dispose(): void;
}

/**
 * How long one git command may take before it is killed (SIGKILL): a git waiting on another
 * process's lock, a hook, or a hung network file system would otherwise hold the run forever.
 * Generous, as `worktree add` writes a whole checkout. A field so that tests can shorten it.
 */
export const gitLimits = { timeoutMs: 120_000 };

/** A git command that did not finish in time (the run stops with this one line). */
class GitTimeout extends OtherTreeError {}

function git(cwd: string, args: string[]): string {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: gitLimits.timeoutMs,
      killSignal: 'SIGKILL',
    }).trim();
  } catch (e) {
    if ((e as { code?: unknown }).code !== 'ETIMEDOUT') throw e;
    const what = `git ${args.slice(0, 2).join(' ')}`;
    throw new GitTimeout(`${what} did not finish within ${gitLimits.timeoutMs / 1000} s in ${cwd}; it was stopped`);
  }
}

function gitRoot(cwd: string): string | null {
  try {
    return git(cwd, ['rev-parse', '--show-toplevel']);
  } catch (e) {
    if (e instanceof GitTimeout) throw e;
    return null;
  }
}

/** Resolves `spec` (a directory or a git ref) against the working directory `cwd`. */
export function openOtherTree(spec: string, cwd: string): OtherTree {
  const top = gitRoot(cwd);
  const dir = resolve(cwd, spec);
  // A directory is the other tree's root, paired with this tree's root (git top level, or cwd).
  if (existsSync(dir) && statSync(dir).isDirectory())
    return { currentRoot: top ?? cwd, root: dir, label: spec, dispose: () => {} };
  if (!top) throw new OtherTreeError(`--against '${spec}' is not a directory (and ${cwd} is in no git repository)`);
  let commit: string;
  try {
    commit = git(top, ['rev-parse', '--verify', '--quiet', `${spec}^{commit}`]);
  } catch (e) {
    if (e instanceof GitTimeout) throw e;
    throw new OtherTreeError(`--against '${spec}' is neither a directory nor a git ref of ${top}`);
  }
  removeStaleCheckouts(top);
  const checkout = makeOwnTempDir(CHECKOUT_PREFIX);
  let removed = false;
  const dispose = () => {
    if (removed) return;
    removed = true;
    process.off('exit', dispose);
    try {
      git(top, ['worktree', 'remove', '--force', checkout]);
    } catch {
      // not registered (add failed) or already gone: the directory is removed below
    }
    rmSync(checkout, { recursive: true, force: true });
    try {
      git(top, ['worktree', 'prune']);
    } catch {
      // pruning is housekeeping only
    }
  };
  process.on('exit', dispose);
  try {
    git(top, ['worktree', 'add', '--detach', checkout, commit]);
  } catch (e) {
    dispose();
    if (e instanceof GitTimeout) throw new OtherTreeError(`could not check out '${spec}': ${e.message}`);
    const why = String((e as { stderr?: unknown }).stderr ?? (e as Error).message)
      .trim()
      .split('\n')[0];
    throw new OtherTreeError(`could not check out '${spec}': ${why}`);
  }
  const modules = join(top, 'node_modules');
  if (existsSync(modules) && !existsSync(join(checkout, 'node_modules')))
    symlinkSync(modules, join(checkout, 'node_modules'), 'dir');
  return { currentRoot: top, root: checkout, label: `${spec} (${commit.slice(0, 12)})`, checkout, dispose };
}

/**
 * Removes the checkouts of killed paired runs: worktrees of the repository at TOP named
 * `cyclebench-against-<pid>-*` whose process is gone (wherever the temporary directory was then),
 * the same names left unregistered in this temporary directory, and the registrations of
 * worktrees whose directory no longer exists (`git worktree prune`).
 */
export function removeStaleCheckouts(top: string): void {
  let listing = '';
  try {
    listing = git(top, ['worktree', 'list', '--porcelain']);
  } catch (e) {
    if (e instanceof GitTimeout) throw e;
    return;
  }
  for (const line of listing.split('\n')) {
    if (!line.startsWith('worktree ')) continue;
    const path = line.slice('worktree '.length);
    const pid = ownerPid(CHECKOUT_PREFIX, basename(path));
    if (pid === null || !processGone(pid)) continue;
    if (existsSync(path) && !ownDirectory(path)) continue;
    try {
      git(top, ['worktree', 'remove', '--force', path]);
    } catch {
      // already unregistered, or locked: the directory goes below, the registration with prune
    }
    if (ownDirectory(path)) rmSync(path, { recursive: true, force: true });
  }
  removeStaleTempDirs(CHECKOUT_PREFIX);
  try {
    git(top, ['worktree', 'prune']);
  } catch {
    // pruning is housekeeping only
  }
}

/** The other tree's counterpart of a file of the current tree (same path from the root). */
export function counterpart(tree: Pick<OtherTree, 'currentRoot' | 'root'>, file: string): string {
  return join(tree.root, relative(tree.currentRoot, file));
}
