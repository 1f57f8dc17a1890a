// Holm's step-down procedure (Holm 1979): sort the p-values ascending and, for the i-th smallest
// (i from 0), reject while p ≤ α / (N - i); stop at the first that is not. It controls the
// family-wise error rate at α under any dependence between the tests, and rejects at least what
// Bonferroni (α / N each) rejects.
// HAND-WRITTEN: ten lines; simple-statistics, the project's statistics library, has no
// multiple-comparison adjustment.

/** For each p-value, whether Holm's procedure at `alpha` rejects it (NaN: never rejected, still counted). */
export function holmRejects(pValues: readonly number[], alpha: number): boolean[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p: Number.isNaN(p) ? Infinity : p, i })).sort((a, b) => a.p - b.p);
  const out = new Array<boolean>(m).fill(false);
  for (let k = 0; k < m; k++) {
    if (!(order[k].p <= alpha / (m - k))) break;
    out[order[k].i] = true;
  }
  return out;
}
