// The table of a paired run, as terminal text or Markdown (a CI job summary): per benchmark
// the ratio this tree / other tree with its interval, the verdict, the pairs run, the
// smallest detectable difference; under it, how many pairs would settle an unsettled verdict.
import { quantileSorted } from 'simple-statistics';
import { formatDuration, formatNs, fullName, percent, settingPercent, wrapLine } from '../text/format.js';
import { MAX_UNITS_ADVICE } from '../statistics/threshold.js';
import { escapeMarkdown } from '../text/escape.js';
import { escapeControls, truncateName, truncateNames } from '../text/terminal-safe.js';
import {
  analysePairs,
  confidenceText,
  NO_DIFFERENCE_CONFIDENCE,
  pairLogRatios,
  type PairedSettings,
} from './analysis.js';
import type { PairedOutcome, PairedRow } from './run.js';
import { pairedV8Clause } from './v8.js';

const pct = (x: number | null) => (x === null ? '—' : percent(x));
// Three decimals resolve 0.1 %, a third of the smallest change a paired run is built to find.
const f3 = (x: number) => x.toFixed(3);
const VERDICT_WORD: Record<string, string> = {
  'no-difference': 'no difference',
  'cannot-tell': 'cannot tell',
  // The same verdict in files written before it was named 'cannot-tell'.
  inconclusive: 'cannot tell',
  'too-few': 'too few pairs',
};

export function rowName(r: PairedRow): string {
  const base = fullName(r.group, r.name);
  const args = Object.keys(r.args).length ? ` ${JSON.stringify(r.args)}` : '';
  return escapeControls(truncateName(base + args));
}

/** One table row of a benchmark: name, ratio [CI], CI level, verdict, pairs, smallest detectable difference. */
export function cells(r: PairedRow): string[] {
  const a = r.analysis;
  // A 'no difference' row shows the interval that verdict rests on (the equivalence CI, at its own
  // level), not the difference test's at this look: early looks spend little alpha, so that one
  // can span [0.47, 2.14] after 4 pairs, and "no difference" beside it says more than it shows.
  const e = a?.equivalence;
  const shown = e ? { ciLow: e.ciLow, ciHigh: e.ciHigh } : a?.ratio;
  const ratio = a?.ratio && shown ? `${f3(a.ratio.point)} [${f3(shown.ciLow)}, ${f3(shown.ciHigh)}]` : '—';
  // A failure's message goes under the table (tail), where its length cannot widen the columns.
  const verdict = r.error ? 'failed' : a ? (VERDICT_WORD[a.verdict] ?? a.verdict) : '—';
  const conf = a?.ratio ? confidenceText(e ? e.confidence : a.confidence) : '—';
  return [rowName(r), ratio, conf, verdict, String(r.pairs.length), pct(a?.minimumDetectable ?? null)];
}

export const HEAD = ['benchmark', 'this/other [CI]', 'CI level', 'verdict', 'pairs', 'detectable'];

/** The stopping rule in one line, as printed under every paired table. */
export function sequentialRule(s: PairedSettings, detectable = true, noDifference = NO_DIFFERENCE_CONFIDENCE): string {
  const looks =
    s.looks.length > 3 ? `${s.looks[0]}, ${s.looks[1]}, ..., ${s.looks[s.looks.length - 1]}` : s.looks.join(', ');
  return (
    `Yuen interval on the 20 % trimmed mean log ratio, looks at ${looks} pairs; difference: O'Brien-Fleming-type ` +
    `alpha spending (Lan-DeMets), alpha ${+s.alpha.toPrecision(3)} ` +
    (s.family
      ? `per benchmark (Bonferroni over ${s.family} benchmarks: ${+(s.alpha * s.family).toPrecision(3)} for the whole gate)`
      : 'overall') +
    '; no difference: ' +
    `${Math.round(noDifference * 100)} % CI inside ±${settingPercent(s.threshold)} (the threshold)` +
    (detectable ? '; "detectable" = smallest difference found with 80 % power' : '')
  );
}

