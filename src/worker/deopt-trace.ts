// Reading V8's deoptimization trace (`--trace-deopt`): one line per deoptimization of a frame,
//   [bailout (kind: deopt-eager, reason: wrong map): begin. deoptimizing 0x… <JSFunction area (sfi = 0x…)>, …
// seen on V8 11 (Node 20); the function's name is empty for an anonymous function. Only these
// lines are counted: code V8 discards while no frame runs it prints no bailout.
import type { DeoptCount } from '../results/schema.js';

const BAILOUT = /^\[bailout \(kind: ([^,]+), reason: (.*?)\): begin\. deoptimizing [^<]*<JSFunction ?([^(]*?) ?\(sfi/;

/**
 * The engine's own function around the loop (src/engine/batch.ts runBatch): its code between a
 * batch's marks was seen deoptimized once in some processes (a 'wrong map' of the batch context
 * as sampling starts), which is not the kernel's.
 */
const ENGINE_BATCH_CODE = /<JSFunction runBatch \(sfi/;

/** At most this many (function, reason) entries are kept per phase, most frequent first. */
export const MAX_DEOPT_ENTRIES = 5;

export interface ParsedDeopts {
  count: number;
  /** By function and reason, most frequent first (at most MAX_DEOPT_ENTRIES). */
  functions: DeoptCount[];
}

/**
 * The deoptimizations in a stretch of trace text. `roles` names the functions the report speaks
 * of: the kernel (its own name) and the generated loop (src/engine/loop.ts `cyclebenchLoop`).
 */
export function parseDeopts(text: string, roles: { kernel?: string; loop: string }): ParsedDeopts {
  const tally = new Map<string, DeoptCount>();
  let count = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('[bailout')) continue;
    if (ENGINE_BATCH_CODE.test(line)) continue;
    // Every bailout line counts; one worded otherwise (another V8 version) counts without a name.
    count++;
    const m = BAILOUT.exec(line);
    const name = m ? m[3].trim() : '(unread)';
    const reason = m ? m[2] : '(unread)';
    const role = name === roles.loop ? 'loop' : roles.kernel && name === roles.kernel ? 'kernel' : 'other';
    const key = `${name}\0${reason}`;
    const entry = tally.get(key) ?? { function: name || '(anonymous)', role, reason, count: 0 };
    entry.count++;
    tally.set(key, entry);
  }
  const functions = [...tally.values()].sort((a, b) => b.count - a.count).slice(0, MAX_DEOPT_ENTRIES);
  return { count, functions };
}
