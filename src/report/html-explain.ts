// What explains a benchmark's number in the HTML report, inside its section: the top self-time
// functions of its profile (`--profile`, src/profile/summary.ts) and its flame graph
// (src/report/flame-svg.ts; a bar per function for a file without the call tree), and V8's tier
// table, one row per measured process (ForkResult.v8, src/worker/v8-watch.ts): the kernel's and
// the timed loop's tiers at the end of warm-up and of the sampled batches, and the
// deoptimizations inside its warm-up and its measured batches. Function names come from the
// bench file's code and go through escapeHtml like every other outside text.
import type { BenchmarkResult, V8Record } from '../results/schema.js';
import { forkRole, TIER_NOTE, tierHeader, tierRow } from './tier-rows.js';
import { percent } from './format.js';
import { fileLine, functionPlace } from './profile.js';
import { escapeHtml as esc, px } from './svg.js';
import { flameCaption, flameSvg } from './flame-svg.js';

/** Width of the longest function's bar, px. */
export const BAR_WIDTH = 160;

function bar(share: number, max: number): string {
  const w = max > 0 ? (share / max) * BAR_WIDTH : 0;
  return (
    `<svg class="bar" width="${BAR_WIDTH}" height="10" viewBox="0 0 ${BAR_WIDTH} 10" aria-hidden="true">` +
    `<rect width="${px(w)}" height="10" fill="#0072B2"/></svg>`
  );
}

function table(header: string[], rows: string[][], attrs = ''): string {
  return (
    `<table${attrs}><thead><tr>${header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>` +
    rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('') +
    '</tbody></table>'
  );
}

/** The benchmark's top functions by self time, largest first; '' when it was not profiled. */
export function profileHtml(b: BenchmarkResult): string {
  const p = b.profile;
  if (!p) return '';
  const head = `<h4>Top functions by self time</h4><p>${esc(fileLine(p))}</p>`;
  if (p.top.length === 0) return `<div class="explain" data-explain="profile">${head}</div>`;
  // With the call tree, a flame graph above the table; a file without it (older ones) gets a bar per function.
  const flame = p.tree ? flameSvg(p.tree) : '';
  if (flame) {
    const rows = p.top.map((f) => [esc(f.name), esc(percent(f.share)), esc(functionPlace(f))]);
    return (
      `<div class="explain" data-explain="profile">${head}` +
      `${table(['function', 'self time', 'where'], rows, ' data-table="profile"')}` +
      `<p>${esc(flameCaption(p.tree!))}</p>${flame}</div>`
    );
  }
  const max = Math.max(...p.top.map((f) => f.share));
  const rows = p.top.map((f) => [esc(f.name), esc(percent(f.share)), bar(f.share, max), esc(functionPlace(f))]);
  return (
    `<div class="explain" data-explain="profile">${head}` +
    `${table(['function', 'self time', '', 'where'], rows, ' data-table="profile"')}</div>`
  );
}

/**
 * The tier table of `processes` (each named by `name`, with a last column `last`), marked
 * data-table="tiers"; '' when there are none.
 */
export function v8TableHtml(
  processes: readonly { name: string; v8: V8Record; last: string }[],
  head = 'process',
): string {
  if (processes.length === 0) return '';
  return (
    `<div class="explain" data-explain="tiers"><h4>V8 per process</h4><p>${esc(TIER_NOTE)}</p>` +
    `${table(
      tierHeader(head),
      processes.map((p) => tierRow(p.name, p.v8, p.last).map(esc)),
      ' data-table="tiers"',
    )}</div>`
  );
}

/** Per measured process: V8's tiers and deoptimizations; '' when no process has a record. */
export function tierHtml(b: BenchmarkResult): string {
  return v8TableHtml(b.forks.filter((f) => f.v8).map((f) => ({ name: String(f.index), v8: f.v8!, last: forkRole(f) })));
}
