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

/**
 * `s` in at most `max` characters (code points): a longer one keeps its beginning and its end with
 * an ellipsis between. The names of one suite often share their beginning and differ at the end (a
 * size, a variant, the file name at the end of a path), so cutting only the end can print two
 * different names alike. Each cut moves up to SNAP characters towards the ellipsis' side to fall
 * between words rather than inside one: "sort … numbers", not "sort 10…numbers" for "sort 100
 * numbers", which reads as another number.
 */
export function truncateName(s: string, max = MAX_TERMINAL_NAME): string {
  const chars = [...s];
  if (chars.length <= max) return s;
  if (max <= 1) return '…';
  const head = snap(chars, Math.ceil((max - 1) / 2), -1);
  const start = snap(chars, chars.length - (max - 1 - head), +1);
  return `${chars.slice(0, head).join('')}…${chars.slice(start).join('')}`;
}

/**
 * The names of one table, each in at most `max` characters, kept apart: names that truncateName()
 * would print alike (they differ only inside the part it hides) each show, between two ellipses,
 * the stretch where they first differ: "parse a record …size 1,000 rows… (warm)".
 */
export function truncateNames(names: readonly string[], max = MAX_TERMINAL_NAME): string[] {
  const out = names.map((n) => truncateName(n, max));
  const originals = new Map<string, Set<string>>();
  names.forEach((n, i) => originals.set(out[i], (originals.get(out[i]) ?? new Set()).add(n)));
  for (const alike of originals.values()) {
    if (alike.size < 2) continue;
    const group = [...alike].map((n) => [...n]);
    // Each name's stretch starts where it parts from the last of the others it shares a start
    // with: with "size A variant 1", "size A variant 2" and "size B variant 1", the first two
    // show their variant, the third its size.
    const firstDiff = (a: readonly string[], b: readonly string[]) => {
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      return i;
    };
    const shown = new Map(
      group.map((c) => [
        c.join(''),
        aroundDifference(c, Math.max(...group.filter((o) => o !== c).map((o) => firstDiff(c, o))), max),
      ]),
    );
    names.forEach((n, i) => {
      const s = shown.get(n);
      if (s !== undefined) out[i] = s;
    });
  }
  return out;
}

/** `chars` in `max` characters: a third of its beginning, the stretch from just before `at`, a third of its end. */
function aroundDifference(chars: readonly string[], at: number, max: number): string {
  // Below 8 characters there is no room for three parts; the single cut stays.
  if (max < 8) return truncateName(chars.join(''), max);
  const head = Math.floor((max - 2) / 3);
  const tail = head;
  const middle = max - 2 - head - tail;
  const from = Math.max(head, Math.min(at - Math.floor(middle / 3), chars.length - tail - middle));
  const part = (a: number, b: number) => chars.slice(a, b).join('');
  return `${part(0, head)}…${part(from, from + middle)}…${part(chars.length - tail, chars.length)}`;
}

/** How far a cut may move to fall between words. */
const SNAP = 4;
const WORD = /[\p{L}\p{N}]/u;

/** A cut before index `at`, moved by up to SNAP characters in direction `dir` to the nearest word boundary, or left where it is. */
function snap(chars: readonly string[], at: number, dir: -1 | 1): number {
  const inside = (i: number) => i > 0 && i < chars.length && WORD.test(chars[i - 1]) && WORD.test(chars[i]);
  for (let i = at, moved = 0; moved <= SNAP; i += dir, moved++) if (!inside(i)) return i;
  return at;
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
