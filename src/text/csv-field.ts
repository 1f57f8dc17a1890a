// One CSV field, for every CSV this tool writes (run --csv, report --format csv, stat --csv).
// - RFC 4180 §2: a field holding a comma, a quote, CR or LF is quoted and its quotes doubled.
// - Formula injection (OWASP, "CSV Injection"): a spreadsheet evaluates a text cell that starts
//   with =, +, -, @, a tab or a CR as a formula; such text (a benchmark or command name) is
//   prefixed with a single quote, which spreadsheets show as text. Numbers are written as
//   numbers: a negative number is data, not a formula.

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
