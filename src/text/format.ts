// The one home of number, table and name formatting: reporters, compare/, stat/ and the CLI.
// Durations keep 4 significant digits: more would be noise for any benchmark, fewer would
// hide a 1 % difference.

const UNITS: [number, string][] = [
  [1e9, 's'],
  [1e6, 'ms'],
  [1e3, 'µs'],
  [1, 'ns'],
];

/** Bytes in binary units, 3 significant digits from KiB up: "8.06 KiB", "40 B". */
export function formatBytes(b: number | null | undefined): string {
  if (b === null || b === undefined || !Number.isFinite(b)) return '—';
  const units: [number, string][] = [
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) if (Math.abs(b) >= size) return `${sig(b / size, 3)} ${unit}`;
  // Bytes per operation are often fractional (an allocation every few calls): 0.688 B, not "1 B" or "0 B".
  return `${Number.isInteger(b) ? b : sig(b, 3)} B`;
}

export function formatNs(ns: number | null | undefined): string {
  if (ns === null || ns === undefined || !Number.isFinite(ns)) return '—';
  if (ns === 0) return '0 ns';
  // The unit of the rounded value: 999.97 ns prints as 1.000 µs, not 1000 ns.
  const abs = Math.abs(Number(ns.toPrecision(4)));
  for (const [scale, unit] of UNITS) {
    if (abs >= scale || unit === 'ns') return `${sig(ns / scale)} ${unit}`;
  }
  return `${sig(ns)} ns`;
}

/** A wall-clock duration in ms, coarsely: "< 1 s", "42 s", "2 min 10 s", "1 h 5 min". */
export function formatDuration(ms: number): string {
  if (ms > 0 && ms < 1000) return '< 1 s';
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** 4 significant digits, no exponent for the ranges benchmarks produce. */
export function sig(x: number, digits = 4): string {
  if (!Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  // The magnitude after rounding: 999.97 is "1000", not "1000.0" (five digits).
  const mag = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(digits)))));
  const decimals = Math.max(0, digits - 1 - mag);
  // Beyond six decimals, an exponent: 2.3e-14, not "0.000000".
  return decimals > 6 ? x.toPrecision(digits) : x.toFixed(decimals);
}

/** A coefficient of determination: three decimals, so a column of them lines up (0.997, 1.000). */
export function formatR2(r2: number | null | undefined): string {
  return r2 === null || r2 === undefined || !Number.isFinite(r2) ? '—' : r2.toFixed(3);
}

/** A time ratio: two decimals, or two significant digits below 0.1 (0.0032×, not 0.00×). */
export function formatRatio(x: number): string {
  if (!Number.isFinite(x)) return '—';
  return Math.abs(x) >= 0.1 || x === 0 ? x.toFixed(2) : sig(x, 2);
}

export function formatOps(nsPerOp: number | null | undefined): string {
  if (!nsPerOp || nsPerOp <= 0 || !Number.isFinite(nsPerOp)) return '—';
  const exact = 1e9 / nsPerOp;
  // The scale of the rounded value: 999,600 /s prints as 1.00 M/s, not 1000 k/s.
  const ops = Number(exact.toPrecision(3));
  if (ops >= 1e9) return `${sig(ops / 1e9, 3)} G/s`;
  if (ops >= 1e6) return `${sig(ops / 1e6, 3)} M/s`;
  if (ops >= 1e3) return `${sig(ops / 1e3, 3)} k/s`;
  return `${sig(ops, 3)} /s`;
}

