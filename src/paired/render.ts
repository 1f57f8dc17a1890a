// The table of a paired run, as terminal text or Markdown (a CI job summary): per benchmark
// the ratio this tree / other tree with its interval, the verdict, the pairs run, the
// smallest detectable difference and how many pairs would resolve the noise threshold.
import { escapeControls, truncateName } from '../text/terminal-safe.js';
import { confidenceText, NO_DIFFERENCE_CONFIDENCE, type PairedSettings } from './analysis.js';
import type { PairedOutcome, PairedRow } from './run.js';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);
const f4 = (x: number) => x.toFixed(4);

export function rowName(r: PairedRow): string {
  const base = r.group ? `${r.group}/${r.name}` : r.name;
  const args = Object.keys(r.args).length ? ` ${JSON.stringify(r.args)}` : '';
  return escapeControls(truncateName(base + args));
}

/** One table row of a benchmark: name, ratio [CI], CI level, verdict, pairs, detectable, pairs for threshold. */
export function cells(r: PairedRow): string[] {
  const a = r.analysis;
  const ratio = a?.ratio ? `${f4(a.ratio.point)} [${f4(a.ratio.ciLow)}, ${f4(a.ratio.ciHigh)}]` : '—';
  const verdict = r.error ? `failed: ${escapeControls(r.error)}` : (a?.verdict ?? '—');
  const conf = a ? confidenceText(a.confidence) : '—';
  return [
    rowName(r),
    ratio,
    conf,
    verdict,
    String(r.pairs.length),
    pct(a?.minimumDetectable ?? null),
    a?.pairsForThreshold ? String(a.pairsForThreshold) : '—',
  ];
}

export const HEAD = [
  'benchmark',
  'ratio this/other [CI]',
  'CI level',
  'verdict',
  'pairs',
  'detectable',
  'pairs for threshold',
];

/** The stopping rule in one line, as printed under every paired table. */
export function sequentialRule(s: PairedSettings): string {
  const looks =
    s.looks.length > 3 ? `${s.looks[0]}, ${s.looks[1]}, ..., ${s.looks[s.looks.length - 1]}` : s.looks.join(', ');
  return (
    `Yuen interval on the 20 % trimmed mean log ratio, looks at ${looks} pairs; difference: O'Brien-Fleming-type ` +
    `alpha spending (Lan-DeMets), alpha ${+s.alpha.toFixed(4)} overall; no difference: ` +
    `${Math.round(NO_DIFFERENCE_CONFIDENCE * 100)} % CI inside ±${pct(s.threshold)} (the threshold); ` +
    `"detectable" = smallest difference found with 80 % power`
  );
}

/** Lines under the table: one-side-only benchmarks, load errors, interruption, the rule. */
export function tail(o: PairedOutcome): string[] {
  const lines: string[] = [];
  const list = (xs: string[]) => xs.map((x) => escapeControls(truncateName(x))).join(', ');
  if (o.onlyCurrent.length) lines.push(`only in this tree (not compared): ${list(o.onlyCurrent)}`);
  if (o.onlyAgainst.length) lines.push(`only in ${escapeControls(o.against)} (not compared): ${list(o.onlyAgainst)}`);
  for (const e of o.loadErrors) lines.push(`could not list: ${escapeControls(e)}`);
  for (const r of o.rows)
    if (r.analysis?.verdict === 'inconclusive')
      lines.push(
        `${escapeControls(truncateName(rowName(r)))}: cannot tell after ${r.pairs.length} pairs ` +
          `(${r.analysis.reason}): run on a quieter machine or raise --max-pairs`,
      );
  if (o.interrupted) lines.push('the run was interrupted: results are partial');
  lines.push(sequentialRule(o.settings));
  return lines;
}

export function renderPairedText(o: PairedOutcome): string {
  const rows = [HEAD, ...o.rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return `Paired run against ${escapeControls(o.against)}\n${rows.map(line).join('\n')}\n${tail(o).join('\n')}\n`;
}

export function renderPairedMarkdown(o: PairedOutcome): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  const line = (r: string[]) => `| ${r.map(esc).join(' | ')} |`;
  return [
    `### cyclebench: this tree against ${esc(escapeControls(o.against))}`,
    '',
    line(HEAD),
    line(HEAD.map(() => '---')),
    ...o.rows.map((r) => line(cells(r))),
    '',
    ...tail(o).map((l) => `- ${esc(l)}`),
    '',
  ].join('\n');
}
