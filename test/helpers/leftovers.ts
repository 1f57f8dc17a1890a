// Processes found by a marker in their environment rather than by parentage: a process that
// called setsid or was re-parented to PID 1 is no longer anyone's descendant, but it keeps the
// environment it inherited. A test starts the CLI with CB_LEFTOVER=<unique id> and asks which
// live processes still carry it.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

export const LEFTOVER_ENV = 'CB_LEFTOVER';

export function leftoverId(): string {
  return `cb-${process.pid}-${randomBytes(6).toString('hex')}`;
}

/** Live (non-zombie) processes whose environment has CB_LEFTOVER=<id>: "pid comm" each. */
export function marked(id: string): string[] {
  const want = Buffer.from(`\0${LEFTOVER_ENV}=${id}\0`);
  const found: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const env = Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${name}/environ`), Buffer.from([0])]);
      if (env.indexOf(want) < 0) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(close + 2, close + 3) === 'Z') continue;
      found.push(`${name} ${stat.slice(stat.indexOf('(') + 1, close)}`);
    } catch {
      // ended while being read
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (bounded polling) until no process carries the marker; returns those still alive. */
export async function markedAfter(id: string, limitMs = 30_000): Promise<string[]> {
  for (let waited = 0; waited < limitMs; waited += 100) {
    if (marked(id).length === 0) return [];
    await sleep(100);
  }
  return marked(id);
}

/** Ends what a failing test left, by marker, so it does not stay for the next test. */
export function killMarked(id: string): void {
  for (const p of marked(id)) {
    try {
      process.kill(Number(p.split(' ')[0]), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Polls until `ready()` holds (or gives up after `limitMs`; the caller asserts). */
export async function until(ready: () => boolean, limitMs = 120_000): Promise<boolean> {
  for (let waited = 0; waited < limitMs; waited += 100) {
    if (ready()) return true;
    await sleep(100);
  }
  return ready();
}
