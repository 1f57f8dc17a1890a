// Synthetic ForkResults with a known per-iteration cost, fixed overhead and seeded noise.
import type { Batch, ForkResult } from '../../src/results/schema.js';
import { createRng } from '../../src/statistics/rng.js';
import { normalQuantile } from '../../src/statistics/normal.js';

export interface SynthOptions {
  costNs: number;
  overheadNs: number;
  /** Relative sd of per-batch multiplicative noise. */
  noise?: number;
  /** Relative shift of this process's cost (between-process variation). */
  processShift?: number;
  /** Batch sizes i·unit for i = 1..k (shuffled). */
  k?: number;
  unit?: number;
  /** Rounds over the k sizes. */
  rounds?: number;
  seed?: number;
  index?: number;
  /** Mutate a batch after it is built (contamination, outliers, modes). */
  tweak?: (b: Batch, i: number) => void;
}

/** A batch of `iterations` that took `ns`, with nothing contaminating it. */
export function cleanBatch(iterations: number, ns: number): Batch {
  return { iterations, ticks: ns, ns, cpuStart: 0, cpuEnd: 0, gc: 0, contextSwitches: 0, migrations: 0, pageFaults: 0 };
}

export function gaussian(rng: { next(): number }): number {
  return normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, rng.next())));
}

export function makeFork(o: SynthOptions): ForkResult {
  const rng = createRng(o.seed ?? 1);
  const k = o.k ?? 20;
  const unit = o.unit ?? 100;
  const cost = o.costNs * (1 + (o.processShift ?? 0));
  const batches: Batch[] = [];
  for (let r = 0; r < (o.rounds ?? 2); r++) {
    const sizes = Array.from({ length: k }, (_, i) => (i + 1) * unit);
    for (let i = sizes.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [sizes[i], sizes[j]] = [sizes[j], sizes[i]];
    }
    for (const n of sizes) {
      const ns = o.overheadNs + cost * n * (1 + (o.noise ?? 0.01) * gaussian(rng));
      batches.push({ ...cleanBatch(n, ns), ticks: ns * 3 });
    }
  }
  batches.forEach((b, i) => o.tweak?.(b, i));
  return {
    index: o.index ?? 0,
    pid: 1000 + (o.index ?? 0),
    clockHz: 3e9,
    clockSource: 'synthetic',
    warmup: { outcome: 'steady', batches: 10, iterations: 1000, durationNs: 1e6, estimateNs: o.costNs },
    unit,
    batches,
    stop: 'target-ci',
    checksum: 'abc',
    conditions: { cpu: [0], aslr: 'on', mlock: false, envPadding: 0 },
    warnings: [],
  };
}

/** `forks` processes whose costs vary by `between` (relative sd), seeded. */
export function makeForks(n: number, o: SynthOptions & { between?: number }): ForkResult[] {
  const rng = createRng((o.seed ?? 1) * 7919);
  return Array.from({ length: n }, (_, i) =>
    makeFork({ ...o, index: i, seed: (o.seed ?? 1) * 1000 + i, processShift: (o.between ?? 0) * gaussian(rng) }),
  );
}
