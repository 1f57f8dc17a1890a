// bench-node's managed timer: `suite.add(name, (timer) => { set-up; timer.start(); for (let i = 0;
// i < timer.count; i++) work(); timer.end(timer.count); })`. The benchmark times part of each
// call by hand, so its set-up stays outside the timed region. It maps onto cyclebench's manually
// timed kernel (src/engine/manual.ts, the one node:bench files use): one call is one sample,
// `timer.start()`/`timer.end(n)` read cyclebench's clock around the region, and the sample's
// operations are the `n` given to end() (`timer.count` when none).
//
// bench-node chooses `timer.count` itself; here it starts at 1 and doubles after each warm-up
// call whose timed region took less than MIN_SAMPLE_NS, so a sample is long enough for the clock
// (its read costs tens of ns) and the count stays fixed once sampling starts. The analysis is the
// manual kernel's: the mean time per operation in each process, then an interval over processes
// (src/analysis/manual.ts).
import type { BenchFn } from '../api/types.js';
import type { ManualContext, ManualSpec } from '../engine/manual-context.js';

/** The shortest timed region a warm-up call may have before the count stops doubling: 1 ms. */
const MIN_SAMPLE_NS = 1e6;
/** The most operations one sample asks for. */
const MAX_COUNT = 2 ** 30;
/** The most measured calls per process (the time budget, `--time`, usually ends sampling first). */
const SAMPLES = 100;

interface ManagedTimer {
  readonly count: number;
  start(): void;
  end(operations?: number): void;
}

export function managedTimerBench(name: string, fn: (timer: ManagedTimer) => unknown): BenchFn {
  let count = 1;
  const call = async (context: ManualContext): Promise<void> => {
    const n = count;
    let ns = Infinity;
    const timer: ManagedTimer = {
      count: n,
      start: () => context.start(),
      end: (operations?: number) => {
        ns = Number(context.end(operations ?? n).duration_ns);
      },
    };
    await fn(timer);
    if (context.phase === 'warmup' && ns < MIN_SAMPLE_NS && count < MAX_COUNT) count *= 2;
  };
  const manual: ManualSpec = {
    fn: call,
    name,
    params: {},
    samples: SAMPLES,
    warmup: 0,
    timeoutMs: Infinity,
  };
  // `fn` is never called for a manual kernel (src/engine/kernel.ts): `manual.fn` is, once per sample.
  return { fn: call as (state: unknown) => unknown, manual };
}
