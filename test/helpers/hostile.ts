// Hostile strings for names, args, notes, file names, environment strings and command lines,
// shared by every test of output escaping (docs/reports.md, "Escaping"), and the checks that
// none of them survives raw in an output.
import { expect } from 'vitest';
import { csvField, escapeHtml, escapeMarkdown, escapeTerminal, jsonText } from '../../src/text/escape.js';

export const HOSTILE: readonly string[] = [
  'csi\u001b[31mred',
  'osc\u001b]0;title\u0007',
  'link\u001b]8;;http://x\u001b\\',
  'bell\u0007',
  'cr\rforged',
  'lf\nwarning: forged',
  'rlo\u202eevil',
  'lri\u2066x',
  "=cmd|' /C calc'!A0",
  '@SUM(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'tick`x',
  'pipe|x',
  'end</script>',
  'ls\u2028x',
];

/** A control character or bidi mark other than the line feed that ends lines. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The first raw control character or bidi mark in `text`, with what surrounds it, or null. */
export function rawControl(text: string): string | null {
  const m = RAW.exec(text);
  return m ? JSON.stringify(text.slice(Math.max(0, m.index - 30), m.index + 10)) : null;
}

/** Lines of `text` that start with a forged line (text after a raw LF in a name). */
export function forgedLines(text: string): string[] {
  return text.split('\n').filter((l) => /^warning: forged/.test(l.trimStart()));
}

/** Markup that would act in HTML (or in Markdown, which passes HTML through). */
export function rawMarkup(text: string): string | null {
  const m = /<script|<img|<\/script|<!--/i.exec(text);
  return m ? JSON.stringify(text.slice(Math.max(0, m.index - 30), m.index + 30)) : null;
}

/**
 * Markdown without its code spans and fenced code blocks (CommonMark §4.5, §6.1), whose content
 * is shown literally: a fence or span ends only at a backtick run of the same length.
 */
export function markdownOutsideCode(md: string): string {
  let out = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
  out = out.replace(/(?<![\\`])(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, '');
  return out;
}

/** CSV cells (RFC 4180) of one line: quoted cells unquoted. */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let cell = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (line[i] === '"') break;
        else cell += line[i++];
      }
      cells.push(cell);
      i += 2;
    } else {
      const end = line.indexOf(',', i);
      cells.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

/** Cells a spreadsheet would run as a formula: text starting with = + - @ TAB or CR that is not a plain number. */
export function formulaCells(csv: string): string[] {
  return csv
    .split(/\r?\n/)
    .filter(Boolean)
    .flatMap(csvCells)
    .filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(c));
}

export type Format = 'terminal' | 'markdown' | 'html' | 'csv' | 'json';

/** Asserts `out`, written in `format`, holds `s` only escaped, and holds it. */
export function expectSafe(format: Format, out: string, s: string, where: string): void {
  const text = format === 'csv' ? out.replace(/\r\n/g, '\n') : out;
  expect(rawControl(text), `${where}: raw control`).toBeNull();
  expect(forgedLines(text), `${where}: forged line`).toEqual([]);
  if (format === 'html') expect(rawMarkup(text), `${where}: live markup`).toBeNull();
  if (format === 'markdown') expect(rawMarkup(markdownOutsideCode(text)), `${where}: live markup`).toBeNull();
  if (format === 'csv') expect(formulaCells(text), `${where}: formula cell`).toEqual([]);
  const shown = {
    terminal: [escapeTerminal(s)],
    // A code span or fence (a command line) shows its text literally, with the terminal rule only.
    markdown: [escapeMarkdown(s), escapeTerminal(s)],
    html: [escapeHtml(s)],
    // A cell may hold more than the name (a paired row's group/name and args): quotes doubled inside it.
    csv: [csvField(s), escapeTerminal(s).replace(/"/g, '""')],
    json: [jsonText(s).slice(1, -1)],
  }[format];
  expect(
    shown.some((x) => text.includes(x)),
    `${where}: the escaped name is missing`,
  ).toBe(true);
}
