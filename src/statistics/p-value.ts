// How a p-value is printed. Below 1e-16 the tail computations (normal.ts, tdist.ts) are
// still finite but no test here is calibrated that far; "< 1e-16" is said, never 0.

export const P_FLOOR = 1e-16;

/** Two significant digits, "< 1e-16" below the floor, "—" when unknown. */
export function formatPValue(p: number | null): string {
  if (p === null || Number.isNaN(p)) return '—';
  return p < P_FLOOR ? `< ${P_FLOOR}` : p.toPrecision(2);
}
