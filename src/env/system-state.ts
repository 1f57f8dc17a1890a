// The state file of `system tune`/`reset`. Reset runs as root and writes the saved values
// back into sysfs, so the file is trusted only when nobody but root (or the user running
// the command) could have written it, and only for controls tune itself knows:
// - it lives in a root-only directory by default (/var/lib/cyclebench, mode 0700);
// - it is opened with O_NOFOLLOW and checked on the open descriptor (fstat), so a symlink
//   or a swap between check and read does not help an attacker;
// - it must be a regular file owned by root or the current user, not writable by group
//   or others;
// - every saved path must be one of the paths readControls() finds now under the CPU
//   sysfs directory, with a value of the shape that control takes.

import { closeSync, constants, fstatSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { InputFileError, parseFiniteJson, readOpenFile } from '../results/input-file.js';
import { dirname, join, normalize } from 'node:path';

/** One writable kernel control that `cyclebench system tune` may change and `reset` restores. */
export interface SystemControl {
  /** Stable id: "governor:cpu3", "boost:cpufreq", "turbo:intel_pstate", "boost:policy0". */
  id: string;
  /** Path relative to ROOT. */
  path: string;
  current: string;
  /** The value tune writes. */
  tuned: string;
}

export const STATE_VERSION = 1;
export { DEFAULT_STATE_PATH } from '../defaults.js';

export interface SavedState {
  version: number;
  savedAt: string;
  controls: { id: string; path: string; value: string }[];
}

export type StateRead = { kind: 'none' } | { kind: 'error'; error: string } | { kind: 'ok'; state: SavedState };

/** The sysfs files tune may change (relative to ROOT), and the values each may hold. */
const CONTROL_PATHS: readonly { re: RegExp; value: RegExp }[] = [
  { re: /^sys\/devices\/system\/cpu\/cpu\d+\/cpufreq\/scaling_governor$/, value: /^[a-z0-9_]{1,32}$/ },
  { re: /^sys\/devices\/system\/cpu\/cpufreq\/boost$/, value: /^[01]$/ },
  { re: /^sys\/devices\/system\/cpu\/cpufreq\/policy\d+\/boost$/, value: /^[01]$/ },
  { re: /^sys\/devices\/system\/cpu\/intel_pstate\/no_turbo$/, value: /^[01]$/ },
];

/** Reads and checks the state file; `owner` is the uid besides root allowed to own it. */
export function readState(root: string, statePath: string, owner: number | null): StateRead {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO planted there does not wait for a writer (refused below).
    fd = openSync(join(root, statePath), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'none' };
    if (code === 'ELOOP') return { kind: 'error', error: `${statePath} is a symbolic link; refusing to use it` };
    return { kind: 'error', error: `${statePath} could not be read (${code ?? String(e)})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { kind: 'error', error: `${statePath} is not a regular file; refusing to use it` };
    if (st.uid !== 0 && st.uid !== owner)
      return { kind: 'error', error: `${statePath} is owned by uid ${st.uid}, not root; refusing to use it` };
    if ((st.mode & 0o022) !== 0)
      return { kind: 'error', error: `${statePath} is writable by group or others; refusing to use it` };
    let parsed: unknown;
    try {
      // Capped in size, depth-checked and finite (src/results/input-file.ts).
      parsed = parseFiniteJson(readOpenFile(fd, st.size));
    } catch (e) {
      if (!(e instanceof InputFileError)) throw e;
      return {
        kind: 'error',
        error: `${statePath} ${e.message.replace(/^(not|is) /, (m) => (m === 'is ' ? 'is ' : 'is not '))}`,
      };
    }
    const s = parsed as SavedState;
    if (!s || s.version !== STATE_VERSION || !Array.isArray(s.controls))
      return { kind: 'error', error: `${statePath} is not a cyclebench ${STATE_VERSION} state file` };
    return { kind: 'ok', state: s };
  } finally {
    closeSync(fd);
  }
}

/**
 * The saved controls reset may write, or the first reason to refuse the whole file: a path
 * outside the known CPU frequency controls, a control this machine does not have now, or
 * a value of the wrong shape.
 */
export function checkSavedControls(saved: SavedState, known: readonly SystemControl[]): string | null {
  for (const c of saved.controls) {
    if (!c || typeof c.id !== 'string' || typeof c.path !== 'string' || typeof c.value !== 'string')
      return 'a saved control is not {id, path, value} strings';
    const path = normalize(c.path).replace(/^\/+/, '');
    const rule = CONTROL_PATHS.find((r) => r.re.test(path));
    if (!rule || path !== c.path.replace(/^\/+/, ''))
      return `saved path ${JSON.stringify(c.path)} is not a CPU frequency control that tune sets`;
    const now = known.find((k) => k.path === path);
    if (!now || now.id !== c.id)
      return `saved control ${JSON.stringify(c.id)} at /${path} is not a control of this machine`;
    if (!rule.value.test(c.value)) return `saved value ${JSON.stringify(c.value)} for ${c.id} is not a valid value`;
  }
  return null;
}

/** Writes a new state file: parent made root-only, the file created exclusively (no follow). */
export function writeState(root: string, statePath: string, state: SavedState): void {
  const file = join(root, statePath);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // 'wx' = O_CREAT|O_EXCL: fails on any existing entry, a planted symlink included.
  writeFileSync(file, JSON.stringify(state, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
}
