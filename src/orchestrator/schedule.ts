// The order in which (benchmark, fork) jobs run. Round-robin across benchmarks — fork 0
// of every benchmark, then fork 1 of every benchmark, … — so slow drift of the machine
// (thermal state, background load) hits every benchmark alike instead of biasing the
// ones measured last.

export interface Job<B> {
  benchmark: B;
  forkIndex: number;
}

export function roundRobin<B>(benchmarks: readonly B[], forks: number): Job<B>[] {
  const jobs: Job<B>[] = [];
  for (let f = 0; f < forks; f++) for (const b of benchmarks) jobs.push({ benchmark: b, forkIndex: f });
  return jobs;
}

/** A/A mode: each benchmark appears as two independent arms, interleaved fork by fork. */
export function interleavedArms<B>(benchmarks: readonly B[], forks: number): Job<{ benchmark: B; arm: 0 | 1 }>[] {
  const jobs: Job<{ benchmark: B; arm: 0 | 1 }>[] = [];
  for (let f = 0; f < forks; f++) {
    for (const b of benchmarks) {
      // Alternate which arm goes first so neither arm is always measured second.
      const order: (0 | 1)[] = f % 2 === 0 ? [0, 1] : [1, 0];
      for (const arm of order) jobs.push({ benchmark: { benchmark: b, arm }, forkIndex: f });
    }
  }
  return jobs;
}

/** Deterministic per-fork environment padding (0..4095 bytes) for --aslr randomize. */
export function envPadding(seed: number, forkIndex: number): number {
  let x = (seed ^ Math.imul(forkIndex + 1, 0x9e3779b1)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b) >>> 0;
  x ^= x >>> 13;
  return ((x >>> 0) % 4096) + 1;
}
