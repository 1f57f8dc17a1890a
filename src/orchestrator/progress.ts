// The progress line on stderr with an ETA, shown only on a TTY (never in CI logs or
// when output is piped), rewritten in place with \r.
import { escapeControls, truncateName } from '../text/terminal-safe.js';
import type { Progress } from './suite.js';

export class ProgressLine {
  private shown = false;
  constructor(
    private readonly stream: { write(s: string): unknown; isTTY?: boolean },
    enabled: boolean,
  ) {
    this.enabled = enabled && stream.isTTY === true;
  }
  private readonly enabled: boolean;

  update(p: Progress): void {
    if (!this.enabled || p.total === 0) return;
    this.stream.write(`\r\x1b[K${formatProgress(p)}`);
    this.shown = true;
  }

  clear(): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }
}

export function formatProgress(p: Progress): string {
  const pct = Math.floor((p.done / p.total) * 100);
  const eta = p.done > 0 ? ((p.elapsedMs / p.done) * (p.total - p.done)) / 1000 : null;
  const etaText =
    eta === null
      ? ''
      : `, ETA ${eta < 60 ? `${Math.ceil(eta)} s` : `${Math.floor(eta / 60)} min ${Math.ceil(eta % 60)} s`}`;
  return `[${p.done}/${p.total} ${pct}%${etaText}] ${escapeControls(truncateName(p.current))}`;
}
