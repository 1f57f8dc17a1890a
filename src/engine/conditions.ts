// What was in force in this process, for ForkResult.conditions.

import { readFileSync } from 'node:fs';

/** ADDR_NO_RANDOMIZE (personality(2)). */
const ADDR_NO_RANDOMIZE = 0x0040000;

/**
 * 'off' when this process runs with ADDR_NO_RANDOMIZE (/proc/self/personality) or ASLR
 * is globally disabled (randomize_va_space = 0, NATIVE-NOTES P23); 'unknown' off Linux.
 */
export function detectAslr(): 'on' | 'off' | 'unknown' {
  try {
    const persona = parseInt(readFileSync('/proc/self/personality', 'latin1').trim(), 16);
    if (persona & ADDR_NO_RANDOMIZE) return 'off';
    const global = readFileSync('/proc/sys/kernel/randomize_va_space', 'latin1').trim();
    return global === '0' ? 'off' : 'on';
  } catch {
    return 'unknown';
  }
}