/** Compact percent for table cells: "1.8%" ('—' when unknown). */
export function formatPct(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** Percent in prose: "4.4 %" (the number is not checked: callers pass a finite fraction). */
export function percent(fraction: number, digits = 1): string {
  return `${(fraction * 100).toFixed(digits)} %`;
}

/**
 * A level or a setting as a percentage, trailing zeros dropped: "95 %", "99.5 %" (at most
 * DIGITS decimals); `space` false writes it as a user types it ("1%", help texts).
 */
export function trimmedPercent(fraction: number, digits = 2, space = true): string {
  return `${+(fraction * 100).toFixed(digits)}${space ? ' %' : '%'}`;
}

/**
 * A setting the user chose (a threshold) as a percentage with the digits it was given: "1.0 %",
 * "0.01 %", "0.25 %" (at least one decimal, at most four), so a small setting never reads "0.0 %".
 */
export function settingPercent(fraction: number): string {
  const v = +(fraction * 100).toFixed(4);
  return `${Number.isInteger(v) ? v.toFixed(1) : String(v)} %`;
}

/** Signed percent in prose: "+4.4 %", "-0.3 %". */
export function signedPercent(fraction: number, digits = 1): string {
  return `${fraction >= 0 ? '+' : ''}${percent(fraction, digits)}`;
}

/** The separator between a benchmark's group and its name, everywhere a full name is shown or matched. */
export const NAME_SEPARATOR = '/';

/**
 * "group/name", or the name alone outside a group (what --filter matches); the reports that are
 * read rather than matched pass " / " as SEPARATOR.
 */
export function fullName(group: string | null | undefined, name: string, separator = NAME_SEPARATOR): string {
  return group ? `${group}${separator}${name}` : name;
}

/** "±1.2%" from a headline's CI: half the CI width relative to the point. */
export function relHalfWidth(point: number, lo: number, hi: number): number {
  // The longer side: the two are equal unless a time's lower bound was clipped at zero.
  return point === 0 ? Number.NaN : Math.max(hi - point, point - lo) / Math.abs(point);
}

/**
 * A relative half-width as "±1.2%"; beyond 100 % ">±100%": an interval of a time, count or size
 * that wide reaches zero (its lower end is clipped there), so a symmetric "±343.7%" would claim
 * a lower end below zero. `space` puts a space before % as prose does ("±1.2 %").
 */
export function formatHalfWidth(fraction: number | null | undefined, space = false): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '—';
  const unit = space ? ' %' : '%';
  return fraction > 1 ? `>±100${unit}` : `±${(fraction * 100).toFixed(1)}${unit}`;
}

/** Renders rows as an aligned text table (first column left-aligned, others right). */
export function table(header: string[], rows: string[][]): string {
  const widths = columnWidths([header, ...rows]);
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const [head, ...body] = alignColumns([header, ...rows], widths);
  return [head, rule, ...body].join('\n');
}

/** Pads every row to common column widths (first column left-aligned, the rest right), no header rule. */
export function alignColumns(rows: string[][], widths = columnWidths(rows)): string[] {
  return rows.map((cells) =>
    cells
      .map((c, i) => (i === 0 ? pad(c, widths[i], 'end') : pad(c, widths[i], 'start')))
      .join('  ')
      .trimEnd(),
  );
}

function columnWidths(rows: string[][]): number[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
  return widths;
}

function width(s: string): number {
  return [...s].length;
}

function pad(s: string, w: number, side: 'start' | 'end'): string {
  const fill = ' '.repeat(Math.max(0, w - width(s)));
  return side === 'start' ? fill + s : s + fill;
}

/**
 * Word-wraps one line to `columns` characters (a word longer than that is cut), continuation lines
 * prefixed by `indent`. Written here rather than taken from wrap-ansi: wrap-ansi loads
 * emoji-regex, and loading that through tsx invalidates V8's ArrayBufferDetaching protector in the
 * measuring process, which slows every typed-array kernel measured after it
 * (test/engine/protector.test.ts). The text wrapped here is the tool's own, without escape codes.
 */
export function wrapLine(line: string, columns: number, indent = ''): string {
  const room = Math.max(1, columns);
  if ([...line].length <= room) return line;
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const limit = out.length ? room - indent.length : room;
    const next = current ? `${current} ${word}` : word;
    if ([...next].length <= limit) {
      current = next;
      continue;
    }
    if (current) out.push(current);
    current = word;
    while ([...current].length > Math.max(1, room - indent.length)) {
      const cut = Math.max(1, room - indent.length);
      out.push([...current].slice(0, cut).join(''));
      current = [...current].slice(cut).join('');
    }
  }
  if (current) out.push(current);
  return out.map((l, i) => (i === 0 ? l : `${indent}${l}`)).join('\n');
}
