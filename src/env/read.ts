// File access for environment facts. Every path is relative to a ROOT directory so tests
// can point the readers at a fixture /proc + /sys tree; nothing here ever throws on a
// missing or unreadable file: the caller gets null and a reason it can record.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export type ReadResult = { ok: true; text: string } | { ok: false; reason: string };

/** Reads ROOT/rel as UTF-8; on failure, a reason naming the absolute path as seen on the target. */
export function readText(root: string, rel: string): ReadResult {
  try {
    return { ok: true, text: readFileSync(join(root, rel), 'utf8') };
  } catch (e) {
    return { ok: false, reason: describeError(rel, e) };
  }
}

/** Directory entries (sorted), or null when the directory does not exist or cannot be read. */
export function listDir(root: string, rel: string): string[] | null {
  try {
    return readdirSync(join(root, rel)).sort();
  } catch {
    return null;
  }
}

export function describeError(rel: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  const where = '/' + rel.replace(/^\/+/, '');
  if (code === 'ENOENT' || code === 'ENOTDIR') return `${where} is not present`;
  if (code === 'EACCES' || code === 'EPERM') return `${where} is not readable (permission denied)`;
  return `${where} could not be read (${code ?? String(e)})`;
}

/**
 * Collects "value or null with a reason" facts: `reasons` maps a dotted field path
 * (e.g. "frequency.governor") to why that field is null.
 */
export class FactNotes {
  readonly reasons: Record<string, string> = {};
  /** Records why `key` is null and returns null, so call sites read `x = ok ? v : notes.missing(...)`. */
  missing(key: string, reason: string): null {
    this.reasons[key] = reason;
    return null;
  }
  /** Trimmed text of ROOT/rel, or null with the read failure recorded under `key`. */
  text(root: string, rel: string, key: string): string | null {
    const r = readText(root, rel);
    return r.ok ? r.text.trim() : this.missing(key, r.reason);
  }
  /** Integer content of ROOT/rel, or null (missing file or not a number) with a reason. */
  int(root: string, rel: string, key: string): number | null {
    const t = this.text(root, rel, key);
    if (t === null) return null;
    const n = Number.parseInt(t, 10);
    return Number.isFinite(n)
      ? n
      : this.missing(key, `/${rel} does not hold an integer: ${JSON.stringify(t.slice(0, 40))}`);
  }
}

export { parseCpuList } from '../platform/cpu-list.js';

/** Formats CPUs as a compact kernel-style list: [0,1,2,5] → "0-2,5". */
export function formatCpuList(cpus: readonly number[]): string {
  const s = [...new Set(cpus)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < s.length;) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j]! + 1) j++;
    parts.push(i === j ? `${s[i]}` : `${s[i]}-${s[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** "Key:\tvalue" lines (/proc/self/status, /proc/meminfo) → map. */
export function parseColonLines(text: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of text.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) m.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  return m;
}
