// Where a benchmark's .cpuprofile goes: one file per benchmark inside the directory the user
// named, nowhere else. A benchmark's name comes from a bench file and may hold any character
// (docs/reports.md, "Escaping"): the file name keeps only letters, digits, '.', '_' and '-',
// never starts with '.', and starts with the benchmark's place in the run, so two names that
// differ only in what was replaced still get different files.
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { assertOutputPaths, OutputPathError, writeFileAtomic } from '../results/output-files.js';
import type { CpuProfile } from '../profile/cpuprofile.js';

const NAME_MAX = 80;

/**
 * The file name of the profile of the run's `index`-th benchmark (0-based) named `fullName`;
 * `suffix` (safe characters only) goes before the extension.
 */
export function profileFileName(index: number, fullName: string, suffix = ''): string {
  const slug =
    fullName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+|-+$/g, '')
      .slice(0, NAME_MAX) || 'benchmark';
  return `${String(index + 1).padStart(3, '0')}-${slug}${suffix}.cpuprofile`;
}

/**
 * Checks, before anything is measured, that profiles can be written in `dir` (made when missing,
 * under a writable existing directory): OutputPathError, one line, otherwise.
 */
export function checkProfileDir(dir: string, cwd: string): void {
  const abs = resolve(cwd, dir);
  let st;
  try {
    st = statSync(abs);
  } catch {
    // missing: made when the first profile is written, if its parent directories allow it
    return assertOutputPaths([{ label: '--profile', path: dir, createParent: true }], [], cwd);
  }
  if (!st.isDirectory()) throw new OutputPathError(`--profile ${dir} is not a directory`);
  try {
    accessSync(abs, constants.W_OK | constants.X_OK);
  } catch (e) {
    throw new OutputPathError(`--profile ${dir}: directory is not writable (${(e as NodeJS.ErrnoException).code})`);
  }
}

/** Writes one profile atomically in the absolute directory `dir`; returns its path. */
export function writeProfile(dir: string, name: string, profile: CpuProfile): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileAtomic(path, JSON.stringify(profile));
  return path;
}
