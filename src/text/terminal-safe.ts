// Text that reaches a terminal comes partly from outside: benchmark names from a bench file,
// whole documents received from someone else (`report`, `compare`), command lines (`stat`).
// A control character in such text can clear the screen, set the window title, move the
// cursor (CR) or forge a line (LF, e.g. a fake "warning:"); bidirectional overrides can
// reorder what is shown. Every renderer that writes to a terminal passes its input through
// terminalSafe() first: controls become visible escapes (\n, \x1b, \u202e; the rule is in
// escape.ts, shared by every output format), and very long
// names are shortened with an ellipsis so one name cannot make every line thousands of
// columns wide. Files (JSON, CSV, Markdown, HTML) keep the full names.
import { escapeTerminal } from './escape.js';

/** Makes every control character and bidi mark visible: the terminal rule of escape.ts. */
export const escapeControls = escapeTerminal;

/** Names longer than this are shortened in terminal output. */
export const MAX_TERMINAL_NAME = 80;

export function truncateName(s: string, max = MAX_TERMINAL_NAME): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** Keys whose string values are names (shortened when long). */
const NAME_KEYS = new Set(['name', 'group', 'command', 'baseline', 'contender']);

function mapStrings(value: unknown, f: (s: string, key: string | null) => string, key: string | null): unknown {
  if (typeof value === 'string') return f(value, key);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f, key));
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, f, k);
    return out;
  }
  return value;
}

/**
 * A copy of `value` (a result document, a comparison, a stat result) with every string
 * escaped, and long names shortened both where they stand and where other text quotes them.
 */
export function terminalSafe<T>(value: T, maxName = MAX_TERMINAL_NAME): T {
  const long = new Map<string, string>();
  const escaped = mapStrings(
    value,
    (s, key) => {
      const e = escapeControls(s);
      if (key !== null && NAME_KEYS.has(key) && e.length > maxName) long.set(e, truncateName(e, maxName));
      return e;
    },
    null,
  );
  if (long.size === 0) return escaped as T;
  const pairs = [...long].sort((a, b) => b[0].length - a[0].length);
  return mapStrings(
    escaped,
    (s) => {
      let out = s;
      for (const [full, short] of pairs) if (out.includes(full)) out = out.split(full).join(short);
      return out;
    },
    null,
  ) as T;
}
