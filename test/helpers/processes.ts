// Which processes a test started, and whether any is still alive afterwards: every
// descendant of a pid is recorded with its start time (field 22 of /proc/PID/stat), so a
// pid reused by an unrelated process later is not mistaken for a survivor.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessId {
  pid: number;
  start: string;
  comm: string;
}

function stat(pid: number): { ppid: number; start: string; comm: string; zombie: boolean } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const rest = text.slice(close + 2).split(' ');
    return {
      ppid: Number(rest[1]),
      start: rest[19]!,
      comm: text.slice(text.indexOf('(') + 1, close),
      zombie: rest[0] === 'Z',
    };
  } catch {
    return null;
  }
}

/** Every live descendant of ROOT (children, grandchildren, …). */
export function descendants(root: number): ProcessId[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => ({ pid: Number(d), s: stat(Number(d)) }))
    .filter((p) => p.s !== null);
  const parent = new Map(all.map((p) => [p.pid, p.s!.ppid]));
  return all
    .filter((p) => {
      for (let q = parent.get(p.pid); q !== undefined && q > 1; q = parent.get(q)) if (q === root) return true;
      return false;
    })
    .map((p) => ({ pid: p.pid, start: p.s!.start, comm: p.s!.comm }));
}

/** The recorded processes that still run (same pid and start time, not a zombie). */
export function survivors(recorded: ProcessId[]): ProcessId[] {
  return recorded.filter((p) => {
    const s = stat(p.pid);
    return s !== null && s.start === p.start && !s.zombie;
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `found` returns a non-empty list (or gives up after `limitMs`; the caller asserts). */
export async function waitFor<T>(found: () => T[], limitMs = 60_000): Promise<T[]> {
  for (let waited = 0; waited < limitMs; waited += 50) {
    const r = found();
    if (r.length) return r;
    await sleep(50);
  }
  return [];
}

/** Waits (bounded) for the recorded processes to end; returns those still alive. */
export async function settle(recorded: ProcessId[], limitMs = 10_000): Promise<ProcessId[]> {
  for (let waited = 0; waited < limitMs; waited += 50) {
    if (!survivors(recorded).length) return [];
    await sleep(50);
  }
  return survivors(recorded);
}

/** Ends whatever survived, so one failing test does not leave processes for the next. */
export function reap(recorded: ProcessId[]): void {
  for (const p of survivors(recorded)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
