// A CounterSet whose counts come from callgrind instead of perf_event: the first read() of a
// batch switches callgrind's collection on (the last thing before the loop), the second switches
// it off at once, dumps the counts (callgrind zeroes them on a dump) and adds the dump's totals to
// cumulative sums, so engine/batch.ts takes deltas exactly as for hardware counters. Only the
// calling (JS) thread's collection is switched: threads start with --collect-atstart=no and
// callgrind keeps the collection state per thread, so V8's helper threads are not counted.
import { readFileSync, rmSync } from 'node:fs';
import type { CounterEventAvailability, CounterSet, Simulation } from '../platform/types.js';
import { parseCallgrindDump } from './callgrind-dump.js';
import { eventValue, simulatedEvents, type SimulatedEventSpec, type SimulationChoice } from './events.js';

export class CallgrindCounterSet implements CounterSet {
  readonly events: CounterEventAvailability[] = [];
  readonly active;
  readonly excludeKernel = false;
  private readonly specs: SimulatedEventSpec[];
  private readonly sums: number[];
  /** The simulated cache geometry, from the first dump (empty without cache simulation). */
  caches: string[] = [];
  private collecting = false;
  private dumps = 0;
  private reads = 0;

  constructor(
    private readonly simulation: Simulation,
    /** The --callgrind-out-file the worker was started with; dump n is written to `<outFile>.<n>`. */
    private readonly outFile: string,
    private readonly choice: SimulationChoice,
  ) {
    this.specs = simulatedEvents(choice);
    this.active = this.specs.map((s) => s.name);
    this.sums = this.specs.map(() => 0);
  }

  /**
   * Starts callgrind's instrumentation (the worker runs uninstrumented until here): call it after
   * loading and set-up, before warm-up, so every translation of the kernel's code is instrumented.
   */
  instrument(): void {
    this.simulation.startInstrumentation();
  }

  enable(): void {}
  disable(): void {
    if (this.collecting) this.simulation.toggleCollect();
    this.collecting = false;
  }
  reset(): void {
    this.sums.fill(0);
  }

  read(out: Float64Array): void {
    if (!this.collecting) {
      // A full GC first (the worker runs with --expose-gc): V8 otherwise finishes incremental
      // marking started by this class's own allocations at the loop's interrupt checks inside the
      // batch, seen as ~4,000 extra instructions in every other batch.
      (globalThis as { gc?: () => void }).gc?.();
      this.write(out);
      this.collecting = true;
      this.simulation.toggleCollect();
      return;
    }
    this.simulation.toggleCollect();
    this.collecting = false;
    this.simulation.dumpStats('cyclebench batch');
    const file = `${this.outFile}.${++this.dumps}`;
    const dump = parseCallgrindDump(readFileSync(file, 'utf8'));
    rmSync(file, { force: true });
    // Callgrind writes the cache geometry into every dump, simulated or not: kept only when it is.
    if (this.dumps === 1 && this.choice.cache) this.caches = dump.caches;
    this.specs.forEach((spec, i) => (this.sums[i] += eventValue(spec, dump.events, dump.totals)));
    this.write(out);
  }

  close(): void {
    this.disable();
  }

  /** Cumulative sums; enabled and running advance together (a simulated count is never multiplexed). */
  private write(out: Float64Array): void {
    this.reads++;
    this.sums.forEach((v, i) => {
      out[3 * i] = v;
      out[3 * i + 1] = this.reads;
      out[3 * i + 2] = this.reads;
    });
  }
}
