// Checks that an output's figures make sense, whatever the format (text, Markdown, HTML, CSV,
// JSON): no share above 100 %, no negative bound on a time, count or size, no advice beyond
// MAX_UNITS_ADVICE units (processes, runs, pairs) a side. Each returns the offending excerpts.
import { MAX_UNITS_ADVICE } from '../../src/statistics/threshold.js';
import { csvCells } from './hostile.js';

const excerpt = (text: string, at: number): string => JSON.stringify(text.slice(Math.max(0, at - 50), at + 40));

/** "164.9 % of the time", "(120 %) of batches", "pauses are 170 % of the measured batch time". */
export function sharesAbove100(text: string): string[] {
  const out: string[] = [];
  const share = /(\d+(?:\.\d+)?)\s?%\)?\s(?:of\b|share\b)/g;
  for (const m of text.matchAll(share)) if (Number(m[1]) > 100) out.push(excerpt(text, m.index));
  return out;
}

/**
 * A bracketed interval or a "from … to" whose lower end is negative: "[-0.252, 0.652]",
 * "[−3.1 ns, 4 ns]". Ratio intervals are never negative either, so every bracket counts. A
 * relative half-width beyond ±100 % says the same of a time (its lower end would be below 0).
 */
export function negativeBounds(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\[\s*[-−]\s?\d/g)) out.push(excerpt(text, m.index));
  for (const m of text.matchAll(/±\s?(\d+(?:\.\d+)?)\s?%/g)) if (Number(m[1]) > 100) out.push(excerpt(text, m.index));
  return out;
}

/** "about 5351 processes", "--forks 400", "20554 pairs would resolve", "--runs 900": beyond the cap. */
export function adviceBeyondReach(text: string): string[] {
  const seen = new Map<number, string>();
  const advice = [
    /about (\d+) (?:processes|pairs|runs)/g,
    /(\d+) (?:processes|pairs|runs)(?: a side| a command)? (?:would|are needed|needed)/g,
    /--(?:forks|runs|max-pairs) (\d+)/g,
  ];
  for (const re of advice)
    for (const m of text.matchAll(re))
      if (Number(m[1]) > MAX_UNITS_ADVICE) seen.set(m.index + m[0].indexOf(m[1]!), excerpt(text, m.index));
  return [...seen.values()];
}

/** Keys of a JSON document whose values are lower bounds of a time, count or size, or shares (0..1). */
const LOWER = new Set(['ciLow', 'low', 'lower']);
const SHARE = /share$/i;

/** JSON: a negative lower bound outside a signed change, a share above 1. */
export function jsonFigures(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => jsonFigures(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const p = `${path}.${k}`;
    if (typeof v === 'number') {
      if (LOWER.has(k) && v < 0 && !/change|diff|delta|logRatio|mean$/i.test(path)) out.push(`${p} = ${v}`);
      if (SHARE.test(k) && v > 1) out.push(`${p} = ${v}`);
    } else out.push(...jsonFigures(v, p));
  }
  return out;
}

/** Every problem of one rendered output, labelled; empty when its figures make sense. */
export function figureProblems(text: string, label: string): string[] {
  const plain = text.replace(/&#?\w+;/g, (e) => (e === '&minus;' ? '−' : e === '&plusmn;' ? '±' : ' '));
  return [
    ...sharesAbove100(plain).map((x) => `${label}: share above 100 %: ${x}`),
    ...negativeBounds(plain).map((x) => `${label}: negative bound: ${x}`),
    ...adviceBeyondReach(plain).map((x) => `${label}: advice beyond reach: ${x}`),
  ];
}

/** CSV (RFC 4180, CRLF or LF rows): a negative value in a column of a lower bound (`ci_low…`, `…ci95_low`). */
export function csvLowerBounds(csv: string): string[] {
  const [head, ...rows] = csv.split(/\r?\n/).filter((l) => l.length > 0);
  const names = csvCells(head ?? '');
  const lower = names.map((n, i) => (/ci\d*_low/.test(n) ? i : -1)).filter((i) => i >= 0);
  return rows.flatMap((row, r) => {
    const cells = csvCells(row);
    return lower.filter((i) => Number(cells[i]) < 0).map((i) => `row ${r + 1}: ${names[i]} = ${cells[i]}`);
  });
}
