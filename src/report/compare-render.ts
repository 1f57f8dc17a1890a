// Output of `cyclebench compare`: text (terminal), Markdown (pull-request comments) and JSON.
// Formatting only; every number comes from src/compare/documents.ts, every line from details.ts.

import type { DocumentComparison } from '../compare/documents.js';
import { displayName } from '../compare/match.js';
import type { Comparison } from '../compare/types.js';
import { isTested, type SuiteGate } from '../compare/suite-level.js';
import { FACT_LABEL } from './comparison-details.js';
import { comparisonNotes, comparisonReason } from './details.js';
import { formatPValue } from '../statistics/p-value.js';
import { escapeMarkdown, jsonText } from '../text/escape.js';
import { terminalSafe, truncateNames } from '../text/terminal-safe.js';
import { formatNs, sig, signedPercent, trimmedPercent, wrapLine } from '../text/format.js';
import { DEFAULT_CONFIDENCE } from '../defaults.js';

export type CompareFormat = 'text' | 'markdown' | 'json';

const SYMBOL: Record<Comparison['verdict'], string> = {
  faster: 'faster',
  slower: 'SLOWER',
  'no-difference': 'no difference',
  'cannot-tell': 'cannot tell',
  'too-few': 'too few processes',
  incomparable: 'INCOMPARABLE',
};

/** A row's verdict; compared on instruction counts, slower and faster are more and fewer instructions. */
function verdictText(c: Comparison): string {
  if (c.notHeadline === 'instructions' && c.verdict === 'slower') return 'MORE instr';
  if (c.notHeadline === 'instructions' && c.verdict === 'faster') return 'fewer instr';
  return SYMBOL[c.verdict];
}

function ratioText(c: Comparison): string {
  if (!c.ratio) return '—';
  return `${c.ratio.point.toFixed(3)}× [${c.ratio.ciLow.toFixed(3)}, ${c.ratio.ciHigh.toFixed(3)}]`;
}

function changeText(c: Comparison): string {
  if (!c.ratio) return '—';
  return signedPercent(c.ratio.point - 1);
}

const p = (c: Comparison): string => formatPValue(c.pValue);

/** Both sides' values beside the ratio: times, or instructions per op under --statistic instructions. */
function sideCells(c: Comparison): [string, string] {
  if (c.notHeadline !== 'instructions') return [formatNs(c.baseNs), formatNs(c.contenderNs)];
  const counts = c.details.find((d) => d.code === 'instruction-counts');
  if (!counts) return ['—', '—'];
  return [`${sig(counts.values.base)} instr`, `${sig(counts.values.contender)} instr`];
}

function rows(r: DocumentComparison, withP = true): string[][] {
  return r.comparisons.map((c) => [
    displayName(c),
    ...sideCells(c),
    changeText(c),
    ratioText(c),
    ...(withP ? [p(c)] : []),
    verdictText(c),
  ]);
}

// p: of the Welch test the ratio interval inverts (src/compare/verdict.ts), so it agrees with the interval.
const HEADER = ['benchmark', 'baseline', 'contender', 'change', `ratio [CI]`, 'p (Welch)', 'verdict'];
const SHORT_HEADER = HEADER.filter((h) => h !== 'p (Welch)');

/** The reason for a verdict, in words ("no difference: treat them as the same speed …"). */
function reasonLines(r: DocumentComparison, bullet: string): string[] {
  const lines = r.comparisons.flatMap((c) => {
    const reason = comparisonReason(c);
    if (!reason) return [];
    // A 'cannot-tell' reason starts with the verdict's words: said once.
    const word = `${SYMBOL[c.verdict].toLowerCase()}: `;
    return [{ name: displayName(c), text: reason.startsWith(word) ? reason : `${word}${reason}` }];
  });
  return merged(lines, bullet);
}

/** One line per distinct text, naming every benchmark it applies to ("a, b: too few processes: …"). */
function merged(lines: readonly { name: string; text: string }[], bullet: string): string[] {
  const byText = new Map<string, string[]>();
  for (const l of lines) byText.set(l.text, [...(byText.get(l.text) ?? []), l.name]);
  return [...byText].map(([text, names]) => `${bullet}${names.join(', ')}: ${text}`);
}

/**
 * Rows whose two sides returned different results (stable checksums that differ): the verdict
 * stands, but it may compare different work, so this is said without --verbose.
 */
function differLines(r: DocumentComparison): string[] {
  const names = r.comparisons.filter((c) => c.details.some((d) => d.code === 'checksums-differ')).map(displayName);
  return names.length
    ? [`${names.join(', ')}: results differ between the runs (different checksums): see --verbose`]
    : [];
}

