// One escaping rule for every output format (docs/reports.md, "Escaping"). Names, args,
// notes, file names, environment strings, error messages and command lines come from outside
// (a bench file, a received result file, a command line) and reach terminals, Markdown, HTML
// and CSV. Every format starts from the terminal rule, then adds its own:
// - terminal: C0 and C1 controls, DEL, the bidirectional marks, embeddings, overrides and
//   isolates (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) and the line/paragraph
//   separators U+2028/U+2029 become visible escapes (\x1b, \n, \u202e): a control can clear
//   the screen, set the title (OSC), move the cursor (CR) or forge a line (LF); a bidi
//   override reorders what is shown.
// - Markdown: the terminal rule, then `& < >` as entities and `\ ` * _ [ ] # | ~` behind a
//   backslash, so user text never becomes markup, a link, HTML or a table column; no raw
//   newline is left (the terminal rule turns it into \n).
// - HTML (text, attributes, SVG text): the terminal rule, then `& < > " '` as entities.
// - CSV: the formula guard (OWASP "CSV Injection": a text cell starting with = + - @ TAB or
//   CR is prefixed with '), the terminal rule, then RFC 4180 §2 quoting. Numbers stay numbers.
// Each function is applied once, by the writer of its format; the terminal rule is
// idempotent, so text escaped for the terminal earlier is not changed by it again.

// eslint-disable-next-line no-control-regex -- the control characters are what it escapes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The terminal rule: every control character and bidi mark made visible. */
export function escapeTerminal(s: string): string {
  return s.replace(UNSAFE, (c) => {
    if (NAMED[c]) return NAMED[c];
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Plain text as Markdown text (a paragraph, a list item, a table cell, a heading). */
export function escapeMarkdown(s: string): string {
  return escapeTerminal(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#|~])/g, '\\$1');
}

/** The longest run of backticks in `s`. */
function longestTicks(s: string): number {
  return Math.max(0, ...[...s.matchAll(/`+/g)].map((m) => m[0].length));
}

/**
 * Text as a Markdown code span: shown literally, so only the terminal rule applies; the span
 * is delimited by more backticks than any run inside it (CommonMark §6.1), so it cannot end
 * early. Not for table cells (GFM splits cells at `|` even inside a code span).
 */
export function markdownCode(s: string): string {
  const text = escapeTerminal(s);
  const fence = '`'.repeat(longestTicks(text) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Text as a fenced Markdown code block (CommonMark §4.5): the fence is longer than any backtick run inside. */
export function markdownFence(s: string, info = ''): string {
  const text = escapeTerminal(s);
  const fence = '`'.repeat(Math.max(3, longestTicks(text) + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}

/** Text as HTML or SVG text, or as an attribute value in double or single quotes. */
export function escapeHtml(s: string): string {
  return escapeTerminal(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A text cell that is a plain decimal number (a negative one included) is data, not a formula. */
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** One CSV field, for every CSV this tool writes. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  let s = String(value);
  if (typeof value === 'string') {
    if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
    s = escapeTerminal(s);
  }
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text whose strings hold no raw DEL, C1 control or bidi mark (JSON.stringify already
 * escapes C0 controls): the same value when parsed, and inert when printed to a terminal.
 */
export function jsonText(value: unknown, indent = 2, replacer?: (key: string, value: unknown) => unknown): string {
  return JSON.stringify(value, replacer, indent).replace(
    JSON_UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
