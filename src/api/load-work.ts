// Work a benchmark file starts while it loads and that loading must wait for: the bodies of
// vitest 5's `test()` calls register their benchmarks when they run, after the file's own code
// has returned. collect.ts resets this before importing a file and awaits it after, so the
// file's benchmarks (and the assertions it makes about them) are all known before listing.
// Kept on globalThis for the reason registry.ts gives.
import type { Check } from '../results/checks.js';

interface LoadWork {
  tail: Promise<unknown>;
  checks: Check[];
}

const KEY = Symbol.for('cyclebench.load-work');
const holder = globalThis as unknown as Record<symbol, LoadWork | undefined>;

function get(): LoadWork {
  return (holder[KEY] ??= { tail: Promise.resolve(), checks: [] });
}

export function resetLoadWork(): void {
  holder[KEY] = { tail: Promise.resolve(), checks: [] };
}

/** The load work as it stands, to put back with restoreLoadWork after loading another file. */
export function saveLoadWork(): unknown {
  return get();
}

export function restoreLoadWork(saved: unknown): void {
  holder[KEY] = saved as LoadWork;
}

/** Runs `step` after every step queued before it (vitest runs a benchmark file's tests one at a time). */
export function queueLoadStep(step: () => Promise<unknown>): void {
  const w = get();
  w.tail = w.tail.then(step);
}

/** Resolves when every queued step has finished; rejects with the first step's error. */
export async function settleLoadWork(): Promise<void> {
  await get().tail;
}

export function recordCheck(check: Check): void {
  get().checks.push(check);
}

export function loadChecks(): Check[] {
  return [...get().checks];
}
