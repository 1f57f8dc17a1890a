// A run's wall-time budget (`run --budget S`, `budgetMs` in the library), counted from the start of
// the run (listing and a paired run's checkout included). It bounds what a run adds
// beyond the minimum its answers need, never the minimum itself:
//   - a paired run (src/paired/run.ts) always runs a benchmark's first look; after an unsettled
//     look it runs to the next only when that look's pairs, at this benchmark's time per pair so
//     far, fit in the benchmark's share of the budget (pairedShareMs): its own first look, plus
//     what is left once the first looks of the benchmarks after it are set aside, divided among it
//     and them. So one slow benchmark cannot leave the others nothing, and time a quick one leaves
//     over goes to the ones after it;
//   - a forked run (src/orchestrator/suite.ts) always runs the planned processes; the processes it
//     would add, to replace planned ones in another state or where the planned ones disagree
//     (src/api/more-processes.ts), are cut to what fits in what is left, at each benchmark's own
//     mean time per planned process, replacements first.
// A stop only drops later looks: the bound at a look is computed from the looks up to it
// (src/paired/analysis.ts lookAlpha), so the chance of a false difference stays at or below alpha
// (the alpha of the looks not run is lost, not moved). Likewise Stein's two-stage interval holds
// for any number of added processes. What a stop costs is power: the verdict is more often
// 'cannot tell', and says the budget is why.

/** Time, injected so tests run on a fake clock. */
export type Now = () => number;

export class RunBudget {
  private readonly started: number;

  constructor(
    readonly totalMs: number,
    /** The clock the budget reads, for a benchmark timing its own share. */
    readonly now: Now = () => performance.now(),
  ) {
    this.started = now();
  }

  elapsedMs(): number {
    return this.now() - this.started;
  }

  /** What is left of the budget (0 once spent). */
  leftMs(): number {
    return Math.max(0, this.totalMs - this.elapsedMs());
  }
}

/**
 * Whether `steps` more steps fit in what is left of a share (`shareMs`, of which `spentMs` is spent
 * over `done` steps), at the time per step so far. With no step done there is nothing to estimate
 * from: the first steps always run.
 */
export function stepsFit(o: { done: number; steps: number; spentMs: number; shareMs: number }): boolean {
  if (o.done === 0) return true;
  return o.spentMs + (o.steps * o.spentMs) / o.done <= o.shareMs;
}

/**
 * A paired benchmark's share, ms, decided at a look: `leftMs` was left of the budget when it began,
 * `benchmarks` were still to run then (itself included), and pairs take `perPairMs` each (the
 * run's mean so far). Each of them needs `firstLook` pairs whatever the budget; what is left
 * beyond those is divided equally.
 */
export function pairedShareMs(o: { leftMs: number; benchmarks: number; perPairMs: number; firstLook: number }): number {
  const firstLookMs = o.perPairMs * o.firstLook;
  return firstLookMs + Math.max(0, o.leftMs - firstLookMs * o.benchmarks) / Math.max(1, o.benchmarks);
}

/**
 * How many processes fit in `leftMs` at `perProcessMs` each (one time for all, or each benchmark's
 * own: a benchmark of 30 s a process must not be sized at a run's mean of 4 s): processes are
 * handed to the benchmarks that asked (`wanted`, in the order given: the widest interval first) one
 * round at a time, so each benchmark that asked gets its first added process before any gets its
 * second, and a benchmark whose next process does not fit in what is left gets no more.
 */
export function processesThatFit(
  wanted: readonly number[],
  leftMs: number,
  perProcessMs: number | readonly number[],
): number[] {
  const cost = (i: number) => Math.max(0, typeof perProcessMs === 'number' ? perProcessMs : perProcessMs[i]);
  const given = wanted.map(() => 0);
  if (!(leftMs > 0)) return given;
  let left = leftMs;
  for (let round = 1; ; round++) {
    let any = false;
    for (let i = 0; i < wanted.length; i++) {
      if (wanted[i] < round || cost(i) > left) continue;
      given[i]++;
      left -= cost(i);
      any = true;
    }
    if (!any) return given;
  }
}
