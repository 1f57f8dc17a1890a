// Listing the benchmark files of a run, each in a worker (fork.ts listFile), before anything else
// of the run is prepared: a file written for a tool cyclebench refuses (src/text/refused-tools.ts)
// stops the run here, at the cost of one listing worker, before the run picks its CPU (a
// 200 ms watch of /proc/stat: conditions.ts) and reads its environment.
import { basename } from 'node:path';
import type { Platform } from '../platform/types.js';
import { refusalIn } from '../text/refused-tools.js';
import { listFile } from './fork.js';
import type { NodeLaunch } from './worker-process.js';

/** A file is written for a tool whose API cyclebench does not run (src/text/refused-tools.ts). */
export class RefusedFileError extends Error {
  override name = 'RefusedFileError';
}

/** One file's listing: its benchmarks (and assertions), or why it did not load. */
export type FileListing = Exclude<Awaited<ReturnType<typeof listFile>>, { interrupted: true }>;

export interface ListedFiles {
  /** The files listed, in order (all of them unless interrupted). */
  files: { file: string; listing: FileListing }[];
  interrupted: boolean;
}

/** Lists each file in turn; throws RefusedFileError at the first file of a refused tool. */
export async function listFiles(
  platform: Platform,
  files: readonly string[],
  signal?: AbortSignal,
  node?: NodeLaunch,
): Promise<ListedFiles> {
  const out: ListedFiles['files'] = [];
  for (const file of files) {
    if (signal?.aborted) return { files: out, interrupted: true };
    const listing = await listFile(platform, file, signal, node);
    if ('interrupted' in listing) return { files: out, interrupted: true };
    throwIfRefused(file, listing);
    out.push({ file, listing });
  }
  return { files: out, interrupted: false };
}

/** Throws RefusedFileError when `file` did not load because it is written for a tool cyclebench refuses. */
export function throwIfRefused(file: string, listing: FileListing): void {
  if (!('error' in listing)) return;
  // The worker's message starts "could not load /abs/path: "; the refusal line is said by base name.
  const refused = refusalIn(listing.error.replace(`could not load ${file}: `, ''));
  if (refused !== null) throw new RefusedFileError(`${basename(file)}: ${refused}`);
}
