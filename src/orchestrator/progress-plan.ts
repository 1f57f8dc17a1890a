// What a run has done and at most still has to do, for its progress line (progress.ts). The
// total is the planned maximum, stated before the first step: every benchmark's most processes
// (or pairs, in a paired run), from the same limits its scheduler uses. It never grows: a
// benchmark that stops early (its processes agree, its verdict is settled, it failed) lowers
// its own maximum to what it ran, so the total counts down to the steps actually run.
//
// The ETA is the time per step so far times the steps left at most, so it is an estimate of the
// longest the run can still take (every benchmark running its maximum), not a promise:
//   - m, the mean time per finished step (elapsed at the last finish / steps finished), raised to
//     elapsed now / (finished + 1) when the running step is already longer than that mean; failed
//     steps and their time are left out once a step has succeeded (a failure in 50 ms says
//     nothing of how long a measured process takes);
//   - ETA = what the running step has left of m (at least 0) + m for every other step left;
//   - with a run budget (--budget), the ETA is at most what is left of it, or the time the steps
//     that run whatever the budget still take at m, if that is longer: all that is left of a
//     settled benchmark (an exact count, or one already sized to the budget) and the `least` of
//     the others; the run stops adding steps when the budget is spent;
//   - a rise is clamped: an update never shows more than RISE_CAP times the previous ETA, so a
//     slow step or a revised mean moves the figure up gradually instead of jumping back (a
//     previous 0 clamps nothing).
// Times are read from a monotonic clock.
// Hand-written rather than a progress-bar package (cli-progress and the like): those count to a
// fixed total and take the ETA from the latest rate, without a maximum that shrinks or a cap on rises.

/** An update never shows an ETA more than this times the previous one. */
export const RISE_CAP = 1.2;

/** Time and a repeating timer, injected so tests run on a fake clock. */
export interface ProgressClock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

export const systemClock: ProgressClock = {
  // Monotonic: a wall clock stepped back (NTP, a resumed VM) would make the elapsed time negative.
  now: () => performance.now(),
  every(ms, tick) {
    const t = setInterval(tick, ms);
    t.unref(); // a progress timer never keeps the process alive
    return () => clearInterval(t);
  },
};

export type StepUnit = 'processes' | 'pairs';

export interface ProgressSnapshot {
  done: number;
  /** The most steps the run takes (exact once every benchmark is settled). */
  total: number;
  /** True while `total` is still a maximum: some benchmark may stop before its last step. */
  upTo: boolean;
  unit: StepUnit;
  /** What runs now (a benchmark's name, maybe with its side); '' when nothing does. */
  current: string;
  elapsedMs: number;
  /** null before the first step finishes. */
  etaMs: number | null;
}

interface Unit {
  max: number;
  /** Steps it runs whatever the budget (its planned processes, a paired benchmark's first look). */
  least: number;
  done: number;
  settled: boolean;
}

export class ProgressPlan {
  private readonly units = new Map<unknown, Unit>();
  private done = 0;
  private started: number | null = null;
  private lastFinish = 0;
  private lastEta: number | null = null;
  /** Steps that failed, and the time they took: a failure in a few ms says nothing of a step's time. */
  private failedSteps = 0;
  /** Set by aside(): work outside the counted steps runs. */
  private outside = false;
  /** The unit whose step runs now (undefined between steps). */
  private running: unknown = undefined;
  private failedMs = 0;
  private current = '';
  private budget: { leftMs(): number } | null = null;
  /** Told after every change (a step begun, finished, a maximum lowered). */
  onChange: () => void = () => {};

  constructor(
    readonly unit: StepUnit,
    private readonly clock: ProgressClock = systemClock,
  ) {}

  /**
   * States that `key` runs at most `max` steps (`exact`: that many unless it fails). Only before the
   * first step: the total never grows.
   */
  plan(key: unknown, max: number, exact = false, least = max): void {
    if (this.started !== null) throw new Error('progress: every maximum is stated before the first step');
    if (this.units.has(key)) throw new Error('progress: a benchmark is planned once');
    this.units.set(key, { max, least: Math.min(least, max), done: 0, settled: exact });
  }

