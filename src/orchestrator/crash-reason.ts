// One line saying why a worker ended without a result, read from its exit status and the
// tail of its output: V8's fatal heap message, a promise left pending, a signal, a code.

/** V8 prints this on stderr before aborting when the heap limit is reached. */
const HEAP_OOM = /JavaScript heap out of memory/;

import { EXIT_CAUSE_MARK, LOOP_EMPTY } from '../ipc/exit-cause.js';

/**
 * WRAPPER: the program the worker ran under (valgrind), if any. The worker writes why it ended
 * unanswered (ipc/exit-cause.ts); without that line, an exit is not the worker's own.
 */
export function crashReason(code: number | null, signal: string | null, tail: string, wrapper?: string): string {
  if (HEAP_OOM.test(tail))
    return (
      'worker ran out of JavaScript heap memory (V8 heap limit reached) before reporting a result; ' +
      'the benchmark keeps more than it frees, or raise the limit with NODE_OPTIONS=--max-old-space-size=MB'
    );
  if (signal === 'SIGXCPU')
    return (
      'worker was killed by SIGXCPU: the SCHED_FIFO watchdog (RLIMIT_RTTIME) ended a measuring thread ' +
      'that ran too long without blocking'
    );
  if (signal) return `worker was killed by ${signal} before reporting a result${lastLine(tail)}`;
  const marked = tail.lastIndexOf(EXIT_CAUSE_MARK);
  const cause =
    marked < 0
      ? null
      : tail
          .slice(marked + EXIT_CAUSE_MARK.length)
          .split('\n')[0]!
          .trim();
  // Node exits when its event loop empties; with a request still unanswered that means the
  // benchmark awaited a promise nothing will settle.
  if (cause === LOOP_EMPTY)
    return 'the benchmark never settled: a promise it awaited was still pending when nothing was left to run';
  if (cause) return `${cause} before its result was reported`;
  if (code === 0)
    return wrapper
      ? `${wrapper} exited with code 0 without running the worker (no worker output)${lastLine(tail)}`
      : `worker exited with code 0 before running its request${lastLine(tail)}`;
  return `worker exited with code ${code} before reporting a result${lastLine(tail)}`;
}

function lastLine(tail: string): string {
  const lines = tail
    .trim()
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.length ? `: ${lines[lines.length - 1].trim()}` : '';
}