/** Lines under the table: one-side-only benchmarks, load errors, failures, unsettled verdicts, interruption, the rule. */
export function tail(o: PairedOutcome, detectable = true): string[] {
  const lines: string[] = [];
  const list = (xs: string[]) => xs.map((x) => escapeControls(truncateName(x))).join(', ');
  if (o.onlyCurrent.length) lines.push(`only in ${currentName(o)} (not compared): ${list(o.onlyCurrent)}`);
  if (o.onlyAgainst.length) lines.push(`only in ${escapeControls(o.against)} (not compared): ${list(o.onlyAgainst)}`);
  for (const e of o.loadErrors) lines.push(`could not list: ${escapeControls(e)}`);
  for (const r of o.rows) if (r.error) lines.push(`${rowName(r)}: failed: ${escapeControls(r.error)}`);
  for (const r of o.rows) {
    const a = r.analysis;
    const e = a?.equivalence;
    // The row shows the interval "no difference" is judged on; the difference test's, at this
    // look's level, is named here so neither is hidden.
    if (e && a?.ratio)
      lines.push(
        `${rowName(r)}: no difference: its ${Math.round(e.confidence * 100)} % CI [${f3(e.ciLow)}, ${f3(e.ciHigh)}] ` +
          `lies inside ±${pct(e.band)}` +
          (e.band > o.settings.threshold + 1e-12 ? ` (what ${o.settings.looks.at(-1)} pairs resolve here)` : '') +
          `; the difference test's ${confidenceText(a.confidence)} CI after ${r.pairs.length} pairs is ` +
          `[${f3(a.ratio.ciLow)}, ${f3(a.ratio.ciHigh)}]`,
      );
  }
  for (const r of o.rows) {
    const jit = pairedV8Clause(r.v8, o.current === undefined);
    if (jit) lines.push(`${rowName(r)}: ${jit}`);
  }
  for (const r of o.rows) {
    const a = r.analysis;
    if (a?.verdict !== 'cannot-tell' && a?.verdict !== ('inconclusive' as string)) continue;
    // Advice in pairs only where it is needed: a settled verdict needs no more pairs.
    const need = a.pairsForThreshold && a.pairsForThreshold > r.pairs.length ? a.pairsForThreshold : null;
    // Advice is capped as everywhere (statistics/threshold.ts MAX_UNITS_ADVICE).
    const band = `±${settingPercent(o.settings.threshold)}`;
    const more = !need
      ? ''
      : need > MAX_UNITS_ADVICE
        ? `more than ${MAX_UNITS_ADVICE} pairs would be needed to resolve ${band}: not reachable here; `
        : `about ${need} pairs would resolve ${band}: `;
    // Stopped by the budget: the next look did not fit in this benchmark's share. Raising the
    // budget is advice only where more pairs could resolve the band at all.
    const reachable = !need || need <= MAX_UNITS_ADVICE;
    const advice = r.budget
      ? (r.budget.leftMs !== undefined && r.budget.leftMs < r.budget.shareMs
          ? // Its share is then its first look, which runs whatever the budget: not a share of the budget's.
            `--budget had ${formatDuration(r.budget.leftMs)} left when this benchmark began, less than the ` +
            'first looks still to run take (they run whatever the budget)'
          : `the next look did not fit in this benchmark's ${formatDuration(r.budget.shareMs)} share of --budget`) +
        (reachable ? '; raise --budget' : '')
      : 'run on a quieter machine or raise --max-pairs';
    lines.push(`${rowName(r)}: cannot tell after ${r.pairs.length} pairs (${a.reason}); ${more}${advice}`);
  }
  if (o.interrupted) lines.push('the run was interrupted: results are partial');
  if (o.notRun?.length) lines.push(`not run (interrupted): ${list(o.notRun)}`);
  // A file written by another version states the level its rows were judged at (rule.noDifferenceConfidence).
  const recorded = (o as { rule?: { noDifferenceConfidence?: unknown } }).rule?.noDifferenceConfidence;
  lines.push(sequentialRule(o.settings, detectable, typeof recorded === 'number' ? recorded : undefined));
  return lines;
}

/**
 * What --verbose adds under a paired table, per benchmark: each side's median ns/op and range over
 * its pairs, the spread of the pair ratios, the order balance, and the verdict at every look it
 * reached (the same analysis, on the first n pairs), so a reader sees how the answer settled.
 */
