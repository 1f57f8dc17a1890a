// Number formatting shared by every reporter. Durations keep 4 significant digits:
// more would be noise for any benchmark, fewer would hide a 1 % difference.

const UNITS: [number, string][] = [
  [1e9, 's'],
  [1e6, 'ms'],
  [1e3, 'µs'],
  [1, 'ns'],
];

export function formatNs(ns: number | null | undefined): string {
  if (ns === null || ns === undefined || !Number.isFinite(ns)) return '—';
  if (ns === 0) return '0 ns';
  const abs = Math.abs(ns);
  for (const [scale, unit] of UNITS) {
    if (abs >= scale || unit === 'ns') return `${sig(ns / scale)} ${unit}`;
  }
  return `${sig(ns)} ns`;
}

/** 4 significant digits, no exponent for the ranges benchmarks produce. */
export function sig(x: number, digits = 4): string {
  if (!Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  const mag = Math.floor(Math.log10(Math.abs(x)));
  const decimals = Math.max(0, digits - 1 - mag);
  return x.toFixed(Math.min(decimals, 6));
}

export function formatOps(nsPerOp: number | null | undefined): string {
  if (!nsPerOp || nsPerOp <= 0 || !Number.isFinite(nsPerOp)) return '—';
  const ops = 1e9 / nsPerOp;
  if (ops >= 1e9) return `${sig(ops / 1e9, 3)} G/s`;
  if (ops >= 1e6) return `${sig(ops / 1e6, 3)} M/s`;
  if (ops >= 1e3) return `${sig(ops / 1e3, 3)} k/s`;
  return `${sig(ops, 3)} /s`;
}

export function formatPct(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** "±1.2%" from a headline's CI: half the CI width relative to the point. */
export function relHalfWidth(point: number, lo: number, hi: number): number {
  return point === 0 ? Number.NaN : (hi - lo) / 2 / Math.abs(point);
}

/** Renders rows as an aligned text table (first column left-aligned, others right). */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? pad(c, widths[i], 'end') : pad(c, widths[i], 'start')))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function width(s: string): number {
  return [...s].length;
}

function pad(s: string, w: number, side: 'start' | 'end'): string {
  const fill = ' '.repeat(Math.max(0, w - width(s)));
  return side === 'start' ? fill + s : s + fill;
}