  /** The run's budget (src/orchestrator/budget.ts): the ETA does not run past it but for the steps every benchmark runs. */
  bound(budget: { leftMs(): number }): void {
    this.budget = budget;
  }

  /** A step of `key` starts; `label` is shown as what runs. */
  begin(key: unknown, label: string): void {
    this.unitOf(key);
    this.running = key;
    this.outside = false;
    if (this.started === null) this.started = this.lastFinish = this.clock.now();
    this.current = label;
    this.onChange();
  }

  /**
   * A step of `key` finished. A failed step counts as done, but its time is left out of the time
   * per step: a benchmark that fails at once would otherwise make every other step look short.
   */
  finished(key: unknown, failed = false): void {
    const u = this.unitOf(key);
    u.done++;
    if (this.running === key) this.running = undefined;
    // Only a scheduler that ran past the limit it stated gets here: the count stays true.
    u.max = Math.max(u.max, u.done);
    this.done++;
    const now = this.clock.now();
    if (failed) {
      this.failedSteps++;
      this.failedMs += now - this.lastFinish;
    }
    this.lastFinish = now;
    this.onChange();
  }

  /** `key` runs `count` steps in all (at most its maximum, at least what it ran). */
  settle(key: unknown, count: number = this.unitOf(key).done): void {
    const u = this.unitOf(key);
    u.max = Math.min(u.max, Math.max(count, u.done));
    u.settled = true;
    this.onChange();
  }

  /**
   * Work outside the counted steps runs (a profiled process after the measured ones): shown as what
   * runs, with no ETA, as the steps' times say nothing of it.
   */
  aside(label: string): void {
    this.current = label;
    this.outside = true;
    this.onChange();
  }

  /** Whether a step has begun. */
  get begun(): boolean {
    return this.started !== null;
  }

  /** The state now; each call is one update of the ETA (its rise is clamped against the last call's). */
  snapshot(): ProgressSnapshot {
    const now = this.clock.now();
    let total = 0;
    let upTo = false;
    for (const u of this.units.values()) {
      total += u.max;
      if (!u.settled && u.done < u.max) upTo = true;
    }
    const elapsedMs = this.started === null ? 0 : now - this.started;
    return {
      done: this.done,
      total,
      upTo,
      unit: this.unit,
      current: this.current,
      elapsedMs,
      etaMs: this.eta(now, total - this.done),
    };
  }

  private eta(now: number, left: number): number | null {
    if (this.started === null || this.done === 0 || this.outside) return null;
    if (left <= 0) return (this.lastEta = 0);
    // Until a step has succeeded, the failed ones are all there is to go by.
    const measured = this.done - this.failedSteps;
    const failed = measured > 0 ? this.failedMs : 0;
    const steps = measured > 0 ? measured : this.done;
    const running = now - this.lastFinish;
    const mean = Math.max(
      (this.lastFinish - this.started - failed) / steps,
      (now - this.started - failed) / (steps + 1),
    );
    let raw = Math.max(mean - running, 0) + (left - 1) * mean;
    if (this.budget) {
      // Steps that run whatever the budget: all that is left of a settled benchmark (its count is
      // decided: exact, or already sized to the budget), and the least of any other.
      // The running step is one of them when its benchmark has such steps left: it then counts
      // for what it has left of m, not a whole m.
      let least = 0;
      let runningAmong = false;
      for (const [key, u] of this.units) {
        const n = Math.max(0, (u.settled ? u.max : u.least) - u.done);
        least += n;
        if (key === this.running && n > 0) runningAmong = true;
      }
      const floor = runningAmong ? (least - 1) * mean + Math.max(mean - running, 0) : least * mean;
      raw = Math.min(raw, Math.max(this.budget.leftMs(), floor));
    }
    // The cap holds rises against the last figure shown; a last figure of 0 (a run that had seemed
    // over) holds nothing, or it would hold every later figure at 0.
    const eta = this.lastEta === null || this.lastEta === 0 ? raw : Math.min(raw, this.lastEta * RISE_CAP);
    return (this.lastEta = eta);
  }

  private unitOf(key: unknown): Unit {
    const u = this.units.get(key);
    if (!u) throw new Error('progress: a step of a benchmark that was not planned');
    return u;
  }
}
