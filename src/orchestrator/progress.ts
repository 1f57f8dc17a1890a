// The progress line on stderr, from a ProgressPlan (progress-plan.ts): the steps done, the
// planned maximum ("12 of ≤ 48 processes") and an ETA. On a terminal it is one line rewritten
// in place with \r; otherwise (piped, a CI log) it is a plain line when the first step starts,
// one every PRINT_EVERY_MS (before the first step too: "preparing the run"), and one with the
// final count at the end, never a carriage return.
import { formatDuration } from '../text/format.js';
import { escapeControls, truncateName } from '../text/terminal-safe.js';
import { type ProgressClock, type ProgressPlan, type ProgressSnapshot, systemClock } from './progress-plan.js';

/** How often the line is printed (piped) or redrawn (terminal) while a step runs. */
export const PRINT_EVERY_MS = 20_000;

interface Stream {
  write(s: string): unknown;
  isTTY?: boolean;
  /** A terminal's width: the line is cut to it, as \r\x1b[K redraws and erases one screen row only. */
  columns?: number;
}

export class ProgressLine {
  private readonly mode: 'terminal' | 'lines' | 'off';
  private stopTimer: (() => void) | null = null;
  private shown = false;

  constructor(
    private readonly stream: Stream,
    enabled: boolean,
    private readonly plan: ProgressPlan,
    private readonly clock: ProgressClock = systemClock,
  ) {
    this.mode = !enabled ? 'off' : stream.isTTY === true ? 'terminal' : 'lines';
    if (this.mode !== 'off') plan.onChange = () => this.changed();
    // Piped, the time before the first step (listing files, a checkout) is not silent either.
    if (this.mode === 'lines') {
      const from = clock.now();
      this.stopPreparing = clock.every(PRINT_EVERY_MS, () =>
        stream.write(`cyclebench: preparing the run (${formatDuration(clock.now() - from)} so far)\n`),
      );
    }
  }

  private stopPreparing: (() => void) | null = null;

  private changed(): void {
    if (!this.plan.begun) return;
    this.stopPreparing?.();
    this.stopPreparing = null;
    if (this.stopTimer === null) {
      this.stopTimer = this.clock.every(PRINT_EVERY_MS, () => this.print());
      if (this.mode === 'lines') this.print();
    }
    if (this.mode === 'terminal') this.print();
  }

  private print(): void {
    const s = this.plan.snapshot();
    if (s.total === 0) return;
    if (this.mode === 'terminal') {
      this.stream.write(`\r\x1b[K${formatProgress(s, (this.stream.columns || 80) - 1)}`);
      this.shown = true;
    } else this.stream.write(`cyclebench: ${formatProgress(s)}\n`);
  }

  /** On a terminal, erases the line so that other text written to its stream starts on a clean row. */
  clear(): void {
    if (this.mode !== 'terminal' || !this.shown) return;
    this.stream.write('\r\x1b[K');
    this.shown = false;
  }

  /** Stops the timer; on a terminal erases the line, otherwise prints the final count. */
  end(): void {
    this.stopPreparing?.();
    this.stopPreparing = null;
    if (this.stopTimer === null) return;
    this.stopTimer();
    this.stopTimer = null;
    if (this.mode === 'terminal') {
      if (this.shown) this.stream.write('\r\x1b[K');
      this.shown = false;
    } else {
      const s = this.plan.snapshot();
      this.stream.write(`cyclebench: ${s.done} ${s.unit} in ${formatDuration(s.elapsedMs)}\n`);
    }
  }
}

/**
 * "[12 of ≤ 48 processes, ETA 2 min 10 s] group/name"; "≤" while the total is still a maximum. With
 * `width`, the name is shortened so that the line fits in that many columns (the count never is).
 */
export function formatProgress(
  p: Pick<ProgressSnapshot, 'done' | 'total' | 'current'> & Partial<ProgressSnapshot>,
  width?: number,
): string {
  const count = `${p.done} of ${p.upTo ? '≤ ' : ''}${p.total} ${p.unit ?? 'processes'}`;
  const eta = p.etaMs === null || p.etaMs === undefined ? '' : `, ETA ${formatDuration(p.etaMs)}`;
  const head = `[${count}${eta}]`;
  const room = width === undefined ? undefined : width - [...head].length - 1;
  if (!p.current || (room !== undefined && room < 1)) return head;
  const name = escapeControls(p.current);
  return `${head} ${truncateName(name, room === undefined ? undefined : Math.min(room, 80))}`;
}
