// ASLR state and the start-up re-exec of a worker (docs/platform-notes.md d, P19-P23).
// ASLR off is a choice for low-noise A/B work, not a fix: one fixed layout can be
// unrepresentative (Mytkowicz et al. 2009), so the caller records the mode it got.

import { readFileSync } from 'node:fs';
import type { Platform } from './types.js';

export const ADDR_NO_RANDOMIZE = 0x0040000; // include/uapi/linux/personality.h
export const ASLR_MARKER = 'CYCLEBENCH_ASLR_REEXEC';

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
export function aslrStatus(reexecuted = false): AslrStatus {
  const personality = readPersonality();
  const randomizeVaSpace = readRandomizeVaSpace();
  const base = { personality, randomizeVaSpace };
  // Checked first: Google Benchmark's detector misses the global switch (P23).
  if (randomizeVaSpace === 0)
    return { ...base, state: 'off', reason: 'kernel.randomize_va_space=0 (off for every process)' };
  if (personality !== null && (personality & ADDR_NO_RANDOMIZE) !== 0) {
    const how = reexecuted ? 're-executed with ADDR_NO_RANDOMIZE' : 'ADDR_NO_RANDOMIZE inherited (e.g. setarch -R)';
    return { ...base, state: 'off', reason: how };
  }
  return { ...base, state: 'on', reason: 'ASLR is on (default)' };
}

/**
 * Called by a worker at start-up, before anything else runs (other threads die at exec,
 * and pending stdout writes would be lost). Re-executes this process with ASLR off
 * unless it is already off; does not return when it re-executes. Never loops: the
 * marker in the environment (kept by the re-exec) stops a second attempt.
 */
export function maybeReexecWithoutAslr(platform: Platform, marker: string = ASLR_MARKER): AslrStatus {
  const reexecuted = process.env[marker] !== undefined;
  const now = aslrStatus(reexecuted);
  if (now.state === 'off') return now;
  if (reexecuted) {
    // The exec happened but the persona did not survive it (AppArmor may reset it
    // during exec, Google Benchmark #2239; set-uid images clear it, P22).
    return { ...now, reason: 'ADDR_NO_RANDOMIZE did not survive the re-exec: ASLR stays on' };
  }
  const cap = platform.layout.capability();
  if (!cap.supported) return { ...now, reason: `cannot turn ASLR off: ${cap.reason ?? 'unsupported'}; ASLR stays on` };
  try {
    platform.layout.reexecWithoutAslr(marker);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    const msg = err.message ?? String(e);
    let why = `re-exec failed (${err.code ?? 'error'}: ${msg})`;
    if (err.code === 'EPERM') {
      why = /did not stick/.test(msg)
        ? msg // the kernel accepted the call but the re-read lacks the flag (P21)
        : "personality(ADDR_NO_RANDOMIZE) was refused (EPERM: seccomp, e.g. Docker's default profile)";
    }
    return { ...now, reason: `${why}; ASLR stays on` };
  }
  return now; // unreachable: reexecWithoutAslr does not return on success
}
