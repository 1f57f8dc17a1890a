// Markdown report: one table per command (labels as in the text report) and one per
// comparison, for pasting into a pull request or docs/measurements.md. Text is escaped by
// src/text/escape.ts (the command line comes from the user, messages from the command).

import { ciText, fmt, pct, unsupportedByReason } from './format.js';
import { METRICS } from './metrics.js';
import { escapeMarkdown as esc, markdownCode } from '../text/escape.js';
import type { StatResult } from './types.js';

export function renderMarkdown(r: StatResult): string {
  let out = '';
  r.commands.forEach((c, i) => {
    const warm = c.warmupCount > 0 ? `, ${c.warmupCount} warmup excluded` : '';
    out += `### [${i + 1}] ${markdownCode(c.command)} (${c.runCount} successful runs${warm})\n\n`;
    out += '| metric | mean | unit | std error | std dev | CV | min | median | max | 95 % CI of mean |\n';
    out += '|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n';
    for (const def of METRICS) {
      const m = c.metrics[def.name];
      if (m)
        out +=
          `| ${def.name} | ${fmt(m.mean)} | ${m.unit} | ${fmt(m.stderr)} ` +
          `| ${fmt(m.stddev)} | ${pct(m.cv)} | ${fmt(m.min)} | ${fmt(m.median)} ` +
          `| ${fmt(m.max)} | ${ciText(m.ci95)} |\n`;
    }
    for (const [reason, names] of unsupportedByReason(c))
      out += `\nNot supported: ${esc(names.join(', '))} (${esc(reason)})\n`;
    for (const f of c.failures) out += `\n- failed run #${f.run + 1}${f.warmup ? ' (warmup)' : ''}: ${esc(f.message)}`;
    if (c.failures.length > 0) out += '\n';
    for (const w of c.warnings) out += `\n> warning: ${esc(w)}\n`;
    out += '\n';
  });
  if (r.comparisons.length > 0) {
    out +=
      '### Comparison (ratio = mean of [k] / mean of [1])\n\n| contender | metric | ' +
      'ratio | 95 % CI | verdict |\n|---|---|---:|---|---|\n';
    for (const c of r.comparisons) {
      const ci = c.ci95 ? `[${c.ci95[0].toFixed(3)}, ${c.ci95[1].toFixed(3)}]` : '-';
      out +=
        `| [${c.contender + 1}] | ${c.metric} ` +
        `| ${c.ratio === null ? '-' : c.ratio.toFixed(3)} | ${ci} | ${c.verdict} ` +
        `(${esc(c.reason)}) |\n`;
    }
    out += '\n';
  }
  for (const n of r.notes) out += `_${esc(n)}_\n\n`;
  return out;
}
