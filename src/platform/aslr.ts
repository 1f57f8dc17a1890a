// The ASLR state of this process, as every fork's conditions record it (docs/platform-notes.md
// d, P23). ASLR off is a choice for low-noise A/B work, not a fix: one fixed layout can be
// unrepresentative (Mytkowicz et al. 2009), so the mode a process got is recorded. The
// orchestrator starts workers with it off (`--aslr off`); an in-process run gets it from
// outside (`setarch -R node script.js`, docs/guide.md).

import { readFileSync } from 'node:fs';

export const ADDR_NO_RANDOMIZE = 0x0040000; // include/uapi/linux/personality.h

export interface AslrStatus {
  state: 'off' | 'on';
  reason: string;
  /** /proc/self/personality (hex in the file), null when unreadable. */
  personality: number | null;
  /** /proc/sys/kernel/randomize_va_space: 0 off for everyone, 1 partial, 2 full. */
  randomizeVaSpace: number | null;
}

function readNumber(file: string, radix: number): number | null {
  try {
    const n = Number.parseInt(readFileSync(file, 'utf8').trim(), radix);
    return Number.isNaN(n) ? null : n;
  } catch {
    return null;
  }
}

/** /proc/self/personality holds the persona in hex, e.g. "00040000" (man5/proc.5). */
export const readPersonality = (): number | null => readNumber('/proc/self/personality', 16);
export const readRandomizeVaSpace = (): number | null => readNumber('/proc/sys/kernel/randomize_va_space', 10);

/** The current state, without changing anything. */
export function aslrStatus(): AslrStatus {
  const personality = readPersonality();
  const randomizeVaSpace = readRandomizeVaSpace();
  const base = { personality, randomizeVaSpace };
  // Checked first: Google Benchmark's detector misses the global switch (P23).
  if (randomizeVaSpace === 0)
    return { ...base, state: 'off', reason: 'kernel.randomize_va_space=0 (off for every process)' };
  if (personality !== null && (personality & ADDR_NO_RANDOMIZE) !== 0) {
    return { ...base, state: 'off', reason: 'ADDR_NO_RANDOMIZE inherited (e.g. setarch -R)' };
  }
  return { ...base, state: 'on', reason: 'ASLR is on (default)' };
}
