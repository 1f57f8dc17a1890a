// A run's wall-time budget (`run --budget S`, `budgetS` in the library). It bounds what a run adds
// beyond the minimum its answers need, never the minimum itself:
//   - a paired run (src/paired/run.ts) always runs a benchmark's first look; after an unsettled
//     look it runs to the next only when that look's pairs, at this benchmark's time per pair so
//     far, fit in the benchmark's share of the budget. A benchmark's share is what is left of the
//     budget divided among the benchmarks not yet run, so one slow benchmark cannot leave the
//     others nothing, and time a quick one leaves over goes to the ones after it;
//   - a forked run (src/orchestrator/suite.ts) always runs the planned processes; the processes it
//     would add to benchmarks whose planned ones disagree (more-processes.ts) are cut to what fits
//     in what is left, at the planned processes' mean time each.
// Stopping for time is decided by the clock, not by the data, so a sequential design's error
// rates hold at whichever look it stops (the alpha of the looks not run is simply not spent);
// what the stop costs is power: the verdict is more often 'cannot tell', and says the budget is why.

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

  /** The next of `unitsLeft` benchmarks' share of what is left. */
  shareMs(unitsLeft: number): number {
    return this.leftMs() / Math.max(1, unitsLeft);
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
 * How many processes fit in `leftMs` at `perProcessMs` each: processes are handed to the benchmarks
 * that asked (`wanted`, in the order given: the widest interval first) one round at a time, so
 * each benchmark that asked gets its first added process before any gets its second.
 */
export function processesThatFit(wanted: readonly number[], leftMs: number, perProcessMs: number): number[] {
  let room = perProcessMs > 0 ? Math.floor(leftMs / perProcessMs) : Infinity;
  const given = wanted.map(() => 0);
  for (let round = 1; room > 0; round++) {
    let any = false;
    for (let i = 0; i < wanted.length && room > 0; i++) {
      if (wanted[i] < round) continue;
      given[i]++;
      room--;
      any = true;
    }
    if (!any) break;
  }
  return given;
}
