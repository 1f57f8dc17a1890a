// Bounds of the count and time options, shared by the CLI's parser and the library's checks:
// beyond them a run would take days, exhaust memory, or overflow a timer.

export const LIMITS = {
  forks: 1000,
  seed: 2 ** 32 - 1,
  runs: 100_000,
  cpu: 8191, // CONFIG_NR_CPUS is at most 8192 (arch/x86/Kconfig)
  /** setTimeout holds at most 2^31 - 1 ms; a longer delay fires at once (Node's TimeoutOverflowWarning). */
  timeoutS: Math.floor((2 ** 31 - 1) / 1000),
  /** A run's wall-time budget: a week. */
  budgetS: 7 * 24 * 3600,
} as const;

/** A RangeError naming the first run option out of range, for the library (runFiles). */
export function checkRunLimits(
  o: {
    forks: number;
    maxForks?: number;
    budgetMs?: number;
    seed: number;
    timeoutMs: number;
    timeBudgetNs: number;
    targetCi: number;
    confidence: number;
  },
  who: string,
): void {
  const bad = (what: string, v: unknown) => new RangeError(`${who}: ${what}, got ${String(v)}`);
  if (!Number.isInteger(o.forks) || o.forks < 1 || o.forks > LIMITS.forks)
    throw bad(`forks must be a whole number from 1 to ${LIMITS.forks}`, o.forks);
  if (o.maxForks !== undefined && (!Number.isInteger(o.maxForks) || o.maxForks < o.forks || o.maxForks > LIMITS.forks))
    throw bad(`maxForks must be a whole number from forks (${o.forks}) to ${LIMITS.forks}`, o.maxForks);
  if (
    o.budgetMs !== undefined &&
    (typeof o.budgetMs !== 'number' || !(o.budgetMs > 0 && o.budgetMs <= LIMITS.budgetS * 1000))
  )
    throw bad(`budgetMs must be above 0 and at most ${LIMITS.budgetS * 1000}`, o.budgetMs);
  if (!Number.isInteger(o.seed) || o.seed < 0 || o.seed > LIMITS.seed)
    throw bad(`seed must be a whole number from 0 to ${LIMITS.seed}`, o.seed);
  if (typeof o.timeoutMs !== 'number' || !(o.timeoutMs > 0 && o.timeoutMs <= LIMITS.timeoutS * 1000))
    throw bad(`timeoutMs must be above 0 and at most ${LIMITS.timeoutS * 1000}`, o.timeoutMs);
  if (typeof o.timeBudgetNs !== 'number' || !(o.timeBudgetNs > 0 && Number.isFinite(o.timeBudgetNs)))
    throw bad('timeBudgetNs must be a positive number', o.timeBudgetNs);
  if (typeof o.targetCi !== 'number' || !(o.targetCi > 0 && o.targetCi < 1))
    throw bad('targetCi must be a fraction between 0 and 1', o.targetCi);
  if (typeof o.confidence !== 'number' || !(o.confidence > 0 && o.confidence < 1))
    throw bad('confidence must be between 0 and 1 (e.g. 0.95)', o.confidence);
}
