// CSV report: one row per command and metric (fields quoted and guarded by text/escape.ts). For A/B runs the
// contender rows carry the ratio to the first command, its CI and the verdict.

import { csvField, type CsvCell } from '../text/escape.js';
import { METRICS } from './metrics.js';
import type { StatResult } from './types.js';

const COLUMNS = [
  'command_index',
  'command',
  'metric',
  'unit',
  'n',
  'mean',
  'stddev',
  'stderr',
  'cv',
  'median',
  'min',
  'max',
  'ci95_low',
  'ci95_high',
  'running',
  'status',
  'ratio_vs_1',
  'ratio_ci95_low',
  'ratio_ci95_high',
  'verdict',
];

export function renderCsv(r: StatResult): string {
  const lines = [COLUMNS.join(',')];
  r.commands.forEach((c, i) => {
    for (const def of METRICS) {
      const m = c.metrics[def.name];
      const u = c.unsupported[def.name];
      if (!m && !u) continue;
      const cmp = r.comparisons.find((x) => x.contender === i && x.metric === def.name);
      const stats = m
        ? [m.n, m.mean, m.stddev, m.stderr, m.cv, m.median, m.min, m.max, m.ci95[0], m.ci95[1], m.running, 'ok']
        : [0, null, null, null, null, null, null, null, null, null, null, `not supported: ${u!.reason}`];
      const ratio = cmp ? [cmp.ratio, cmp.ci95?.[0], cmp.ci95?.[1], cmp.verdict] : [null, null, null, null];
      lines.push(
        [i + 1, c.command, def.name, (m ?? u)!.unit, ...stats, ...ratio].map((v) => csvField(v as CsvCell)).join(','),
      );
    }
  });
  return lines.join('\n') + '\n';
}
