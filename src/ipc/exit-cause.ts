// Why a worker ended before answering, said by the worker itself: a benchmark that calls
// process.exit() or process.disconnect() ends the worker (or its channel) the same way an event
// loop left with nothing to run does, and the orchestrator sees only "exit 0" unless told. The
// worker wraps both calls and, on 'exit' while a request is unanswered, writes one marked line to
// stderr (synchronously: nothing asynchronous runs in 'exit'), which the orchestrator finds in the
// output's tail (orchestrator/crash-reason.ts). A worker that never ran (a wrapper that started
// nothing) writes no such line at all. Results are sent through the `process.send` found at
// start-up, so a benchmark that replaces `process.send` cannot keep its result from arriving.
import { writeSync } from 'node:fs';

/** The start of the worker's line; crash-reason.ts reads what follows as the cause. */
export const EXIT_CAUSE_MARK = 'cyclebench worker ended before answering:';
export const LOOP_EMPTY = 'loop-empty';

/** process.send as it was when the worker started (bound), or undefined without an IPC channel. */
export const originalSend = typeof process.send === 'function' ? process.send.bind(process) : undefined;

/** Wraps process.exit and process.disconnect, and writes the cause line on an exit before the answer was sent. */
export function trackExitCause(state: { requested(): boolean; answered(): boolean }): void {
  let cause: string | null = null;
  const pending = () => state.requested() && !state.answered();
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    if (pending()) cause ??= `the benchmark called process.exit(${code ?? ''})`;
    return exit(code);
  }) as typeof process.exit;
  const disconnect = process.disconnect?.bind(process);
  if (disconnect)
    process.disconnect = () => {
      if (pending())
        cause ??= 'the benchmark called process.disconnect(), closing the channel its result goes through,';
      disconnect();
    };
  process.on('exit', () => {
    if (!pending()) return;
    try {
      writeSync(2, `\n${EXIT_CAUSE_MARK} ${cause ?? LOOP_EMPTY}\n`);
    } catch {
      // stderr closed: the orchestrator then names no cause
    }
  });
}
