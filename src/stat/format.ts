// Number and label formatting shared by the stat reporters. Deterministic (fixed locale)
// so golden-output tests are exact on every machine.

import { alignColumns, percent } from '../text/format.js';
import type { CommandResult, MetricName } from './types.js';

/**
 * Thousands separators like toLocaleString('en-US') for integers below 1e21, without it:
 * the first toLocaleString call loads ICU locale data, ~20 ms of `cyclebench stat`'s start-up.
 */
export function groupThousands(n: number): string {
  return Math.abs(n) < 1e21 ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US');
}

/** Counts get thousands separators; smaller values keep about four significant digits. */
export function fmt(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  const a = Math.abs(v);
  if (a >= 1000) return groupThousands(Math.round(v));
  if (a >= 100) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  if (a === 0) return '0';
  return v.toPrecision(3);
}

export function pct(v: number | null | undefined, digits = 2): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  return percent(v, digits);
}

export function ciText(ci: [number, number] | null | undefined): string {
  if (!ci || !Number.isFinite(ci[0]) || !Number.isFinite(ci[1])) return '-';
  return `[${fmt(ci[0])}, ${fmt(ci[1])}]`;
}

/** Run numbers are shown 1-based, the way a user counts them ("run #1" is the first). */
export function runLabel(run: number): string {
  return `#${run + 1}`;
}

/** Groups unsupported metrics by reason so each reason is printed once. */
export function unsupportedByReason(c: CommandResult): Map<string, MetricName[]> {
  const byReason = new Map<string, MetricName[]>();
  for (const [name, u] of Object.entries(c.unsupported) as [MetricName, { reason: string }][]) {
    const list = byReason.get(u.reason) ?? [];
    list.push(name);
    byReason.set(u.reason, list);
  }
  return byReason;
}

/** Pads columns to a common width (first left-aligned, the rest right), each line indented. */
export function table(rows: string[][], indent = '  '): string {
  return alignColumns(rows)
    .map((line) => indent + line)
    .join('\n')
    .concat('\n');
}

export const DERIVED_LABELS: Record<string, string> = {
  'cpus-utilized': 'CPUs utilized',
  ghz: 'GHz',
  ipc: 'insn per cycle',
  'branch-miss-rate': 'of all branches missed',
  'cache-miss-rate': 'of all cache refs missed',
};