export function verboseLines(o: PairedOutcome): string[] {
  const lines: string[] = [];
  const f = (x: number) => x.toFixed(3);
  for (const r of o.rows) {
    const usable = r.pairs.filter((p) => p.a > 0 && p.b > 0 && Number.isFinite(p.a + p.b));
    if (usable.length === 0) continue;
    const side = (xs: number[]) => {
      const sorted = [...xs].sort((x, y) => x - y);
      const range = `${formatNs(sorted[0])}–${formatNs(sorted.at(-1))}`;
      return `${formatNs(quantileSorted(sorted, 0.5))}/op (${range})`;
    };
    const ratios = usable.map((p) => p.b / p.a).sort((x, y) => x - y);
    const q = (p: number) => f(quantileSorted(ratios, p));
    const first = usable.filter((p) => !p.aFirst).length;
    lines.push(
      `${rowName(r)}: ${escapeControls(o.against)} ${side(usable.map((p) => p.a))}, ` +
        `${currentName(o)} ${side(usable.map((p) => p.b))}, medians over ${usable.length} pairs; ` +
        `pair ratios min ${q(0)}, quartiles ${q(0.25)} / ${q(0.5)} / ${q(0.75)}, max ${q(1)}; ` +
        `${currentName(o)} ran first in ${first} of ${usable.length}`,
    );
    const logs = pairLogRatios(r.pairs);
    const looks = o.settings.looks.filter((n) => n < r.pairs.length);
    const looked = [...looks, r.pairs.length].map((n) => {
      const a = analysePairs(pairLogRatios(r.pairs.slice(0, n)), o.settings, n);
      const word = VERDICT_WORD[a.verdict] ?? a.verdict;
      return a.ratio
        ? `${n}: ${f(a.ratio.point)} [${f(a.ratio.ciLow)}, ${f(a.ratio.ciHigh)}] ${word}`
        : `${n}: ${word}`;
    });
    if (logs.length >= 2)
      lines.push(`  at each look (pairs: ratio [CI at that look's level] verdict): ${looked.join('; ')}`);
  }
  return lines;
}

/** This side's name: 'this tree', or its Node version and flags (src/paired/sides.ts). */
export const currentName = (o: Pick<PairedOutcome, 'current'>) => o.current ?? 'this tree';

const NAME_MIN = 16;

/**
 * The paired table for a terminal `columns` wide: the "detectable" column is dropped when the
 * table does not fit, then names are shortened (to NAME_MIN at least); the lines under it wrapped.
 */
export function renderPairedText(o: PairedOutcome, columns = 80, verbose = false): string {
  let head = HEAD;
  let rows = o.rows.map(cells);
  const gap = 2;
  const width = (h: string[], rs: string[][], i: number) => Math.max(h[i]!.length, ...rs.map((r) => r[i]!.length));
  const rest = (h: string[], rs: string[][]) => h.slice(1).reduce((n, _, i) => n + width(h, rs, i + 1) + gap, 0);
  if (width(head, rows, 0) + rest(head, rows) > columns) {
    head = head.slice(0, -1);
    rows = rows.map((r) => r.slice(0, -1));
  }
  const nameWidth = Math.max(NAME_MIN, columns - rest(head, rows));
  const names = truncateNames(
    rows.map(([name]) => name!),
    nameWidth,
  );
  rows = rows.map(([, ...r], i) => [names[i]!, ...r]);
  const widths = head.map((_, i) => width(head, rows, i));
  // A rule under the header, as the plain run's table has.
  const all = [head, widths.map((w) => '─'.repeat(w)), ...rows];
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' '.repeat(gap))
      .trimEnd();
  // Continuation lines are indented, so each line under the table reads as one item.
  const lines = [...tail(o, head.length === HEAD.length), ...(verbose ? verboseLines(o) : [])];
  // A line that starts indented belongs to the line above it: wrapped within its indent.
  const under = lines.map((l) =>
    l.startsWith('  ') ? wrapLine(l.slice(2), columns - 2, '  ').replace(/^/gm, '  ') : wrapLine(l, columns, '  '),
  );
  const title = o.current === undefined ? 'Paired run' : `Paired run: ${escapeControls(o.current)}`;
  return `${title} against ${escapeControls(o.against)}\n${all.map(line).join('\n')}\n${under.join('\n')}\n`;
}

export function renderPairedMarkdown(o: PairedOutcome): string {
  const esc = escapeMarkdown;
  const line = (r: string[]) => `| ${r.map(esc).join(' | ')} |`;
  return [
    `### cyclebench: ${esc(currentName(o))} against ${esc(o.against)}`,
    '',
    line(HEAD),
    line(HEAD.map(() => '---')),
    ...o.rows.map((r) => line(cells(r))),
    '',
    ...tail(o).map((l) => `- ${esc(l)}`),
    '',
  ].join('\n');
}
