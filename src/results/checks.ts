// Assertions a benchmark file makes about its own benchmarks (vitest 5's
// `expect(a).toBeFasterThan(b, { delta })`), collected when the file is loaded and judged
// after measuring on cyclebench's comparison of the two benchmarks (src/analysis/checks.ts).
// docs/migration.md, "vitest 5".

/** One assertion as the file made it: names only, no numbers. */
export interface Check {
  /** The test that made it ("describe > test"). */
  test: string;
  /** The matcher, as called: `toBeFasterThan`, `toBeSlowerThan`, or another one (not judged). */
  matcher: string;
  /** Called through `.not`. */
  not: boolean;
  /** "group/name" of the benchmark asserted about; absent when the value was not a benchmark result. */
  actual?: string;
  /** "group/name" of the benchmark compared with. */
  expected?: string;
  /** vitest's `delta`: the relative difference the assertion asks for at least (default 0). */
  delta?: number;
}

/** passed / failed on the verdict; 'cannot-tell' fails neither way; 'not-judged': no benchmark comparison to judge it by. */
export type CheckStatus = 'passed' | 'failed' | 'cannot-tell' | 'not-judged';

export interface CheckOutcome extends Check {
  status: CheckStatus;
  /** actual / expected time per iteration, with its interval, when the two were compared. */
  ratio?: { point: number; ciLow: number; ciHigh: number; confidence: number };
  /** The comparison's verdict (faster / slower / no-difference / cannot-tell / too-few / incomparable). */
  verdict?: string;
  /** Why, in words. */
  reason: string;
}