/** What did not pair up, and what could not be checked. */
function listLines(r: DocumentComparison, bullet: string): string[] {
  const out: string[] = [];
  if (r.onlyBase.length) out.push(`${bullet}only in the baseline: ${r.onlyBase.join(', ')}`);
  if (r.onlyContender.length) out.push(`${bullet}only in the contender: ${r.onlyContender.join(', ')}`);
  if (r.duplicates.length) out.push(`${bullet}defined twice (first one used): ${r.duplicates.join(', ')}`);
  return out;
}

function noteLines(r: DocumentComparison, bullet: string): string[] {
  const out = merged(
    r.comparisons.flatMap((c) => comparisonNotes(c).map((text) => ({ name: displayName(c), text }))),
    bullet,
  );
  if (r.environment.unchecked.length)
    out.push(
      `${bullet}not recorded on both sides, so not checked: ` +
        r.environment.unchecked.map((f) => FACT_LABEL[f] ?? f).join(', '),
    );
  return out;
}

function footer(r: DocumentComparison, bullet: string): string[] {
  return [...reasonLines(r, bullet), ...noteLines(r, bullet), ...listLines(r, bullet)];
}

/**
 * How the level was adjusted for the number of comparisons: by default a faster/slower verdict
 * holds after Holm's procedure over the tested rows (src/compare/suite-level.ts adjustVerdicts);
 * with --per-row each row is at its own confidence, and a gate (--fail-on) still judges
 * regressions by Holm, so a row called slower can pass it.
 */
export function adjustmentText(r: DocumentComparison, gate?: SuiteGate): string {
  const tested = gate ? gate.family : r.comparisons.filter(isTested).length;
  if (tested === 0) return 'no tested comparison: no multiplicity adjustment';
  if (tested === 1) return '1 tested comparison: no multiplicity adjustment';
  if (r.perRow === false) {
    const level = trimmedPercent(1 - (r.comparisons[0]?.confidence ?? DEFAULT_CONFIDENCE));
    const turned = r.comparisons.filter((c) => c.because?.code === 'not-after-adjustment').length;
    return (
      `faster/slower held to a family-wise ${level} by Holm across ${tested} comparisons` +
      (turned ? `: ${turned} row(s) significant only on their own say cannot tell (--per-row: each on its own)` : '')
    );
  }
  if (!gate) return `each row at its own level, no multiplicity adjustment across ${tested} comparisons`;
  const passing = gate.notAfterAdjustment.length;
  const level = trimmedPercent(gate.alpha);
  return (
    `the gate adjusts by Holm across ${tested} comparisons (family-wise ${level})` +
    (passing
      ? `: ${passing} slower row(s) do not hold after it and ${gate.unsureFails ? 'fail as unsure' : 'pass'}`
      : '')
  );
}

function summary(r: DocumentComparison, gate?: SuiteGate): string {
  const count = (v: Comparison['verdict']): number => r.comparisons.filter((c) => c.verdict === v).length;
  const conf = r.comparisons[0]?.confidence ?? DEFAULT_CONFIDENCE;
  const instructions = r.comparisons.length > 0 && r.comparisons.every((c) => c.notHeadline === 'instructions');
  const words: [Comparison['verdict'], string][] = [
    ['faster', instructions ? 'fewer instructions' : 'faster'],
    ['slower', instructions ? 'more instructions' : 'slower'],
    ['no-difference', 'no difference'],
    ['cannot-tell', 'cannot tell'],
    ['too-few', 'too few processes'],
    ['incomparable', 'incomparable'],
  ];
  // Zero counts are left out, except faster and slower: "0 slower" is itself an answer.
  const counts = words
    .filter(([v]) => v === 'faster' || v === 'slower' || count(v) > 0)
    .map(([v, w]) => `${count(v)} ${w}`);
  const ci = `${trimmedPercent(conf)} CI`;
  return `${counts.join(', ')} (ratio = contender / baseline, ${ci}; ${adjustmentText(r, gate)})${statisticText(r)}`;
}

/**
 * Which statistic the times and ratios are, where a row's is not both sides' headline (files whose
 * headlines are a slope and a mean, or --statistic): the table would otherwise read as headlines.
 */
