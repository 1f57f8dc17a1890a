// Terminal report modelled on perf stat, with every dispersion measure named exactly:
// "std error" is the standard error of the mean (perf's "±", docs/platform-notes.md P29) and is
// never shown unlabelled; std dev and CV are separate columns. Reporters never measure.

import { ciText, DERIVED_LABELS, fmt, pct, runLabel, table, unsupportedByReason } from './format.js';
import { METRICS } from './metrics.js';
import type { CommandResult, CommandComparison, StatResult } from './types.js';
import { terminalSafe } from '../text/terminal-safe.js';

const HEADER = [
  'metric',
  'mean',
  'unit',
  'std error (% of mean)',
  'std dev',
  'CV',
  'min',
  'median',
  'max',
  '95 % CI of mean',
  'running',
];

function commandBlock(c: CommandResult, index: number, total: number, reasons: string[]): string {
  const excluded = c.warmupCount > 0 ? `; ${c.warmupCount} warmup run(s) excluded` : '';
  const failed = c.failures.filter((f) => !f.warmup).length;
  const failedText = failed > 0 ? `; ${failed} failed run(s) excluded` : '';
  const tag = total > 1 ? `[${index + 1}] ` : '';
  let out =
    `\n ${tag}Performance counter stats for "${c.command}" (${c.runCount} ` +
    `successful run(s)${excluded}${failedText}):\n\n`;
  const rows: string[][] = [HEADER];
  for (const def of METRICS) {
    const m = c.metrics[def.name];
    const u = c.unsupported[def.name];
    if (m) {
      const running = m.running !== undefined && m.running < 1 ? pct(m.running, 1) : '';
      const src = m.source ? ' *' : '';
      rows.push([
        def.name + src,
        fmt(m.mean),
        m.unit,
        `${fmt(m.stderr)} (${pct(m.mean === 0 ? NaN : m.stderr / m.mean)})`,
        fmt(m.stddev),
        pct(m.cv),
        fmt(m.min),
        fmt(m.median),
        fmt(m.max),
        ciText(m.ci95),
        running,
      ]);
    } else if (u) {
      rows.push([def.name, '<not supported>', u.unit, `[${reasons.indexOf(u.reason) + 1}]`]);
    }
  }
  out += rows.length > 1 ? table(rows) : '  (no successful runs: no statistics)\n';
  const derived = Object.entries(c.derived);
  if (derived.length > 0) {
    out +=
      '\n' +
      table(
        derived.map(([k, d]) => [
          `# ${DERIVED_LABELS[k] ?? k}`,
          d.unit === '%' ? `${d.value.toFixed(2)} %` : fmt(d.value),
          `(${d.formula}, ratio of means)`,
        ]),
      );
  }
  const sources = Object.entries(c.metrics).filter(([, m]) => m?.source);
  for (const [name, m] of sources) out += `\n  * ${name}: from ${m!.source}`;
  if (sources.length > 0) out += '\n';
  const outliers = METRICS.flatMap((def) => {
    const o = c.metrics[def.name]?.outliers;
    if (!o || o.mild.length + o.severe.length === 0) return [];
    const parts = [...o.severe.map((r) => `${runLabel(r)} severe`), ...o.mild.map((r) => `${runLabel(r)} mild`)];
    return [`    ${def.name}: ${parts.join(', ')}`];
  });
  if (outliers.length > 0)
    out +=
      `\n  outlier runs (Tukey fences: mild beyond 1.5 IQR, severe beyond 3 IQR; kept ` +
      `in the statistics):\n${outliers.join('\n')}\n`;
  if (c.failures.length > 0) {
    out += `\n  failed runs (excluded from the statistics):\n`;
    for (const f of c.failures) out += `    run ${runLabel(f.run)}${f.warmup ? ' (warmup)' : ''}: ${f.message}\n`;
  }
  for (const w of c.warnings) out += `\n  warning: ${w}\n`;
  return out;
}

function comparisonBlock(r: StatResult): string {
  if (r.comparisons.length === 0) return '';
  let out = '';
  const contenders = [...new Set(r.comparisons.map((c) => c.contender))];
  for (const j of contenders) {
    const rows: string[][] = [['metric', `ratio [${j + 1}]/[1]`, '95 % CI of ratio', 'verdict', 'why']];
    for (const c of r.comparisons.filter((x: CommandComparison) => x.contender === j)) {
      rows.push([
        c.metric,
        c.ratio === null ? '-' : c.ratio.toFixed(3),
        c.ci95 ? `[${c.ci95[0].toFixed(3)}, ${c.ci95[1].toFixed(3)}]` : '-',
        c.verdict,
        c.reason,
      ]);
    }
    out +=
      `\n Comparison: [${j + 1}] "${r.commands[j].command}" vs [1] ` +
      `"${r.commands[0].command}" (ratio < 1: [${j + 1}] is faster/smaller)\n\n`;
    out += table(rows);
  }
  return out;
}

/** Each distinct reason once for all commands (the same PMU is missing for every command). */
function unsupportedNotes(r: StatResult): { reasons: string[]; text: string } {
  const byReason = new Map<string, Set<string>>();
  for (const c of r.commands) {
    for (const [reason, names] of unsupportedByReason(c)) {
      const set = byReason.get(reason) ?? new Set<string>();
      names.forEach((n) => set.add(n));
      byReason.set(reason, set);
    }
  }
  const reasons = [...byReason.keys()];
  const text = reasons
    .map((reason, i) => `\n [${i + 1}] not supported: ${[...byReason.get(reason)!].join(', ')}: ${reason}`)
    .join('');
  return { reasons, text: text ? text + '\n' : '' };
}

export function renderText(input: StatResult): string {
  const r = terminalSafe(input);
  let out = r.interrupted ? '\n interrupted (Ctrl-C): statistics over the runs completed before the interrupt\n' : '';
  const unsupported = unsupportedNotes(r);
  r.commands.forEach((c, i) => (out += commandBlock(c, i, r.commands.length, unsupported.reasons)));
  out += unsupported.text;
  out += comparisonBlock(r);
  out += `\n platform: ${r.platform}${r.excludeKernel ? ', counters exclude the kernel' : ''}\n`;
  for (const n of r.notes) out += ` note: ${n}\n`;
  return out;
}
