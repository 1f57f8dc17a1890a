// Ctrl-C, `kill` and a closed terminal all mean "stop and keep what you have": SIGINT,
// SIGTERM and SIGHUP are handled alike, and the exit code says which one came (128 + its
// number, as a shell reports a process killed by it). A second signal exits at once.
import { constants } from 'node:os';

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP. */
export function exitCodeFor(signal: StopSignal): number {
  return 128 + constants.signals[signal];
}

export interface StopSubscription {
  /** The first stop signal received, or null. */
  received(): StopSignal | null;
  off(): void;
}

/** The line printed on the first stop signal; `keeping` says what is kept ("the results so far"). */
export function interruptedLine(signal: StopSignal, keeping: string): string {
  const how = signal === 'SIGINT' ? 'Ctrl-C' : signal;
  return `\ncyclebench: interrupted (${how}): stopping the current worker, keeping ${keeping} (again to quit at once)\n`;
}

/** Calls onStop on the first stop signal; a second one exits at once with its exit code. */
export function onStopSignals(onStop: (signal: StopSignal) => void): StopSubscription {
  let first: StopSignal | null = null;
  const handlers = STOP_SIGNALS.map((signal) => {
    const handler = () => {
      if (first !== null) process.exit(exitCodeFor(signal));
      first = signal;
      onStop(signal);
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return { received: () => first, off: () => handlers.forEach((off) => off()) };
}