function statisticText(r: DocumentComparison): string {
  const named = [...new Set(r.comparisons.flatMap((c) => (c.notHeadline ? [c.notHeadline] : [])))];
  if (named.length === 0) return '';
  if (named.length === 1 && named[0] === 'instructions') return '; instructions per op, not times';
  const rows = r.comparisons.filter((c) => c.notHeadline).length;
  const which = rows === r.comparisons.length ? 'times and ratios' : `the times and ratios of ${rows} row(s)`;
  return `; ${which} compare the ${named.join(' / ')}, not the headline`;
}

export interface CompareTextOptions {
  /** Every note, the method and the rank test's p column (default: the table, the verdicts' reasons, a count of the rest). */
  verbose?: boolean;
  /** Width the lines under the table are wrapped to (default: not wrapped). */
  columns?: number;
  /** The gate's suite-level adjustment, when a gate (--fail-on) judges the rows; the summary line says it. */
  gate?: SuiteGate;
}

/** Wraps a line to `columns`, continuation lines indented by two spaces. */
function wrapped(line: string, columns: number | undefined): string {
  if (!columns || line.length <= columns) return line;
  return wrapLine(line, Math.max(20, columns), '  ');
}

export function renderText(input: DocumentComparison, options: CompareTextOptions = {}): string {
  const r = terminalSafe(input);
  const verbose = options.verbose ?? false;
  const header = verbose ? HEADER : SHORT_HEADER;
  let all = [header, ...rows(r, verbose)];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  // Names are shortened (to 12 characters at least) so that the table fits the terminal.
  const rest = widths.slice(1).reduce((n, w) => n + w + 2, 0);
  if (options.columns && widths[0] + rest > options.columns) {
    widths[0] = Math.max(Math.min(12, widths[0]), options.columns - rest);
    const names = truncateNames(
      all.map(([name]) => name),
      widths[0],
    );
    all = all.map(([, ...cells], i) => [names[i], ...cells]);
  }
  const lines = all.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((w) => '─'.repeat(w)).join('  '));
  const method = r.comparisons.find((c) => c.method)?.method;
  const hidden = noteLines(r, '').length + (method ? 1 : 0);
  const under = verbose
    ? [summary(r, options.gate), ...(method ? [`method: ${method}`] : []), ...footer(r, '')]
    : [
        summary(r, options.gate),
        ...reasonLines(r, ''),
        ...differLines(r),
        ...listLines(r, ''),
        ...(hidden ? [`${hidden} details hidden: --verbose`] : []),
      ];
  return `${[...lines, '', ...under.map((l) => wrapped(l, options.columns))].join('\n')}\n`;
}

export function renderMarkdown(r: DocumentComparison, gate?: SuiteGate): string {
  const head = `| ${HEADER.join(' | ')} |\n|${HEADER.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`;
  const body = rows(r).map(
    (row) =>
      `| ${row.map((cell, i) => (i === 6 && cell !== 'no difference' ? `**${escapeMarkdown(cell)}**` : escapeMarkdown(cell))).join(' | ')} |`,
  );
  const notes = footer(r, '').map((l) => `- ${escapeMarkdown(l)}`);
  const details = notes.length ? ['', '<details><summary>Notes</summary>', '', ...notes, '', '</details>'] : [];
  return `${[head, ...body, '', `_${escapeMarkdown(summary(r, gate))}_`, ...details].join('\n')}\n`;
}

export function renderJsonComparison(r: DocumentComparison, gate?: SuiteGate): string {
  const comparisons = r.comparisons.map((c) => {
    const reason = comparisonReason(c);
    return {
      name: c.name,
      group: c.group,
      args: c.args,
      verdict: c.verdict,
      ratio: c.ratio,
      pValue: c.pValue,
      ...(reason ? { reason } : {}),
      ...(c.because ? { because: c.because } : {}),
      confidence: c.confidence,
      baseNs: c.baseNs,
      contenderNs: c.contenderNs,
      ...(c.notHeadline ? { statistic: c.notHeadline } : {}),
      method: c.method ?? null,
      minimumDetectable: c.minimumDetectable ?? null,
      notes: comparisonNotes(c),
      details: c.details,
    };
  });
  const adjustment = adjustmentText(r, gate);
  const output = {
    comparisons,
    adjustment,
    onlyBase: r.onlyBase,
    onlyContender: r.onlyContender,
    duplicates: r.duplicates,
    environment: r.environment,
  };
  return `${jsonText(output)}\n`;
}

export function renderComparison(
  r: DocumentComparison,
  format: CompareFormat,
  options: CompareTextOptions = {},
): string {
  if (format === 'json') return renderJsonComparison(r, options.gate);
  return format === 'markdown' ? renderMarkdown(r, options.gate) : renderText(r, options);
}
