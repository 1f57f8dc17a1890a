// What was in force in this process, for ForkResult.conditions.

import { aslrStatus } from '../platform/aslr.js';
import type { ClockInfo } from '../platform/types.js';
import type { ForkResult } from '../results/schema.js';

/**
 * 'off' when this process runs with ADDR_NO_RANDOMIZE or ASLR is globally disabled
 * (randomize_va_space = 0, docs/platform-notes.md P23); 'unknown' where neither file is readable.
 */
export function detectAslr(): 'on' | 'off' | 'unknown' {
  const s = aslrStatus();
  return s.personality === null && s.randomizeVaSpace === null ? 'unknown' : s.state;
}

/** A process's conditions as its result records them: what the orchestrator set, else what this process reads. */
export function recordedConditions(given?: Partial<ForkResult['conditions']>): ForkResult['conditions'] {
  return {
    cpu: given?.cpu ?? null,
    aslr: given?.aslr ?? detectAslr(),
    mlock: given?.mlock ?? false,
    envPadding: given?.envPadding ?? 0,
    ...(given?.pin ? { pin: given.pin } : {}),
    ...(given?.fifo !== undefined ? { fifo: given.fifo } : {}),
  };
}

/** Which process measured, with which clock: the first fields of every ForkResult. */
export function processIdentity(
  forkIndex: number | undefined,
  clock: ClockInfo,
): Pick<ForkResult, 'index' | 'pid' | 'clockHz' | 'clockSource'> {
  return { index: forkIndex ?? 0, pid: process.pid, clockHz: clock.hz, clockSource: clock.source };
}
