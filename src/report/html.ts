// The self-contained HTML report (`--html FILE`, `report --format html`).
//
// Why hand-drawn inline SVG and not a plotting library: no plotting library is installed
// here (and installing one is not an option), and inlining one would add hundreds of KB of
// minified JavaScript to every report to draw four simple chart types (scatter + line,
// histograms, line series, a forest plot). Static SVG is smaller, needs no script at all,
// renders identically offline and in print, is reproducible byte for byte (golden tests),
// and can be checked in headless Chromium by counting <svg class="plot"> elements. The
// page carries a Content-Security-Policy of default-src 'none' (inline styles only), so
// any accidental external reference is blocked and shows up as a console error in the
// Chromium test rather than silently making the file depend on the network.
//
// All user text (benchmark names, args, messages, the hypothesis) goes through escapeHtml.
import { counterCell, simulatedRun } from './terminal.js';
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import type { Block } from './blocks.js';
import { flagText } from './caveats.js';
import { baselineOf } from './comparisons.js';
import { formatHalfWidth, formatNs, relHalfWidth, trimmedPercent } from './format.js';
import { comparisonPlot, distributionPlot, runOrderPlot, scatterPlot } from './html-charts.js';
import { reviewBlocks, type ReviewOptions, reportTitle } from './review.js';
import { formatArgs, spacedName } from './samples.js';
import { summaryChart } from './html-summary.js';
import { profileHtml, tierHtml } from './html-explain.js';
import { escapeHtml as esc } from './svg.js';
import { awayWords } from './details.js';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;margin:0;background:#fafafa}
main{max-width:1320px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ddd}
h3{font-size:15px;margin:0 0 6px}
table{border-collapse:collapse;margin:8px 0}td,th{padding:2px 10px;border-bottom:1px solid #e4e4e4;text-align:right}
td:first-child,th:first-child{text-align:left}pre{background:#f0f0f0;padding:8px 12px;overflow-x:auto}
.benchmark{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px;margin:14px 0}
.plots{display:flex;flex-wrap:wrap;gap:10px}.plot{background:#fff;font-size:10px;font-family:inherit}
.plot .label{font-size:11px;fill:#444}
.flag{display:inline-block;background:#fde7d9;border-radius:3px;padding:0 6px;margin-right:4px;font-size:12px}
.plot[data-plot=summary]{max-width:100%;height:auto;font-size:12px}.summary-note{color:#555;font-size:13px}
.error{color:#a00}.verdict-faster{fill:#009E73}.verdict-slower{fill:#D55E00}.verdict-no-difference{fill:#777}.verdict-cannot-tell{fill:#fff;stroke:#777;stroke-dasharray:2}
.verdict-too-few{fill:#fff;stroke:#777}.verdict-incomparable{fill:#fff;stroke:#333}
`;

function blockHtml(b: Block): string {
  switch (b.kind) {
    case 'title':
      return `<h1>${esc(b.text)}</h1>`;
    case 'heading':
      return `<h2>${esc(b.text)}</h2>`;
    case 'para':
      return `<p>${esc(b.text)}</p>`;
    case 'list':
      return `<ul>${b.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
    case 'facts':
    case 'table':
      return `<table><thead><tr>${b.header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${b.rows
        .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`;
    case 'code':
      return `<pre><code>${esc(b.text)}</code></pre>`;
  }
}

/** A benchmark without a time: its simulated instructions per op when it has them. */
function simulatedLine(b: BenchmarkResult): string {
  const c = b.counters?.perOp.find((x) => x.event === 'sim-instructions');
  if (!c) return 'no headline estimate';
  const ci =
    c.ciLow !== undefined && c.ciHigh !== undefined ? ` [${counterCell(c.ciLow)}, ${counterCell(c.ciHigh)}]` : '';
  return `${counterCell(c.perOp)} simulated instructions per iteration${ci}`;
}

function benchmarkSection(doc: ResultDocument, b: BenchmarkResult, index: number): string {
  const head = `<h3>${esc(spacedName(b))}${b.baseline ? ' (baseline)' : ''}</h3>`;
  const args = formatArgs(b.args) ? `<p>args: ${esc(formatArgs(b.args))}</p>` : '';
  if (b.error)
    return (
      `<section class="benchmark" id="b${index}">${head}${args}` +
      `<p class="error">not measured (${esc(b.error.kind)}): ${esc(b.error.message)}</p></section>`
    );
  const h = b.headline;
  const away = b.flags.includes('optimized-away');
  const base = baselineOf(doc, b);
  const summary = away
    ? `${awayWords(b)}: probably optimized away, not a speed`
    : h
      ? `${formatNs(h.point)} per iteration (${h.statistic}), ${trimmedPercent(h.confidence, 2, false)} CI ` +
        `${formatNs(h.ciLow)} – ${formatNs(h.ciHigh)} (${formatHalfWidth(relHalfWidth(h.point, h.ciLow, h.ciHigh))})` +
        (base ? `; baseline: ${base.name}` : '')
      : simulatedLine(b);
  const flags = b.flags.map((f) => `<span class="flag" title="${esc(flagText(f))}">${esc(f)}</span>`).join('');
  const hasBatches = b.forks.some((f) => f.batches.length >= 2);
  // Under Valgrind the batches' times are the simulation's, tens of times the kernel's: not plotted.
  const plots = b.flags.includes('simulated')
    ? '<p>counted under Valgrind: the batch times are the simulation’s, so no time plots</p>'
    : hasBatches
      ? `<div class="plots">${scatterPlot(b)}${away ? '' : distributionPlot(b)}${runOrderPlot(b)}</div>`
      : '<p>no batches recorded</p>';
  const flagLine = flags ? `<p>${flags}</p>` : '';
  const explain = profileHtml(b) + tierHtml(b);
  return `<section class="benchmark" id="b${index}">${head}${args}<p>${esc(summary)}</p>${flagLine}${plots}${explain}</section>`;
}

/**
 * Results first: the title, the summary chart of every benchmark, the comparisons, the plots
 * per benchmark; then the question, conditions, method, result table and caveats of the review.
 */
export function renderHtml(doc: ResultDocument, opts: ReviewOptions = {}): string {
  const blocks = reviewBlocks(doc, opts);
  const title = blocks
    .filter((b) => b.kind === 'title')
    .map(blockHtml)
    .join('\n');
  const review = blocks
    .filter((b) => b.kind !== 'title')
    .map(blockHtml)
    .join('\n');
  // The ratios beside the chart are those of the page's own verdicts.
  const chart = summaryChart(doc, opts.comparisons ?? []);
  const summary = chart
    ? `<h2>Results</h2>${chart}<p class="summary-note">Time per iteration with its ${confidenceText(doc)} ` +
      'confidence interval, one row per benchmark, by group; ◆ marks the baseline of a group and the ratio ' +
      'to it is on the right. Details, plots and caveats of each benchmark follow.</p>'
    : '';
  const quantity = simulatedRun(doc.benchmarks) ? 'simulated instruction' : 'time';
  const comparisons = opts.comparisons?.length
    ? `<h2>Comparisons</h2>${comparisonPlot(opts.comparisons, quantity)}`
    : '';
  const sections = doc.benchmarks.map((b, i) => benchmarkSection(doc, b, i)).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${esc(`${doc.tool.name} ${doc.tool.version}`)}">
<title>${esc(reportTitle(doc))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${title}
${summary}
${comparisons}
<h2>Plots per benchmark</h2>
<p>Per benchmark: batch time against iterations with the fitted line (the slope is the time per iteration); \
the per-iteration time (batch time − intercept) / iterations as a histogram per process; and the same per \
batch in run order, so drift shows. Circled red points: batches with a GC, context switch or CPU migration.</p>
${sections}
${review}
</main>
</body>
</html>
`;
}

function confidenceText(doc: ResultDocument): string {
  const c = doc.benchmarks.find((b) => b.headline)?.headline?.confidence;
  return c === undefined ? '' : trimmedPercent(c);
}
