// How a p-value is printed. Below 1e-16 the tail computations (normal.ts, tdist.ts) are
// still finite but no test here is calibrated that far; "< 1e-16" is said, never 0.

export const P_FLOOR = 1e-16;

/** Two significant digits, "< 1e-16" below the floor, "—" when unknown. */
export function formatPValue(p: number | null): string {
  if (p === null || Number.isNaN(p)) return '—';
  return p < P_FLOOR ? `< ${P_FLOOR}` : p.toPrecision(2);
}

/** "= 0.031" or "< 1e-16": a p-value after "p ". */
export function pEquals(p: number | null): string {
  const f = formatPValue(p);
  return f.startsWith('<') ? f : `= ${f}`;
}
