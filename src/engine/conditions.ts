// What was in force in this process, for ForkResult.conditions.

import { aslrStatus } from '../platform/aslr.js';

/**
 * 'off' when this process runs with ADDR_NO_RANDOMIZE or ASLR is globally disabled
 * (randomize_va_space = 0, docs/platform-notes.md P23); 'unknown' where neither file is readable.
 */
export function detectAslr(): 'on' | 'off' | 'unknown' {
  const s = aslrStatus();
  return s.personality === null && s.randomizeVaSpace === null ? 'unknown' : s.state;
}
