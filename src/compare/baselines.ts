// Saved baselines: `--save-baseline NAME` stores a run's result document in
// the project-local folder .cyclebench/baselines/NAME.json; `--baseline NAME` loads it back
// for a comparison. The file IS the versioned result document (schemaVersion inside), so it
// is also readable by `cyclebench compare .cyclebench/baselines/NAME.json head.json`, and
// loading goes through readResultFile (same checks, same one-line errors, older versions
// upgraded). Writes are atomic (temp file + rename): an interrupted save never leaves a
// truncated baseline where a good one was.

import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { documentJson } from '../results/document.js';
import { type FileStamp, writeFileAtomic } from '../results/output-files.js';
import { readResultFile, ResultFileError } from '../results/read.js';
import type { ResultDocument } from '../results/schema.js';

export const BASELINE_DIR = join('.cyclebench', 'baselines');

/** Letters, digits, '.', '_', '-'; not starting with '.'; at most 100 characters. */
const NAME_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;

export class BaselineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaselineError';
  }
}

/** A baseline file that exists but cannot be used (damaged, hostile, not a result document). */
export class DamagedBaselineError extends BaselineError {
  constructor(message: string) {
    super(message);
    this.name = 'DamagedBaselineError';
  }
}

export function checkBaselineName(name: string): string {
  if (!NAME_RE.test(name)) {
    throw new BaselineError(
      `baseline name '${name}' is not allowed: use letters, digits, '.', '_' and '-' ` +
        `(not starting with '.'), up to 100 characters`,
    );
  }
  return name;
}

export function baselinePath(name: string, projectDir: string): string {
  return resolve(projectDir, BASELINE_DIR, `${checkBaselineName(name)}.json`);
}

/**
 * Writes the document as baseline NAME (replacing an older one atomically); returns the path.
 * With `unchangedSince` (the baseline file's fileStamp when the run started), a baseline another
 * run saved meanwhile is not replaced: OutputPathError, one line.
 */
export function saveBaseline(
  doc: ResultDocument,
  name: string,
  projectDir: string,
  unchangedSince?: FileStamp,
): string {
  const path = baselinePath(name, projectDir);
  mkdirSync(resolve(projectDir, BASELINE_DIR), { recursive: true });
  writeFileAtomic(path, documentJson(doc), { unchangedSince });
  return path;
}

/** Reads baseline NAME; one clear line when it does not exist or cannot be read. */
export function loadBaseline(name: string, projectDir: string): ResultDocument {
  const path = baselinePath(name, projectDir);
  if (!existsSync(path)) {
    const known = listBaselines(projectDir);
    const hint = known.length ? `saved baselines: ${known.join(', ')}` : `save one with --save-baseline ${name}`;
    throw new BaselineError(`no saved baseline '${name}' (looked for ${path}); ${hint}`);
  }
  try {
    return readResultFile(path);
  } catch (e) {
    if (e instanceof ResultFileError) throw new DamagedBaselineError(`baseline '${name}': ${e.message}`);
    throw e;
  }
}

/** Names of the saved baselines, sorted. */
export function listBaselines(projectDir: string): string[] {
  try {
    return readdirSync(resolve(projectDir, BASELINE_DIR))
      .filter((f) => f.endsWith('.json') && NAME_RE.test(f.slice(0, -5)))
      .map((f) => f.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}
